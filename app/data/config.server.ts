// The app's view of the environment, read on the server only. server/app.ts sets SUPABASE_* for
// the embedded backend; against hosted Supabase the operator sets them.
import { z } from 'zod';
import type { BrowserSupabaseConfig } from './supabase-settings';
import {
  agencySettingFields,
  agencySettingKeys,
  agencySettingProblem,
  type AgencySettingsFromEnv,
} from './agency-settings';

/** AGENCY_ORG_NUMBER and the rest, each checked by its setting's rule. */
const agencySettingsEnvSchema = Object.fromEntries(
  agencySettingKeys.map((key) => [
    agencySettingFields[key].env,
    z
      .string()
      .optional()
      .superRefine((value, context) => {
        const problem = value === undefined ? null : agencySettingProblem(key, value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  ]),
) as Record<
  (typeof agencySettingFields)[keyof typeof agencySettingFields]['env'],
  z.ZodOptional<z.ZodString>
>;

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(1),
  /**
   * The service key, for the team page's invitations and removals (GoTrue's admin API). Read on
   * the server only, never sent to the browser. The embedded backend sets it; against hosted
   * Supabase the operator does (Project Settings → API), or the team is managed in the dashboard.
   */
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  /** 'required': every administrator sets up two-factor sign-in before using /admin. */
  ADMIN_MFA: z.enum(['optional', 'required']).default('optional'),
  /**
   * Set by the embedded backend, made afresh by each process: the server-side loaders send it, so
   * the data API serves the site's own requests in a lane outside callers cannot fill. Never sent
   * to the browser.
   */
  SITE_REQUEST_KEY: z.string().min(1).optional(),
  /** 'true' when the backend is embedded in the site's own server: the browser uses the page's origin. */
  SUPABASE_SAME_ORIGIN: z.enum(['true', 'false']).default('false'),
  /** Public origin of the site for canonical URLs; defaults to the request's origin. */
  SITE_URL: z.url().optional(),
  /**
   * The agency's details and the MailerLite ids, as starting values: a value saved in
   * /admin/settings wins (app/data/agency-settings.ts). Each is checked as the settings form checks
   * it, so a mistyped organisation number stops the start instead of reaching the privacy policy.
   */
  ...agencySettingsEnvSchema,
  /** Set when the server sends mail through an SMTP server: the privacy policy names the service. */
  SMTP_URL: z.string().optional(),
  /**
   * 'on' while the server counts visits (server/app.ts sets it: it has a database to write them
   * to): the privacy policy describes the statistics.
   */
  VISIT_STATISTICS: z.enum(['on', 'off']).default('off'),
  /**
   * Signs the moment the consultation form was rendered, so its minimum fill time cannot be
   * forged. server/app.ts always sets it (from FORM_SECRET, or derived); optional here so pages
   * that never sign anything do not depend on it.
   */
  FORM_SECRET: z.string().min(32, 'FORM_SECRET must be at least 32 characters').optional(),
  /** A consultation sent sooner than this after the form was rendered is taken for a bot's. */
  FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(3600).default(3),
  /**
   * Meta's pixel, loaded after marketing consent (docs/decisions/0015); server/config.ts checks it
   * at start.
   */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional(),
  /** Set when the server sends consenting visitors' leads to Meta's Conversions API. */
  META_CAPI_TOKEN: z.string().optional(),
  /** Where the browser loads the pixel's script from (tests: a local stand-in). */
  META_PIXEL_SCRIPT_URL: z.url().default('https://connect.facebook.net/en_US/fbevents.js'),
  /** Microsoft Clarity's session recording, after analytics consent (docs/decisions/0015). */
  CLARITY_ID: z
    .string()
    .regex(/^[a-z0-9]{6,20}$/)
    .optional(),
  /** Where the browser loads Clarity's tag from, its id appended (tests: a local stand-in). */
  CLARITY_SCRIPT_URL: z.url().default('https://www.clarity.ms/tag/'),
});

export type ServerEnv = z.output<typeof schema>;

const names = Object.keys(schema.shape) as Array<keyof typeof schema.shape>;
let last: { key: string; env: ServerEnv } | undefined;

/**
 * Read on every call rather than once: the server sets SUPABASE_* after it has loaded the build
 * and learned its port. Parsed again only when one of its variables changed (a page asks several
 * times per request).
 */
export function serverEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const key = names.map((name) => env[name] ?? '').join('\0');
  if (last?.key === key) return last.env;
  const cleaned = Object.fromEntries(
    names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`The site's environment is incomplete:\n${problems.join('\n')}`);
  }
  last = { key, env: parsed.data };
  return parsed.data;
}

const byRequest = new WeakMap<Request, ServerEnv>();

/**
 * The environment as one request sees it: read once for the request, however many of its loaders
 * and its render ask (each read of the variables costs a few µs), so a change reaches the next
 * request.
 */
export function requestEnv(request: Request): ServerEnv {
  let env = byRequest.get(request);
  if (env === undefined) {
    env = serverEnv();
    byRequest.set(request, env);
  }
  return env;
}

export function browserSupabaseConfig(env: ServerEnv = serverEnv()): BrowserSupabaseConfig {
  return {
    supabaseUrl: env.SUPABASE_SAME_ORIGIN === 'true' ? null : env.SUPABASE_URL,
    supabaseAnonKey: env.SUPABASE_ANON_KEY,
  };
}

/** The origin canonical and hreflang links point at, without a trailing slash. */
export function publicSiteUrl(request: Request, env: ServerEnv = serverEnv()): string {
  return (env.SITE_URL ?? new URL(request.url).origin).replace(/\/+$/, '');
}

/** The agency's details the environment gives (app/data/agency-settings.ts adds what is saved). */
export function agencySettingsFromEnv(env: ServerEnv = serverEnv()): AgencySettingsFromEnv {
  return Object.fromEntries(
    agencySettingKeys.flatMap((key) => {
      const value = env[agencySettingFields[key].env];
      return value ? [[key, value.trim()]] : [];
    }),
  );
}

/** What the consultation form's spam checks need: the signing secret and the minimum fill time. */
export interface ConsultationFormSettings {
  secret: string;
  minFillMs: number;
}

export function consultationFormSettings(env: ServerEnv = serverEnv()): ConsultationFormSettings {
  if (!env.FORM_SECRET) {
    throw new Error(
      'FORM_SECRET is not set: the consultation form cannot sign its start time. Run the site with server/main.ts, which sets it.',
    );
  }
  return { secret: env.FORM_SECRET, minFillMs: env.FORM_MIN_FILL_SECONDS * 1000 };
}
