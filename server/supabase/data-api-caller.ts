// Who is asking the data API, for the client gate's lanes (decision 21): the site's own server, a
// signed-in team member, or an outside caller known by its address. Who is on the team is the
// product's to say (server/app.ts passes in its question). Nothing here grants access; the
// database's grants and policies still decide what each may read or write.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { GateCaller } from './client-gate.ts';
import { isLoopback, plainAddress } from '#server/http.ts';
import { verifyJwt, type Claims } from './jwt.ts';
import { requestToken } from './rest/claims.ts';

/**
 * The site's server-side loaders send this header with a key made afresh by each process
 * (SITE_REQUEST_KEY in its environment): a request from this machine is not enough, since a
 * reverse proxy on it makes every visitor's request one.
 */
export const SITE_REQUEST_HEADER = 'x-site-request-key';

/** How long a user's place on the team (or off it) is remembered. */
export const MEMBERSHIP_TTL_MS = 30_000;
const MAX_REMEMBERED_USERS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CallerIdentifier {
  /** The key the site's own requests carry in SITE_REQUEST_HEADER. */
  siteKey: string;
  /** The request's lane; `address` is the client's as server/app.ts resolved it. */
  identify(req: IncomingMessage, queryKey: string | null, address: string): Promise<GateCaller>;
  /**
   * The same, for a request whose token's claims are known already (verified, not expired): a
   * read the data API has answered before (rest/known-reads.ts).
   */
  identifyKnown(
    req: IncomingMessage,
    claims: Claims | undefined,
    address: string,
  ): GateCaller | Promise<GateCaller>;
}

export function createCallerIdentifier(opts: {
  /** Whether this user is on the team; a rejection counts as not (asked again next time). */
  isMember: (userId: string) => Promise<boolean>;
  jwtSecret: string;
  now?: () => number;
}): CallerIdentifier {
  const { jwtSecret } = opts;
  const now = opts.now ?? Date.now;
  const siteKey = randomBytes(32).toString('base64url');
  const siteKeyBytes = Buffer.from(siteKey);
  const memberships = new Map<string, { until: number; member: Promise<boolean> }>();

  const fromSite = (req: IncomingMessage): boolean => {
    const sent = req.headers[SITE_REQUEST_HEADER];
    // Never passed on to the database's request.headers.
    delete req.headers[SITE_REQUEST_HEADER];
    if (typeof sent !== 'string' || !isLoopback(plainAddress(req.socket.remoteAddress ?? '')))
      return false;
    const bytes = Buffer.from(sent);
    return bytes.length === siteKeyBytes.length && timingSafeEqual(bytes, siteKeyBytes);
  };

  /** Whether the user is on the team, asked once per MEMBERSHIP_TTL_MS (concurrent asks share). */
  const isMember = (userId: string): Promise<boolean> => {
    const known = memberships.get(userId);
    if (known && known.until > now()) return known.member;
    if (memberships.size >= MAX_REMEMBERED_USERS) memberships.clear();
    const member = opts.isMember(userId).catch(() => {
      // Unknown is outside (the request still runs there), and asked again next time.
      if (memberships.get(userId)?.member === member) memberships.delete(userId);
      return false;
    });
    memberships.set(userId, { until: now() + MEMBERSHIP_TTL_MS, member });
    return member;
  };

  /**
   * The lane a verified token's claims give a request that is not the site's own: a promise only
   * when team membership must be asked.
   */
  const laneOf = (
    claims: Claims | undefined,
    address: string,
  ): GateCaller | Promise<GateCaller> => {
    if (claims?.role === 'service_role') return { lane: 'site' };
    const outside: GateCaller = { lane: 'outside', address };
    const userId = claims?.role === 'authenticated' ? claims.sub : undefined;
    if (typeof userId !== 'string' || !UUID.test(userId)) return outside;
    return isMember(userId).then((member) => (member ? { lane: 'member', userId } : outside));
  };

  return {
    siteKey,
    async identify(req, queryKey, address) {
      if (fromSite(req)) return { lane: 'site' };
      const token = requestToken(req.headers, queryKey);
      if (!token) return { lane: 'outside', address };
      // The same verification (and cache of verified tokens) the data API applies next.
      return laneOf(await verifyJwt(token, jwtSecret).catch(() => undefined), address);
    },
    identifyKnown(req, claims, address) {
      return fromSite(req) ? { lane: 'site' } : laneOf(claims, address);
    },
  };
}
