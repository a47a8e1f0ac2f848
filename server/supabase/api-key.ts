// The API gateway's key check, as hosted Supabase's gateway makes it in front of /rest/v1,
// /auth/v1 and /storage/v1: a request must carry the project's anon or service key in its `apikey`
// header (supabase-js sends it) or `apikey` query parameter, else 401 with the gateway's own body.
// The routes hosted leaves open are open here too: the links GoTrue mails and redirects to
// (/verify, /callback, /authorize, its JWKS) and the storage routes whose URL carries its own
// authority (public objects, signed URLs). See docs/decisions/0003-where-the-embedded-backend-differs.md.
import { hash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface GatewayRefusal {
  message: string;
  hint: string;
}

export const NO_API_KEY: GatewayRefusal = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};

export const INVALID_API_KEY: GatewayRefusal = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};

/** Auth routes the gateway serves without a key (Kong's auth-v1-open services). */
const OPEN_AUTH_PATHS = [
  '/auth/v1/verify',
  '/auth/v1/callback',
  '/auth/v1/authorize',
  '/auth/v1/.well-known/jwks.json',
];

/** Storage routes whose URL is the authority: a public object, or a signed URL's token. */
const OPEN_STORAGE_ROUTES: Array<[methods: string[], prefix: string]> = [
  [['GET', 'HEAD'], '/storage/v1/object/public/'],
  [['GET', 'HEAD'], '/storage/v1/object/sign/'],
  [['PUT'], '/storage/v1/object/upload/sign/'],
];

/** True for a route the gateway lets through without an API key. */
export function isOpenRoute(method: string, pathname: string): boolean {
  if (OPEN_AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) {
    return true;
  }
  return OPEN_STORAGE_ROUTES.some(
    ([methods, prefix]) => methods.includes(method) && pathname.startsWith(prefix),
  );
}

/** One-shot: a Hash object per request cost twice the time. */
const digest = (key: string) => hash('sha256', key, 'buffer');

/** The project's two API keys, as the gateway knows them. */
export interface ProjectKeys {
  /** Public: every browser that runs the project's supabase-js holds it. */
  anonKey: string;
  /** Secret: only the project's own servers hold it. */
  serviceRoleKey: string;
}

/**
 * The gateway's check for one request: undefined when it may pass, else the 401 body. A token
 * signed with the project's secret is not one of the keys, as the gateway compares keys, not
 * signatures. The anon key is public, so it is compared as it is (most requests carry it, and a
 * digest cost a few µs each); any other key is compared with the service key by their digests, in
 * constant time, so that the time of a refusal says nothing of the secret one.
 */
export function createApiKeyCheck({ anonKey, serviceRoleKey }: ProjectKeys) {
  const secret = digest(serviceRoleKey);
  return function refusal(
    method: string,
    url: URL,
    headers: IncomingHttpHeaders,
  ): GatewayRefusal | undefined {
    if (isOpenRoute(method, url.pathname)) return undefined;
    const header = Array.isArray(headers.apikey) ? headers.apikey[0] : headers.apikey;
    const key = header || url.searchParams.get('apikey');
    if (!key) return NO_API_KEY;
    if (key === anonKey) return undefined;
    return timingSafeEqual(digest(key), secret) ? undefined : INVALID_API_KEY;
  };
}
