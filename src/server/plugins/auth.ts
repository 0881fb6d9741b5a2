import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '@/server/db/schema';
import { HttpError, unauthorized } from '@/server/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    issueToken: (userId: number) => Promise<string>;
    /** preHandler for routes that need a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler for operator routes (the console's API): 401 signed out, 403 for a shopper. The role is read
     * from the database on every request, so a demotion takes effect at once (tokens carry no role).
     */
    requireOperator: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    userId: number | null;
  }
}


/** The signed-in user's id; only call it in routes guarded by `requireUser`. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized();
  return request.userId;
}

/**
 * JWT_SECRET wins; otherwise a secret is generated once and kept in the data directory, so tokens survive
 * restarts without a secret ever being committed. Several instances must share JWT_SECRET.
 */
export function loadJwtSecret(options: { jwtSecret?: string | undefined; dataDir: string }): Uint8Array {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  const file = path.join(options.dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch {
    mkdirSync(options.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process wrote it first: use theirs.
      return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    }
    return new TextEncoder().encode(secret);
  }
}

export const authPlugin = fp<{ secret: Uint8Array; ttl: string }>(async (app: FastifyInstance, options) => {
  const { secret, ttl } = options;

  app.decorate('issueToken', (userId: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(ttl)
      .sign(secret),
  );

  app.decorateRequest('userId', null);

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Not authenticated');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed authorization header');
    try {
      const { payload } = await jwtVerify(match[1], secret, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || id <= 0) throw unauthorized('Invalid token');
      request.userId = id;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('Token has expired');
      throw unauthorized('Invalid token');
    }
  });

  app.decorate('requireOperator', async (request: FastifyRequest) => {
    await app.requireUser(request);
    const [row] = await app.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, request.userId as number));
    if (!row) throw unauthorized('Account no longer exists');
    if (row.role !== 'operator') throw new HttpError(403, 'Operators only: this needs the operator role');
  });
});
