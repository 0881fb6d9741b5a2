/**
 * Sign-in protection after OWASP's Authentication Cheat Sheet ("account lockout" and "login throttling"):
 *
 * - per account: after `failuresBeforeLock` failed sign-ins for one e-mail (from any address), the account is
 *   locked for 30 s, then each further failure doubles the lock (1 min, 2 min … at most 15 min). A success
 *   clears the count; the count forgets failures after 15 min without another. Locking answers before the
 *   password is checked, so guessing goes no faster from many addresses. The e-mail need not exist: an
 *   unknown address is throttled the same, so the lock tells nothing about which accounts exist.
 * - per address: at most `addressFailuresMax` failed sign-ins per 15 min from one client address. Set high
 *   (default 100) because most Indian mobile shoppers share carrier-grade NAT addresses: a busy address of
 *   honest shoppers who mistype now and then must not be locked out, one address guessing fast is.
 *
 * Counters live in Redis when it is configured (shared by every instance, kept across restarts), otherwise
 * in this process's memory. If Redis fails, sign-in is not blocked by it: availability over throttling, and
 * the failure is logged (readiness reports Redis down, so the operator sees it).
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export const FAILURE_MEMORY_SECONDS = 15 * 60;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: 'account' | 'address' };

export type LoginThrottle = {
  check(email: string, address: string): Promise<ThrottleVerdict>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string): Promise<void>;
};

export type LoginThrottleOptions = { failuresBeforeLock: number; addressFailuresMax: number; onError?: (error: unknown) => void };

/** Seconds an account is locked after its `failures`-th failure (0 below the threshold). */
export function lockSeconds(failures: number, failuresBeforeLock: number): number {
  if (failures < failuresBeforeLock) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** (failures - failuresBeforeLock));
}

const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

export function createLoginThrottle(redis: Redis | null, options: LoginThrottleOptions): LoginThrottle {
  return redis ? redisThrottle(redis, options) : memoryThrottle(options);
}

function redisThrottle(redis: Redis, options: LoginThrottleOptions): LoginThrottle {
  const keys = (email: string) => ({ failures: `login:fail:${accountKey(email)}`, lock: `login:lock:${accountKey(email)}` });
  const addressKey = (address: string) => `login:addr:${address}`;
  const safely = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      options.onError?.(error);
      return fallback;
    }
  };
  return {
    check: (email, address) =>
      safely(async (): Promise<ThrottleVerdict> => {
        const [[, lockMs], [, addressFailures], [, addressMs]] = (await redis
          .multi()
          .pttl(keys(email).lock)
          .get(addressKey(address))
          .pttl(addressKey(address))
          .exec()) as [[unknown, number], [unknown, string | null], [unknown, number]];
        if (lockMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(lockMs / 1000), scope: 'account' };
        if (Number(addressFailures ?? 0) >= options.addressFailuresMax && addressMs > 0) {
          return { allowed: false, retryAfterSeconds: Math.ceil(addressMs / 1000), scope: 'address' };
        }
        return { allowed: true };
      }, { allowed: true }),
    failed: (email, address) =>
      safely(async () => {
        const { failures, lock } = keys(email);
        const results = await redis
          .multi()
          .incr(failures)
          .expire(failures, FAILURE_MEMORY_SECONDS)
          .incr(addressKey(address))
          // The address window starts with its first failure and is not extended by later ones.
          .expire(addressKey(address), FAILURE_MEMORY_SECONDS, 'NX')
          .exec();
        const count = Number(results?.[0]?.[1] ?? 0);
        const seconds = lockSeconds(count, options.failuresBeforeLock);
        if (seconds > 0) await redis.set(lock, '1', 'EX', seconds);
      }, undefined),
    succeeded: (email) =>
      safely(async () => {
        await redis.del(keys(email).failures, keys(email).lock);
      }, undefined),
  };
}

function memoryThrottle(options: LoginThrottleOptions): LoginThrottle {
  type Entry = { count: number; expiresAt: number; lockedUntil: number };
  const accounts = new Map<string, Entry>();
  const addresses = new Map<string, Entry>();
  const live = (map: Map<string, Entry>, key: string, now: number) => {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= now && entry.lockedUntil <= now) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = (now: number) => {
    // Bounded memory under a spray of e-mails or addresses: forget what has expired.
    for (const map of [accounts, addresses]) {
      if (map.size < 10_000) continue;
      for (const [key, entry] of map) if (entry.expiresAt <= now && entry.lockedUntil <= now) map.delete(key);
    }
  };
  return {
    async check(email, address) {
      const now = Date.now();
      const account = live(accounts, accountKey(email), now);
      if (account && account.lockedUntil > now) return { allowed: false, retryAfterSeconds: Math.ceil((account.lockedUntil - now) / 1000), scope: 'account' };
      const fromAddress = live(addresses, address, now);
      if (fromAddress && fromAddress.count >= options.addressFailuresMax) {
        return { allowed: false, retryAfterSeconds: Math.ceil((fromAddress.expiresAt - now) / 1000), scope: 'address' };
      }
      return { allowed: true };
    },
    async failed(email, address) {
      const now = Date.now();
      sweep(now);
      const key = accountKey(email);
      const account = live(accounts, key, now) ?? { count: 0, expiresAt: 0, lockedUntil: 0 };
      account.count += 1;
      account.expiresAt = now + FAILURE_MEMORY_SECONDS * 1000;
      const seconds = lockSeconds(account.count, options.failuresBeforeLock);
      if (seconds > 0) account.lockedUntil = now + seconds * 1000;
      accounts.set(key, account);
      const fromAddress = live(addresses, address, now) ?? { count: 0, expiresAt: now + FAILURE_MEMORY_SECONDS * 1000, lockedUntil: 0 };
      fromAddress.count += 1;
      addresses.set(address, fromAddress);
    },
    async succeeded(email) {
      accounts.delete(accountKey(email));
    },
  };
}

export function throttleMessage(verdict: Extract<ThrottleVerdict, { allowed: false }>): string {
  const wait = verdict.retryAfterSeconds >= 90 ? `${Math.ceil(verdict.retryAfterSeconds / 60)} minutes` : `${verdict.retryAfterSeconds} seconds`;
  return verdict.scope === 'account'
    ? `Too many failed sign-in attempts for this account: try again in ${wait}`
    : `Too many failed sign-in attempts from this network: try again in ${wait}`;
}
