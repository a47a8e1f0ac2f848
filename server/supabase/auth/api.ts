// The GoTrue (Supabase Auth) subset the site needs, one file per endpoint in endpoints/ as
// supabase/auth's internal/api: password sign-in, refresh-token rotation, the user endpoints,
// sign-out, recovery and sign-in links, invitations and the admin user endpoints (service_role
// key), TOTP two-factor, and GoTrue's errors. Sign-up is refused: members are invited.
import type { Database } from '../db/types.ts';
import type { Handler } from '#server/http.ts';
import type { Mailer } from '#server/mail.ts';
import { PREFIX, type AuthContext, type AuthRequest, type Endpoint } from './context.ts';
import { AuthError, sendAuthError } from './errors.ts';
import {
  deleteAdminUser,
  getAdminUser,
  listAdminUsers,
  updateAdminUser,
} from './endpoints/admin-users.ts';
import { deleteAdminUserFactor, listAdminUserFactors } from './endpoints/admin-factors.ts';
import { challengeFactor, enrollFactor, unenrollFactor } from './endpoints/factors.ts';
import { verifyFactor } from './endpoints/factor-verify.ts';
import { health } from './endpoints/health.ts';
import { invite } from './endpoints/invite.ts';
import { logout } from './endpoints/logout.ts';
import { otp } from './endpoints/otp.ts';
import { recover } from './endpoints/recover.ts';
import { settings } from './endpoints/settings.ts';
import { signup } from './endpoints/signup.ts';
import { token } from './endpoints/token.ts';
import { getUser, updateUser } from './endpoints/user.ts';
import { verifyLink, verifyPost } from './endpoints/verify.ts';
import { createAfterAnswer } from './after-answer.ts';
import { requestOrigin } from './links.ts';
import { isTrustedOrigin } from './trusted-origins.ts';
import { projectAuthSettings, type AuthSettings } from './settings.ts';
import { DEFAULT_LIMITS, createThrottle, type AuthLimits } from './throttle.ts';

export interface AuthApiOptions {
  db: Database;
  jwtSecret: string;
  mailer: Mailer;
  /** Public origin of the site; e-mailed links and redirects use it. Defaults to the request's. */
  siteUrl?: string;
  /**
   * Without siteUrl, the origins besides this machine's that mailed links may point at: read on
   * each use, so the server can add the addresses it listens on once it knows its port.
   */
  trustedOrigins?: () => Iterable<string>;
  /** Throttling; tests pass small numbers. Defaults: DEFAULT_LIMITS. */
  limits?: Partial<AuthLimits>;
  /** The [auth] settings; default: supabase/config.toml's (tests pass their own). */
  settings?: Partial<AuthSettings>;
  /** Where failures of work done after an answer (a link's mail) are reported. */
  log?: (line: string) => void;
}

type Methods = Partial<Record<string, Endpoint>>;

/** GoTrue's paths; `{name}` is a path segment handed to the endpoint as params.name. */
const ROUTES: [string, Methods][] = [
  ['/token', { POST: token }],
  ['/user', { GET: getUser, PUT: updateUser }],
  ['/logout', { POST: logout }],
  ['/recover', { POST: recover }],
  ['/otp', { POST: otp }],
  ['/verify', { GET: verifyLink, POST: verifyPost }],
  ['/signup', { POST: signup }],
  ['/invite', { POST: invite }],
  ['/settings', { GET: settings }],
  ['/health', { GET: health }],
  ['/factors', { POST: enrollFactor }],
  ['/factors/{factorId}', { DELETE: unenrollFactor }],
  ['/factors/{factorId}/challenge', { POST: challengeFactor }],
  ['/factors/{factorId}/verify', { POST: verifyFactor }],
  ['/admin/users', { GET: listAdminUsers }],
  ['/admin/users/{userId}/factors', { GET: listAdminUserFactors }],
  ['/admin/users/{userId}/factors/{factorId}', { DELETE: deleteAdminUserFactor }],
  ['/admin/users/{userId}', { GET: getAdminUser, PUT: updateAdminUser, DELETE: deleteAdminUser }],
];

function matchRoute(
  path: string,
): { methods: Methods; params: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (const [pattern, methods] of ROUTES) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const named = /^\{(\w+)\}$/.exec(part);
      if (!named) return part === segments[i];
      params[named[1]!] = decodeURIComponent(segments[i]!);
      return segments[i] !== '';
    });
    if (matches) return { methods, params };
  }
  return undefined;
}

export interface AuthApi {
  handle: Handler;
  /** Resolves once the mails of answered requests are sent (before the database closes). */
  settled(): Promise<void>;
}

export function createAuthApi(opts: AuthApiOptions): AuthApi {
  const log = opts.log ?? ((line: string) => console.log(line));
  const ctx: AuthContext = {
    db: opts.db,
    jwtSecret: opts.jwtSecret,
    mailer: opts.mailer,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    settings: { ...projectAuthSettings(), ...opts.settings },
    throttle: createThrottle(opts.db),
    afterAnswer: createAfterAnswer(log),
    configuredSite: opts.siteUrl ? new URL(opts.siteUrl) : undefined,
    trustsOrigin: (origin) => isTrustedOrigin(origin, opts.trustedOrigins?.() ?? []),
  };

  return {
    settled: () => ctx.afterAnswer.settled(),
    async handle(req, res, url) {
      const origin = ctx.configuredSite?.origin ?? requestOrigin(req);
      const siteUrl = ctx.configuredSite?.href ?? `${origin}/`;
      try {
        const path = url.pathname.slice(PREFIX.length).replace(/\/+$/, '') || '/';
        const route = matchRoute(path);
        if (!route) throw new AuthError(404, 'not_found', 'Not Found');
        const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
        const endpoint = route.methods[method];
        if (!endpoint) {
          throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed', {
            headers: { Allow: Object.keys(route.methods).join(', ') },
          });
        }
        const request: AuthRequest = { req, res, url, origin, siteUrl, params: route.params };
        await endpoint(ctx, request);
      } catch (thrown) {
        // A path segment that is not valid percent-encoding names no route.
        const error =
          thrown instanceof URIError ? new AuthError(404, 'not_found', 'Not Found') : thrown;
        if (!(error instanceof AuthError)) throw error;
        if (res.headersSent) res.destroy();
        else sendAuthError(req, res, error);
      }
    },
  };
}
