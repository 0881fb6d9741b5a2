import { z } from 'zod';

const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL: z.string().default('7d'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Sign-in and sign-up requests per minute per address: high enough for a carrier-grade NAT (README: rate limits). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  /** Failed sign-ins per account before it is locked for a growing delay (OWASP; README: rate limits). */
  LOGIN_FAILURES_BEFORE_LOCK: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins per 15 minutes from one address before it must wait (high: carrier-grade NAT). */
  LOGIN_ADDRESS_FAILURES_MAX: z.coerce.number().int().positive().default(100),
  /** Redis for shared rate limits and sign-in lockouts across instances (e.g. redis://127.0.0.1:6379/0). */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key this instance writes (several deployments or tests may share one Redis). */
  REDIS_PREFIX: z.string().default('bachat:'),
  /** Click-outs (`/go/{offerId}`) per client address per minute; a shopper never clicks this often. */
  GO_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  FEEDS_SCHEDULE: booleanFlag.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bachat <alerts@bachat.local>'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  /** Set behind a load balancer so rate limits and logs see the client address. */
  TRUST_PROXY: booleanFlag.default(false),
  /** Run job handlers in this process (`off` on web-only instances when `npm run worker` processes run the jobs). */
  JOBS_WORKER: booleanFlag.default(true),
  /** Seconds an alert e-mail may take before another instance takes it over (its sender is presumed dead). */
  EMAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  /** First retry delay of a failed alert e-mail, doubled on each further attempt. */
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** How often the queue looks for jobs of dead instances (and archives old jobs). */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Bearer token for GET /metrics (Prometheus); /metrics is not served without it. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** `npm run worker` only: serve GET /health and GET /ready on this port (for the orchestrator's checks). */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** On SIGTERM, how long requests in flight and running jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(25),
  /** Serve the web app's source maps (/assets/*.map) to browsers; off in production unless asked for. */
  SOURCE_MAPS: booleanFlag.default(false),
  /** Where the built web app is; the API alone runs without it. */
  WEB_DIST: z.string().default('./dist/web'),
});

export type AppConfig = z.infer<typeof envSchema>;

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
