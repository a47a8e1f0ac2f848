// POST /token: password sign-in and refresh-token rotation (GoTrue's token.go, token_refresh.go).
import { clientIp } from '#server/http.ts';
import type { AuthContext, AuthRequest, Endpoint } from '../context.ts';
import { deviceCookie, knownDevice } from '../devices.ts';
import { AuthError, invalidCredentials, rateLimited, validationFailed } from '../errors.ts';
import { issueSession } from '../issue-session.ts';
import { verifyPassword } from '../passwords.ts';
import { readJsonBody, sendSession, stringField, type JsonBody } from '../request.ts';
import { createSession, rotateRefreshToken } from '../sessions.ts';
import { findUserByEmail, normalizeEmail } from '../users.ts';

async function passwordGrant(ctx: AuthContext, request: AuthRequest, body: JsonBody) {
  const { db, throttle, limits, jwtSecret } = ctx;
  const email = normalizeEmail(stringField(body, 'email'));
  const password = stringField(body, 'password');
  if (!email) {
    if (stringField(body, 'phone')) throw invalidCredentials();
    throw validationFailed('A valid email address and password are required');
  }
  // Every attempt counts until it succeeds: concurrent guesses cannot slip past the limits,
  // and refused attempts stop before bcrypt, so a flood costs no CPU. A browser that signed in
  // to this account before (its device cookie) is counted on its own, so strangers' guesses
  // cannot lock the member out of it; unknown devices share the account's limit and
  // their address's.
  const device = knownDevice(request.req, jwtSecret, email);
  const ipKey = `sign-in:ip:${clientIp(request.req)}`;
  const accountKey = device ? `sign-in:device:${device}` : `sign-in:account:${email}`;
  if (!device) {
    const byIp = await throttle.hit(ipKey, limits.signInFailuresPerIp);
    if (!byIp.allowed) throw rateLimited(byIp.retryAfter);
  }
  const byAccount = await throttle.hit(
    accountKey,
    device ? limits.signInFailuresPerDevice : limits.signInFailuresPerAccount,
  );
  if (!byAccount.allowed) throw rateLimited(byAccount.retryAfter);

  const record = await findUserByEmail(db, email);
  const valid = await verifyPassword(password, record?.passwordHash);
  if (!record || !valid) throw invalidCredentials();
  if (!device) await throttle.refund(ipKey);
  await throttle.reset(accountKey);
  if (record.banned) throw new AuthError(400, 'user_banned', 'User is banned');
  if (!record.emailConfirmed)
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');

  const started = await db.transaction((tx) =>
    createSession(tx, {
      userId: record.user.id,
      method: 'password',
      userAgent: request.req.headers['user-agent'],
      ip: clientIp(request.req),
    }),
  );
  const secure = (ctx.configuredSite?.protocol ?? new URL(request.origin).protocol) === 'https:';
  sendSession(request, await issueSession(ctx, request, started), {
    'Set-Cookie': deviceCookie(jwtSecret, email, secure, device),
  });
}

async function refreshGrant(ctx: AuthContext, request: AuthRequest, body: JsonBody) {
  const token = stringField(body, 'refresh_token');
  if (!token) throw validationFailed('Refresh token is required');
  const outcome = await rotateRefreshToken(ctx.db, token, {
    secret: ctx.jwtSecret,
    reuseIntervalSeconds: ctx.settings.refreshTokenReuseInterval,
  });
  if (outcome instanceof AuthError) throw outcome;
  sendSession(request, await issueSession(ctx, request, outcome));
}

export const token: Endpoint = async (ctx, request) => {
  const grantType = request.url.searchParams.get('grant_type');
  const body = await readJsonBody(request.req);
  if (grantType === 'password') return passwordGrant(ctx, request, body);
  if (grantType === 'refresh_token') return refreshGrant(ctx, request, body);
  // This server never issues PKCE codes, so no code can be exchanged.
  if (grantType === 'pkce') {
    throw new AuthError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  throw validationFailed('unsupported_grant_type');
};
