// The app's view of the environment, read on the server only. server/app.ts sets SUPABASE_* for
// the embedded backend; against hosted Supabase the operator sets them.
import { z } from 'zod';
import type { BrowserSupabaseConfig } from './supabase';

const schema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(1),
  /** 'true' when the backend is embedded in the site's own server: the browser uses the page's origin. */
  SUPABASE_SAME_ORIGIN: z.enum(['true', 'false']).default('false'),
  /** Public origin of the site for canonical URLs; defaults to the request's origin. */
  SITE_URL: z.url().optional(),
});

export type ServerEnv = z.output<typeof schema>;

/**
 * Parsed on every call rather than once: the server sets SUPABASE_* after it has loaded the build
 * and learned its port.
 */
export function serverEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`The site's environment is incomplete:\n${problems.join('\n')}`);
  }
  return parsed.data;
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
