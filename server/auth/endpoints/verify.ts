// GET and POST /verify: redeeming an e-mailed link or code (GoTrue's verify.go).
import { clientIp } from '../../http.ts';
import type { AuthContext, AuthRequest, Endpoint } from '../context.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { issueSession } from '../issue-session.ts';
import { KINDS_FOR_VERIFY_TYPE, redeemLinkToken, safeRedirect, type LinkKind } from '../links.ts';
import { readJsonBody, sendSession, stringField } from '../request.ts';
import { createSession } from '../sessions.ts';
import {
  errorFragment,
  sessionFragment,
  type AuthMethod,
  type SessionResponse,
} from '../tokens.ts';
import { normalizeEmail } from '../users.ts';

const LINK_EXPIRED = 'Email link is invalid or has expired';
const CODE_EXPIRED = 'Token has expired or is invalid';

const METHOD_OF_KIND: Record<LinkKind, AuthMethod> = {
  recovery: 'recovery',
  magiclink: 'otp',
  invite: 'invite',
};

/**
 * Redeems an e-mailed token and opens a session, or throws 403 otp_expired. The address is
 * confirmed by it: an invited member's account becomes usable here.
 */
async function verifyToken(
  ctx: AuthContext,
  request: AuthRequest,
  input: { token: string; type: string; email?: string },
  expiredMessage: string,
): Promise<SessionResponse> {
  const kinds = KINDS_FOR_VERIFY_TYPE[input.type];
  if (!kinds) throw validationFailed('Unsupported verification type');
  const started = await ctx.db.transaction(async (tx) => {
    const redeemed = await redeemLinkToken(tx, input.token, kinds, input.email);
    if (!redeemed) return undefined;
    const { rows } = await tx.query<{ banned: string }>(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
         raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
           then raw_user_meta_data || '{"email_verified": true}' else raw_user_meta_data end
       where id = $1
       returning coalesce(banned_until > now(), false) as banned`,
      [redeemed.userId],
    );
    if (rows[0]?.banned === 't') return new AuthError(400, 'user_banned', 'User is banned');
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'
       where user_id = $1 and provider = 'email'`,
      [redeemed.userId],
    );
    return createSession(tx, {
      userId: redeemed.userId,
      method: METHOD_OF_KIND[redeemed.kind],
      userAgent: request.req.headers['user-agent'],
      ip: clientIp(request.req),
    });
  });
  if (!started) throw new AuthError(403, 'otp_expired', expiredMessage);
  if (started instanceof AuthError) throw started;
  return issueSession(ctx, request, started);
}

// GET /verify: the e-mailed link. Always a 303 back to the site, with the session or the error
// in the fragment (implicit flow), as GoTrue does; the fragment's `type` says which link it was.
export const verifyLink: Endpoint = async (ctx, request) => {
  const params = request.url.searchParams;
  const type = params.get('type') ?? '';
  const target = safeRedirect(params.get('redirect_to'), request.siteUrl);
  let fragment: string;
  try {
    if (!type) throw validationFailed('Verify requires a verification type');
    const session = await verifyToken(
      ctx,
      request,
      { token: params.get('token') ?? '', type },
      LINK_EXPIRED,
    );
    fragment = sessionFragment(session, type);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    fragment = errorFragment(error.status, error.code, error.message);
  }
  request.res.writeHead(303, { Location: `${target}#${fragment}`, 'Cache-Control': 'no-store' });
  request.res.end();
};

// POST /verify: {token_hash, type} (the link's token) or {email, token, type}.
export const verifyPost: Endpoint = async (ctx, request) => {
  const body = await readJsonBody(request.req);
  const type = stringField(body, 'type');
  if (!type) throw validationFailed('Verify requires a verification type');
  const tokenHash = stringField(body, 'token_hash');
  const token = stringField(body, 'token');
  const email = stringField(body, 'email');
  let session: SessionResponse;
  if (tokenHash)
    session = await verifyToken(ctx, request, { token: tokenHash, type }, LINK_EXPIRED);
  else if (token && email)
    session = await verifyToken(
      ctx,
      request,
      { token, type, email: normalizeEmail(email) },
      CODE_EXPIRED,
    );
  else if (token && stringField(body, 'phone'))
    throw new AuthError(403, 'otp_expired', CODE_EXPIRED);
  else throw validationFailed('Verify requires either a token hash, or an email and a token');
  sendSession(request, session);
};
