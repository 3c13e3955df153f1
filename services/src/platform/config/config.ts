import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { BUSINESS_TIME_ZONE_DEFAULT, DEFAULT_DISABLE_AFTER_MS, DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '@portal/contracts';
import { z } from 'zod';

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL');
const redisUrl = z.string().refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// or rediss:// URL');
const positiveInt = z.coerce.number().int().positive();
const nonNegativeInt = z.coerce.number().int().nonnegative();

/**
 * An Ed25519 private key as PKCS#8 PEM; a one-line environment value may write its line breaks as
 * `\n`. Answers the PEM with real line breaks, or undefined when it is none.
 */
export function ed25519PrivateKeyPem(value: string): string | undefined {
  const pem = value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
  if (!pem.includes('-----BEGIN PRIVATE KEY-----')) return undefined;
  try {
    return createPrivateKey({ key: pem, format: 'pem' }).asymmetricKeyType === 'ed25519' ? pem : undefined;
  } catch {
    return undefined;
  }
}

/** Variables whose value a configuration error never repeats (it would land in a log). */
const SECRET_VARIABLES = new Set(['AUDIT_SIGNING_KEY']);

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: positiveInt.max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Which proxies in front of the api to believe about the client's address (X-Forwarded-For):
   * Express's 'trust proxy' — `loopback`, `uniquelocal`, addresses or CIDRs (comma-separated), or
   * a number of hops. Unset: none, the connection's address is the client's. Behind a balancer
   * it must be set, or every user shares the balancer's address (login limits, signature records).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(\d{1,2}|loopback|linklocal|uniquelocal|[\d.:a-fA-F/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[\d.:a-fA-F/]+))*$/, 'must be loopback, uniquelocal, linklocal, addresses/CIDRs (comma-separated) or a number of hops')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  REDIS_URL: redisUrl.optional(),
  REDIS_PREFIX: z.string().default('portal'),
  EVENTSTORE_URL: z
    .string()
    .refine((value) => /^(kurrentdb|esdb|kdb)(\+discover)?:\/\//.test(value), 'must be a kurrentdb:// or esdb:// connection string')
    .optional(),
  MAIL_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Distribution Portal <no-reply@portal.local>'),
  DATA_DIR: z.string().default('.data'),
  PROJECTION_BATCH_SIZE: positiveInt.max(50_000).default(1000),
  /** Pause after each projection batch; only for fault tests that must catch the worker mid catch-up. */
  PROJECTION_BATCH_DELAY_MS: nonNegativeInt.default(0),
  /** Pause between a projection batch's commit and its live push; only for fault tests that must kill the worker in between. */
  LIVE_PUBLISH_DELAY_MS: nonNegativeInt.max(60_000).default(0),
  /** Pause after each page an export writes; only for fault tests that must kill the worker mid-file. */
  EXPORT_PAGE_DELAY_MS: nonNegativeInt.max(60_000).default(0),
  /**
   * How long a worker's hold on a job lasts without renewal (BullMQ's lock, renewed at half of it):
   * a job whose worker died is given to another worker this long after, at most twice that.
   */
  JOB_LOCK_MS: positiveInt.min(1000).max(600_000).default(30_000),
  READ_YOUR_WRITES_TIMEOUT_MS: nonNegativeInt.default(2000),
  SEED_ON_EMPTY: z.enum(['true', 'false']).default('true'),
  /** Devices the demo seed makes (through the inventory commands, in the background); 0 for the organisation only. */
  SEED_DEVICES: nonNegativeInt.max(2_000_000).default(20_000),
  /** Where users open the console: links in e-mails point here. Default http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** How long an export call waits for a small file before answering "being prepared" (0: always answer at once). */
  EXPORT_WAIT_MS: nonNegativeInt.max(10_000).default(1000),
  /** Finished exports go to this S3-compatible bucket when set; else to DATA_DIR/exports. Credentials: the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, ...). */
  EXPORT_S3_BUCKET: z.string().optional(),
  /** An S3-compatible endpoint (MinIO, R2, ...); path-style addressing is used when set. */
  EXPORT_S3_ENDPOINT: z.url().optional(),
  EXPORT_S3_REGION: z.string().default('us-east-1'),
  EXPORT_S3_PREFIX: z.string().default('exports/'),
  /** How often each live socket's session is checked again (revoked, expired, user disabled → disconnected); logout and password changes end sockets at once. */
  SOCKET_RECHECK_MS: positiveInt.min(100).max(3_600_000).default(60_000),
  /** A device order waiting this many hours on one approver gets a reminder to them (docs/ORDERS.md). */
  ORDER_REMINDER_HOURS: positiveInt.max(24 * 365).default(48),
  /** How often the worker looks for device orders to remind. */
  ORDER_REMINDER_EVERY_MINUTES: positiveInt.max(24 * 60).default(60),
  /** An HTTP SMS provider (POST JSON { to, text }); unset: texts are written to DATA_DIR/sms-outbox. */
  SMS_URL: z.url().optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  /** The key candidates' SSNs are encrypted with (32 bytes, base64); unset: derived from the signing secret (docs/ONBOARDING.md). */
  SSN_ENCRYPTION_KEY: z.string().min(40).optional(),
  /** How long an invite's link works before the candidate completes their profile (then Expired, 20). */
  ONBOARDING_INVITE_DAYS: positiveInt.max(365).default(14),
  /** How often the worker expires invites whose window has passed. */
  ONBOARDING_EXPIRY_EVERY_MINUTES: positiveInt.max(24 * 60).default(15),
  /** The Help centre's Email Us and Call Us cards (doc 3 §2 "{email}", "{phone}"); support requests are mailed to SUPPORT_EMAIL. */
  SUPPORT_EMAIL: z.string().trim().email().default('support@portal.local'),
  SUPPORT_PHONE: z.string().trim().min(1).max(40).default('(800) 555-0142'),
  /** Where RMA boxes ship to (the returns desk): the shipping label's "to" block, one line each. */
  RMA_RETURNS_NAME: z.string().min(1).default('Returns Desk'),
  RMA_RETURNS_ADDRESS: z.string().min(1).default('1200 Distribution Way'),
  RMA_RETURNS_CITY: z.string().min(1).default('Fort Worth'),
  RMA_RETURNS_STATE: z.string().min(1).default('TX'),
  RMA_RETURNS_ZIP: z.string().min(1).default('76177'),
  /** The business's time zone (IANA name): days, device ages and "sold in the last 30 days" are counted in it (DESIGN.md §11). */
  BUSINESS_TIME_ZONE: z
    .string()
    .refine((value) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Chicago')
    .default(BUSINESS_TIME_ZONE_DEFAULT),
  /** The key audit checkpoints are signed with (docs/AUDIT.md): a PKCS#8 PEM of an Ed25519 private key; unset: one generated once under DATA_DIR/audit. */
  AUDIT_SIGNING_KEY: z
    .string()
    .transform((value, context) => {
      const pem = ed25519PrivateKeyPem(value);
      if (pem === undefined) {
        context.addIssue({ code: 'custom', message: 'must be a PKCS#8 PEM of an Ed25519 private key (openssl genpkey -algorithm ed25519)' });
        return z.NEVER;
      }
      return pem;
    })
    .optional(),
  /** Where each signed checkpoint's file is written; default DATA_DIR/audit/checkpoints. */
  AUDIT_CHECKPOINT_DIR: z.string().optional(),
  /** How often the worker records a signed checkpoint when events were appended since the last (0: never; `npm run audit:checkpoint` still does). */
  AUDIT_CHECKPOINT_INTERVAL_MS: nonNegativeInt
    .max(366 * 86_400_000)
    .refine((value) => value === 0 || value >= 1000, 'must be 0 (off) or at least 1000')
    .default(86_400_000),
  /** Delays between a webhook delivery's tries (docs/SUBSCRIPTIONS.md): `<whole number><ms|s|m|h|d>`, comma-separated; spent: the delivery is given up. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .refine((value) => parseRetrySchedule(value) !== undefined, 'must be delays such as 30s,2m,10m,1h (ms, s, m, h or d; at most 50, each at most 30d)')
    .default(DEFAULT_RETRY_SCHEDULE),
  /** An endpoint whose deliveries have all failed for this long is disabled until its owner enables it. */
  WEBHOOK_DISABLE_AFTER_MS: positiveInt.max(366 * 86_400_000).default(DEFAULT_DISABLE_AFTER_MS),
  /** How long a receiver may take to answer one delivery. */
  WEBHOOK_TIMEOUT_MS: positiveInt.min(100).max(120_000).default(15_000),
  /** How often the worker looks for deliveries that fell due (besides each time the feed moves). */
  WEBHOOK_POLL_MS: positiveInt.min(10).max(60_000).default(1000),
  /** How long the delivery log keeps a delivered or given-up delivery (the events stay in the store: a replay reaches back any distance). */
  WEBHOOK_LOG_DAYS: positiveInt.max(3650).default(30),
  /**
   * Whether webhooks may be aimed at this machine or a private network (loopback, private, link-local,
   * unique-local, …: docs/SUBSCRIPTIONS.md): production leaves it unset; tests and a local receiver
   * (docs/webhook-receiver.mjs on localhost) set it to true.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false'),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Environment {
  /** Absolute directory for embedded data, outbox mail and local files. */
  readonly dataDirectory: string;
  readonly embedded: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once, at start-up; every bad variable is named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const got = SECRET_VARIABLES.has(name) ? 'a value not shown' : JSON.stringify(present[name] ?? null);
        return `${issue.path.join('.') || '(environment)'}: ${issue.message} (got ${got})`;
      }),
    );
  }
  const values = parsed.data;
  return {
    ...values,
    dataDirectory: path.resolve(values.DATA_DIR),
    embedded: values.DATABASE_URL === undefined,
  };
}

/** For entry points: the config, or the list of problems on stderr and exit code 2. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
