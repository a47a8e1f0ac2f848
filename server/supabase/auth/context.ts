// What every endpoint of the embedded auth shares (the server's services) and what it gets for
// one request, so each endpoint can live in its own file as supabase/auth's internal/api does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/types.ts';
import type { Mailer } from '#server/mail.ts';
import type { AfterAnswer } from './after-answer.ts';
import type { AuthSettings } from './settings.ts';
import type { AuthLimits, Throttle } from './throttle.ts';

/** Where the auth API is mounted; GoTrue's own paths follow it. */
export const PREFIX = '/auth/v1';

export interface AuthContext {
  db: Database;
  jwtSecret: string;
  mailer: Mailer;
  limits: AuthLimits;
  /** The [auth] settings of supabase/config.toml (settings.ts). */
  settings: AuthSettings;
  throttle: Throttle;
  /** Work left for after the answer, so it cannot show in the answer's timing. */
  afterAnswer: AfterAnswer;
  /** The public site from SITE_URL; unset, links and redirects use the request's origin. */
  configuredSite?: URL;
  /** Without SITE_URL: whether a mailed link may point at this origin (trusted-origins.ts). */
  trustsOrigin: (origin: string) => boolean;
}

export interface AuthRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Origin of the site: the configured site's, else where the request was addressed. */
  origin: string;
  siteUrl: string;
  /** The path's parameters, e.g. `{ factorId }` in /factors/{factor_id}/verify. */
  params: Record<string, string>;
}

export type Endpoint = (ctx: AuthContext, request: AuthRequest) => Promise<void>;
