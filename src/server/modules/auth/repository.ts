import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { users } from '@/server/db/schema';

export type NewUser = { username: string; firstName: string; lastName: string; email: string; password: string };
export type Role = 'shopper' | 'operator';
export type PublicUser = { username: string; firstName: string; lastName: string; email: string; role: Role };

/** OWASP's argon2id baseline (19 MiB, 2 passes); @node-rs/argon2 defaults to argon2id. */
const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A real hash to verify against when the email is unknown, so response time does not reveal which emails exist. */
let decoyHash: Promise<string> | null = null;

const toPublic = (row: typeof users.$inferSelect): PublicUser => ({
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: row.role,
});

export function createUserRepository(db: Database) {
  return {
    /** Returns null (and creates nothing) when the email or username is taken, case-insensitively. */
    async create(input: NewUser): Promise<{ user: PublicUser } | { taken: 'email' | 'username' }> {
      const taken = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.email}) or lower(${users.username}) = lower(${input.username})`)
        .limit(1);
      const clash = taken[0];
      if (clash) return { taken: clash.email.toLowerCase() === input.email.toLowerCase() ? 'email' : 'username' };
      const passwordHash = await hash(input.password, HASH_OPTIONS);
      try {
        const [row] = await db
          .insert(users)
          .values({ username: input.username, firstName: input.firstName, lastName: input.lastName, email: input.email, passwordHash })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { user: toPublic(row) };
      } catch (error) {
        // Two sign-ups racing for the same email: the unique index decides.
        if (String((error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string }).code) === '23505') {
          return { taken: 'email' };
        }
        throw error;
      }
    },

    async verifyCredentials(email: string, password: string): Promise<number | null> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      if (!row) {
        decoyHash ??= hash('decoy-password', HASH_OPTIONS);
        await verify(await decoyHash, password);
        return null;
      }
      return (await verify(row.passwordHash, password)) ? row.id : null;
    },

    async findById(id: number): Promise<PublicUser | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ? toPublic(row) : null;
    },

    async findByEmail(email: string): Promise<(PublicUser & { id: number }) | null> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).limit(1);
      return row ? { id: row.id, ...toPublic(row) } : null;
    },

    /** Sets a user's role; answers the user as it was before (null: no such account). */
    async setRole(email: string, role: Role): Promise<(PublicUser & { id: number }) | null> {
      const before = await this.findByEmail(email);
      if (!before) return null;
      await db.update(users).set({ role }).where(eq(users.id, before.id));
      return before;
    },

    async passwordHashOf(email: string): Promise<string | null> {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row?.passwordHash ?? null;
    },
  };
}
