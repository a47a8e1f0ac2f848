import { z } from 'zod';
import path from 'node:path';
import { projectAuthSettings } from '#server/supabase/auth/settings.ts';
import type { S3Settings } from './s3.ts';
import { s3SettingsOf, s3SettingsProblems, s3SettingsSchema } from './s3-settings.ts';

const { minimumPasswordLength } = projectAuthSettings();

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  /** Without DATABASE_URL: a PostgreSQL server in DATA_DIR (decision 10), or PGlite in-process. */
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite']).default('postgres'),
  SUPABASE_URL: z.string().url().optional(),
  SUPABASE_ANON_KEY: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  // The same minimum the auth service asks of every password: config.toml's, in bytes.
  ADMIN_PASSWORD: z
    .string()
    .refine((password) => Buffer.byteLength(password, 'utf8') >= minimumPasswordLength, {
      message: `ADMIN_PASSWORD must be at least ${minimumPasswordLength} characters`,
    })
    .optional(),
  SEED_DEMO: bool.default(true),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Nordic Lead Agency <no-reply@localhost>'),
  /** Public origin of the site, used in e-mailed links; defaults to the request's origin. */
  SITE_URL: z.string().url().optional(),
  /**
   * Recovery and sign-in links the embedded auth mails per hour for the whole site, as GoTrue's
   * RATE_LIMIT_EMAIL_SENT (whose self-hosted default this is; hosted Supabase allows 2).
   */
  AUTH_RATE_LIMIT_EMAIL_SENT: z.coerce.number().int().min(1).max(100_000).default(30),
  /** How many reverse proxies (besides any on loopback) stand in front of the server. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Node processes serving the site on this machine, on one port (decision 39): the first holds
   * DATA_DIR and its database and starts the others. One by default, for a small machine's memory.
   */
  WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Memory the page cache may hold, in MiB (decision 13). */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /** Who is told of every new lead: one address or several, comma-separated. */
  LEADS_NOTIFY_TO: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().email('LEADS_NOTIFY_TO must list e-mail addresses')).min(1))
    .optional(),
  /**
   * The daily digest of new and overdue leads at 08:00 in the agency's time zone;
   * `off` sends none (the test harnesses, whose outboxes count their mails).
   */
  LEADS_DIGEST: z.enum(['on', 'off']).default('on'),
  /** Checked here so a bad value stops the start; the site reads it (app/data/config.server.ts). */
  ADMIN_MFA: z.enum(['optional', 'required']).optional(),
  /** Checked here so a bad value stops the start; the site's action reads it (app/data). */
  FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(3600).optional(),
  /** Signs the consultation form's start time (the minimum fill time); derived when unset. */
  FORM_SECRET: z.string().min(32, 'FORM_SECRET must be at least 32 characters').optional(),
  /** Meta's pixel: after marketing consent only. The site reads it too (app/data). */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, "META_PIXEL_ID must be the pixel's digits")
    .optional(),
  /** With META_PIXEL_ID: the server sends each consenting visitor's Lead to the Conversions API. */
  META_CAPI_TOKEN: z
    .string()
    .min(20, 'META_CAPI_TOKEN must be a Conversions API access token')
    .optional(),
  /** Where the Conversions API is (tests point it at a stand-in). */
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  /** Where the browser loads the pixel's and Clarity's scripts from (tests: a local stand-in). */
  META_PIXEL_SCRIPT_URL: z.string().url().optional(),
  CLARITY_SCRIPT_URL: z.string().url().optional(),
  /** Microsoft Clarity's session recording, after analytics consent. The site reads it. */
  CLARITY_ID: z
    .string()
    .regex(/^[a-z0-9]{6,20}$/, "CLARITY_ID must be the project's id (letters and digits)")
    .optional(),
  /**
   * On SIGTERM: the most a copy takes to finish its requests and sends in flight before it exits
   * (decision 32). Below the orchestrator's own bound (Kubernetes waits 30 s, then kills).
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(25),
  /**
   * Of that, how long it keeps answering on its open connections while its health says draining,
   * so a balancer that checks every few seconds stops sending first.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** How often the server backs its database up into DATA_DIR/backups; 0 takes none (decision 33). */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 31)
    .default(24),
  /** How long a scheduled backup is kept; the newest is always kept. */
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Uploaded files in an S3 bucket instead of DATA_DIR/storage (decision 30). */
  ...s3SettingsSchema,
});

// Settings that only make sense together.
const pairs = [
  ['SUPABASE_URL', 'SUPABASE_ANON_KEY'],
  ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
] as const;

export type Config = z.output<typeof schema> & {
  dataDir: string;
  /** Where Storage keeps files: an S3 bucket, or (undefined) DATA_DIR/storage. */
  storageS3: S3Settings | undefined;
};

/** Parses the environment once and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
  if ('META_CAPI_TOKEN' in cleaned && !('META_PIXEL_ID' in cleaned))
    problems.push('  - META_CAPI_TOKEN: the Conversions API needs META_PIXEL_ID too');
  if (parsed.success && parsed.data.SHUTDOWN_GRACE_SECONDS >= parsed.data.SHUTDOWN_TIMEOUT_SECONDS)
    problems.push(
      '  - SHUTDOWN_GRACE_SECONDS: must be shorter than SHUTDOWN_TIMEOUT_SECONDS, which includes it',
    );
  if (
    parsed.success &&
    parsed.data.WORKERS > 1 &&
    parsed.data.EMBEDDED_DATABASE === 'pglite' &&
    !parsed.data.DATABASE_URL &&
    !parsed.data.SUPABASE_URL
  )
    problems.push(
      '  - WORKERS: PGlite serves one process; more than one needs PostgreSQL (EMBEDDED_DATABASE=postgres or DATABASE_URL)',
    );
  problems.push(...s3SettingsProblems(cleaned));
  for (const [a, b] of pairs) {
    if (a in cleaned !== b in cleaned)
      problems.push(`  - ${a}, ${b}: ${a} and ${b} must be set together`);
  }
  if (!parsed.success || problems.length) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    storageS3: s3SettingsOf(parsed.data),
  };
}
