/**
 * npm run admin -- <command>
 *
 *   create-operator --email <email> [--username <name>] [--first-name <name>] [--last-name <name>] [--password-stdin]
 *       makes <email> an operator: promotes the account if it exists, otherwise creates it (with the password read
 *       from stdin, or a generated one printed once)
 *   promote --email <email>      an existing account becomes an operator
 *   demote --email <email>       an operator becomes a shopper again
 *   operators                    lists the operators
 *
 * Operators can promote others from the console (/admin → Operators). Uses DATABASE_URL (PostgreSQL) or the
 * embedded database in DATA_DIR; while the server runs on the embedded database this refuses with a clear message.
 */
import { randomBytes } from 'node:crypto';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '@/server/config';
import { DataDirLockedError, type Database } from '@/server/db/client';
import { openConfiguredDatabase } from '@/server/db/open';
import { users } from '@/server/db/schema';
import { CLI_ACTOR, recordAudit } from '@/server/modules/admin/audit';
import { createUserRepository } from '@/server/modules/auth/repository';
import { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '@/shared/auth-schemas';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: npm run admin -- <command>

  create-operator --email <email> [--username <name>] [--first-name <name>] [--last-name <name>] [--password-stdin]
  promote --email <email>
  demote --email <email>
  operators`;

export type Out = { line: (text?: string) => void; error: (text: string) => void };

function options<const T extends NonNullable<ParseArgsConfig['options']>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, options: spec, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function requireEmail(value: string | undefined): string {
  const email = value?.trim().toLowerCase();
  if (!email) throw new UsageError('--email <email> is required');
  if (!EMAIL_PATTERN.test(email)) throw new UsageError(`"${email}" is not an e-mail address`);
  return email;
}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** A username from the e-mail's local part, made unique with a number when taken. */
async function freeUsername(db: Database, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'operator').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40) || 'operator';
  for (let n = 0; n < 1000; n += 1) {
    const candidate = n === 0 ? base : `${base}${n}`;
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate)).limit(1);
    if (taken.length === 0) return candidate;
  }
  throw new UsageError('pick a --username: every variant of the e-mail name is taken');
}

export async function runAdminCommand(
  db: Database,
  argv: string[],
  io: { out: Out; stdin?: NodeJS.ReadableStream },
): Promise<number> {
  const { out } = io;
  const [command, ...args] = argv;
  const repository = createUserRepository(db);
  switch (command) {
    case 'create-operator': {
      const { values } = options(args, {
        email: { type: 'string' },
        username: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'password-stdin': { type: 'boolean' },
      });
      const email = requireEmail(values.email);
      const existing = await repository.findByEmail(email);
      if (existing) {
        if (existing.role === 'operator') {
          out.line(`${existing.email} is already an operator.`);
          return 0;
        }
        await repository.setRole(email, 'operator');
        await recordAudit(db, CLI_ACTOR, {
          action: 'user.promote',
          entityType: 'user',
          entityId: existing.id,
          summary: `Promoted ${existing.email} to operator`,
        });
        out.line(`Promoted the existing account ${existing.email} to operator.`);
        return 0;
      }
      let password: string;
      let generated = false;
      if (values['password-stdin']) {
        password = await readStdin(io.stdin ?? process.stdin);
        if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
          throw new UsageError(`the password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
        }
      } else {
        password = randomBytes(12).toString('base64url');
        generated = true;
      }
      const created = await repository.create({
        username: values.username?.trim() || (await freeUsername(db, email)),
        firstName: values['first-name']?.trim() || 'Bachat',
        lastName: values['last-name']?.trim() || 'Operator',
        email,
        password,
      });
      if ('taken' in created) throw new UsageError(`that ${created.taken} is already taken`);
      const row = await repository.setRole(email, 'operator');
      await recordAudit(db, CLI_ACTOR, {
        action: 'user.create-operator',
        entityType: 'user',
        entityId: row?.id ?? email,
        summary: `Created the operator account ${email}`,
      });
      out.line(`Created the operator ${email} (username ${created.user.username}).`);
      if (generated) out.line(`Password (shown once, change it after signing in): ${password}`);
      return 0;
    }
    case 'promote':
    case 'demote': {
      const { values } = options(args, { email: { type: 'string' } });
      const email = requireEmail(values.email);
      const role = command === 'promote' ? 'operator' : 'shopper';
      const before = await repository.setRole(email, role);
      if (!before) {
        out.error(`No account with the e-mail ${email}.${command === 'promote' ? ' Create one with: npm run admin -- create-operator --email …' : ''}`);
        return 1;
      }
      if (before.role === role) {
        out.line(`${before.email} is already ${role === 'operator' ? 'an operator' : 'a shopper'}.`);
        return 0;
      }
      await recordAudit(db, CLI_ACTOR, {
        action: `user.${command}`,
        entityType: 'user',
        entityId: before.id,
        summary: command === 'promote' ? `Promoted ${before.email} to operator` : `Demoted ${before.email} to shopper`,
      });
      out.line(command === 'promote' ? `${before.email} is now an operator.` : `${before.email} is now a shopper.`);
      return 0;
    }
    case 'operators': {
      const rows = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.role, 'operator'))
        .orderBy(asc(users.email));
      if (rows.length === 0) out.line('No operators yet: npm run admin -- create-operator --email …');
      for (const row of rows) out.line(`${row.email}  (${row.username})`);
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}

async function main(config: AppConfig, argv: string[]): Promise<number> {
  const out: Out = { line: (text = '') => process.stdout.write(`${text}\n`), error: (text) => process.stderr.write(`${text}\n`) };
  const [command] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out.line(USAGE);
    return command ? 0 : 2;
  }
  if (!['create-operator', 'promote', 'demote', 'operators'].includes(command)) throw new UsageError(`unknown command "${command}"`);
  const database = await openConfiguredDatabase(config);
  try {
    return await runAdminCommand(database.db, argv, { out });
  } finally {
    await database.close();
  }
}

const entry = process.argv[1] ?? '';
if (/admin-cli\.(ts|js|mjs)$/.test(entry)) {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  main(config, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`${error.message}\n\n${USAGE}\n`);
        process.exit(2);
      }
      if (error instanceof DataDirLockedError) {
        process.stderr.write(`${error.message}\nWhile the server runs, an operator can promote accounts in the console (/admin → Operators).\n`);
        process.exit(1);
      }
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
