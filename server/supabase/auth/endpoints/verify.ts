// GET and POST /verify: redeeming an e-mailed link or code (GoTrue's verify.go).
import type { Queryable } from '#server/supabase/db/types.ts';
import { clientIp } from '#server/http.ts';
import type { AuthContext, AuthRequest, Endpoint } from '../context.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { FIRST_LINK_ACCEPTED, redeemEmailChangeToken } from '../email-change.ts';
import { issueSession } from '../issue-session.ts';
import { KINDS_FOR_VERIFY_TYPE, redeemLinkToken, safeRedirect, type LinkKind } from '../links.ts';
import { readJsonBody, send, sendSession, stringField } from '../request.ts';
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

/** The user a redeemed token names, how the session it opens was authenticated, or an error. */
type Redeemed = { userId: string; method: AuthMethod } | AuthError | undefined;

/** A link of the kinds in auth.one_time_tokens; the address is confirmed by it. */
async function redeemLink(
  tx: Queryable,
  input: { token: string; type: string; email?: string },
): Promise<Redeemed> {
  const kinds = KINDS_FOR_VERIFY_TYPE[input.type];
  if (!kinds) throw validationFailed('Unsupported verification type');
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
  return { userId: redeemed.userId, method: METHOD_OF_KIND[redeemed.kind] };
}

/** What a verified token gives: a session, or (the first of an e-mail change's links) a message. */
type Verified = { session: SessionResponse } | { message: string };

/**
 * Redeems an e-mailed token and opens a session, or throws 403 otp_expired. The first of the two
 * links of an e-mail change opens none: it answers GoTrue's message instead.
 */
async function verifyToken(
  ctx: AuthContext,
  request: AuthRequest,
  input: { token: string; type: string; email?: string },
  expiredMessage: string,
): Promise<Verified> {
  const started = await ctx.db.transaction(async (tx) => {
    let redeemed: Redeemed;
    if (input.type === 'email_change') {
      const step = await redeemEmailChangeToken(tx, input.token, input.email);
      if (step && !step.done) return FIRST_LINK_ACCEPTED;
      redeemed = step && { userId: step.userId, method: 'otp' };
    } else {
      redeemed = await redeemLink(tx, input);
    }
    if (!redeemed || redeemed instanceof AuthError) return redeemed;
    return createSession(tx, {
      userId: redeemed.userId,
      method: redeemed.method,
      userAgent: request.req.headers['user-agent'],
      ip: clientIp(request.req),
    });
  });
  if (!started) throw new AuthError(403, 'otp_expired', expiredMessage);
  if (started instanceof AuthError) throw started;
  if (typeof started === 'string') return { message: started };
  return { session: await issueSession(ctx, request, started) };
}

// GET /verify: the e-mailed link. Always a 303 back to the site, with the session (the fragment's
// `type` says which link it was), the error or the first e-mail change link's message in the
// fragment (implicit flow), as GoTrue does.
export const verifyLink: Endpoint = async (ctx, request) => {
  const params = request.url.searchParams;
  const type = params.get('type') ?? '';
  const target = safeRedirect(params.get('redirect_to'), request.siteUrl);
  let fragment: string;
  try {
    if (!type) throw validationFailed('Verify requires a verification type');
    const verified = await verifyToken(
      ctx,
      request,
      { token: params.get('token') ?? '', type },
      LINK_EXPIRED,
    );
    fragment =
      'session' in verified
        ? sessionFragment(verified.session, type)
        : new URLSearchParams({ message: verified.message }).toString();
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
  let verified: Verified;
  if (tokenHash)
    verified = await verifyToken(ctx, request, { token: tokenHash, type }, LINK_EXPIRED);
  else if (token && email)
    verified = await verifyToken(
      ctx,
      request,
      { token, type, email: normalizeEmail(email) },
      CODE_EXPIRED,
    );
  else if (token && stringField(body, 'phone'))
    throw new AuthError(403, 'otp_expired', CODE_EXPIRED);
  else throw validationFailed('Verify requires either a token hash, or an email and a token');
  if ('session' in verified) sendSession(request, verified.session);
  else send(request, 200, { msg: verified.message, code: '200' });
};
