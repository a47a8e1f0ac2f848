import { signJwt } from '../jwt.ts';
import { PREFIX, type AuthContext, type AuthRequest } from './context.ts';
import { AuthError } from './errors.ts';
import { sessionAssurance, type StartedSession } from './sessions.ts';
import { accessTokenClaims, sessionResponse, type SessionResponse } from './tokens.ts';
import { findUserById } from './users.ts';

/** The session response for a started or refreshed session: its access token says its aal/amr. */
export async function issueSession(
  ctx: AuthContext,
  request: AuthRequest,
  started: StartedSession,
): Promise<SessionResponse> {
  const record = await findUserById(ctx.db, started.userId);
  if (!record) throw new AuthError(403, 'user_not_found', 'User not found');
  const { aal, amr } = await sessionAssurance(ctx.db, started.sessionId);
  const issuedAt = Math.floor(Date.now() / 1000);
  const claims = accessTokenClaims({
    issuer: `${request.origin}${PREFIX}`,
    user: record.user,
    sessionId: started.sessionId,
    aal,
    amr,
    issuedAt,
  });
  return sessionResponse({
    accessToken: await signJwt(claims, ctx.jwtSecret),
    refreshToken: started.refreshToken,
    issuedAt,
    user: record.user,
  });
}
