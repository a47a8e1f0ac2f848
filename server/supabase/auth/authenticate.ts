// Who is calling: a signed-in user's access token checked against a live session (GoTrue's
// requireAuthentication), or the service_role key (requireAdminCredentials).
import { JwtError, verifyJwt, type Claims } from '../jwt.ts';
import type { AuthContext, AuthRequest } from './context.ts';
import { AuthError } from './errors.ts';
import { UUID } from './request.ts';
import { activeSessionAal } from './sessions.ts';
import type { Aal } from './tokens.ts';
import { findUserById, type UserRecord } from './users.ts';

export interface Authenticated {
  userId: string;
  sessionId: string;
  /** The session's level as the database has it now, not as the token was issued. */
  aal: Aal;
}

/** GoTrue's default JWT_ADMIN_ROLES. */
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

async function bearerClaims(ctx: AuthContext, request: AuthRequest): Promise<Claims> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.req.headers.authorization ?? '');
  if (!match)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await verifyJwt(match[1]!, ctx.jwtSecret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${error.message}`,
    );
  }
}

export async function authenticate(ctx: AuthContext, request: AuthRequest): Promise<Authenticated> {
  const claims = await bearerClaims(ctx, request);
  const { sub, session_id: sessionId } = claims;
  if (typeof sub !== 'string' || !UUID.test(sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const aal =
    typeof sessionId === 'string' && UUID.test(sessionId)
      ? await activeSessionAal(ctx.db, sessionId, sub)
      : undefined;
  if (!aal) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  return { userId: sub, sessionId: sessionId as string, aal };
}

/** The caller's user; a user banned since the token was issued is refused, as GoTrue does. */
export async function currentUser(ctx: AuthContext, auth: Authenticated): Promise<UserRecord> {
  const record = await findUserById(ctx.db, auth.userId);
  if (!record)
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (record.banned) throw new AuthError(403, 'user_banned', 'User is banned');
  return record;
}

/** The admin endpoints take the service_role key only: 401 without a token, 403 for any other. */
export async function requireAdmin(ctx: AuthContext, request: AuthRequest): Promise<void> {
  const claims = await bearerClaims(ctx, request);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.includes(claims.role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
}
