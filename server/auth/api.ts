// The GoTrue (Supabase Auth) subset the site needs: password sign-in, refresh-token rotation,
// the user endpoints, sign-out, password recovery by e-mailed link, and GoTrue's errors.
// Sign-up is refused: every signed-in user is an administrator of the blog.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/types.ts';
import {
  BodyTooLargeError,
  MAX_BODY_BYTES,
  clientIp,
  readBody,
  sendJson,
  type Handler,
} from '../http.ts';
import { JwtError, signJwt, verifyJwt } from '../jwt.ts';
import type { Mailer } from '../mail.ts';
import {
  API_VERSION,
  AuthError,
  invalidCredentials,
  rateLimited,
  sendAuthError,
  validationFailed,
  wantsModernErrors,
} from './errors.ts';
import {
  KINDS_FOR_VERIFY_TYPE,
  issueLinkToken,
  redeemLinkToken,
  isLoopbackOrigin,
  requestOrigin,
  safeRedirect,
  type LinkKind,
} from './links.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import {
  createSession,
  endSessions,
  rotateRefreshToken,
  sessionIsActive,
  type LogoutScope,
  type StartedSession,
} from './sessions.ts';
import { DEFAULT_LIMITS, createThrottle, type AuthLimits } from './throttle.ts';
import { deviceCookie, knownDevice } from './devices.ts';
import {
  accessTokenClaims,
  errorFragment,
  sessionFragment,
  sessionResponse,
  type SessionResponse,
} from './tokens.ts';
import { findUserByEmail, findUserById, normalizeEmail, type UserRecord } from './users.ts';

export interface AuthApiOptions {
  db: Database;
  jwtSecret: string;
  mailer: Mailer;
  /** Public origin of the site; e-mailed links and redirects use it. Defaults to the request's. */
  siteUrl?: string;
  /** Throttling; tests pass small numbers. Defaults: DEFAULT_LIMITS. */
  limits?: Partial<AuthLimits>;
}

const PREFIX = '/auth/v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** auth.users.email is varchar(255). */
const MAX_EMAIL_LENGTH = 255;

interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Origin of the site: opts.siteUrl, else where the request was addressed. */
  origin: string;
  siteUrl: string;
}

type Route = (ctx: Context) => Promise<void>;

interface Authenticated {
  userId: string;
  sessionId: string;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new AuthError(
        413,
        'validation_failed',
        `Request body is larger than ${MAX_BODY_BYTES} bytes`,
      );
    }
    throw error;
  }
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(
      400,
      'bad_json',
      'Could not parse request body as JSON: expected an object',
    );
  }
  return value as Record<string, unknown>;
}

export function createAuthApi(opts: AuthApiOptions): { handle: Handler } {
  const { db, jwtSecret, mailer } = opts;
  const limits: AuthLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const throttle = createThrottle(db);
  const configuredSite = opts.siteUrl ? new URL(opts.siteUrl) : undefined;

  function send(ctx: Context, status: number, body: unknown, headers: Record<string, string> = {}) {
    sendJson(ctx.res, status, body, {
      ...(wantsModernErrors(ctx.req) ? { 'X-Supabase-Api-Version': API_VERSION } : {}),
      ...headers,
    });
  }

  async function issueSession(ctx: Context, started: StartedSession): Promise<SessionResponse> {
    const record = await findUserById(db, started.userId);
    if (!record) throw new AuthError(403, 'user_not_found', 'User not found');
    const issuedAt = Math.floor(Date.now() / 1000);
    const claims = accessTokenClaims({
      issuer: `${ctx.origin}${PREFIX}`,
      user: record.user,
      sessionId: started.sessionId,
      amr: started.amr,
      issuedAt,
    });
    return sessionResponse({
      accessToken: await signJwt(claims, jwtSecret),
      refreshToken: started.refreshToken,
      issuedAt,
      user: record.user,
    });
  }

  function sendSession(
    ctx: Context,
    session: SessionResponse,
    headers: Record<string, string> = {},
  ) {
    send(ctx, 200, session, { 'Cache-Control': 'no-store', ...headers });
  }

  /** The caller's access token, checked against a live session (GoTrue's requireAuthentication). */
  async function authenticate(ctx: Context): Promise<Authenticated> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? '');
    if (!match)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Record<string, unknown>;
    try {
      claims = await verifyJwt(match[1]!, jwtSecret);
    } catch (error) {
      if (!(error instanceof JwtError)) throw error;
      throw new AuthError(
        403,
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${error.message}`,
      );
    }
    const { sub, session_id: sessionId } = claims;
    if (typeof sub !== 'string' || !UUID.test(sub)) {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    if (
      typeof sessionId !== 'string' ||
      !UUID.test(sessionId) ||
      !(await sessionIsActive(db, sessionId, sub))
    ) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
    return { userId: sub, sessionId };
  }

  async function currentUser(auth: Authenticated): Promise<UserRecord> {
    const record = await findUserById(db, auth.userId);
    if (!record)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return record;
  }

  // POST /token?grant_type=password
  async function passwordGrant(ctx: Context, body: Record<string, unknown>) {
    const email = normalizeEmail(stringField(body, 'email'));
    const password = stringField(body, 'password');
    if (!email) {
      if (stringField(body, 'phone')) throw invalidCredentials();
      throw validationFailed('A valid email address and password are required');
    }
    // Every attempt counts until it succeeds: concurrent guesses cannot slip past the limits,
    // and refused attempts stop before bcrypt, so a flood costs no CPU. A browser that signed in
    // to this account before (its device cookie) is counted on its own, so strangers' guesses
    // cannot lock the member out of it (issue 13); unknown devices share the account's limit and
    // their address's.
    const device = knownDevice(ctx.req, jwtSecret, email);
    const ipKey = `sign-in:ip:${clientIp(ctx.req)}`;
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
        userAgent: ctx.req.headers['user-agent'],
        ip: clientIp(ctx.req),
      }),
    );
    const secure = (configuredSite?.protocol ?? new URL(ctx.origin).protocol) === 'https:';
    sendSession(ctx, await issueSession(ctx, started), {
      'Set-Cookie': deviceCookie(jwtSecret, email, secure, device),
    });
  }

  // POST /token?grant_type=refresh_token
  async function refreshGrant(ctx: Context, body: Record<string, unknown>) {
    const token = stringField(body, 'refresh_token');
    if (!token) throw validationFailed('Refresh token is required');
    const outcome = await rotateRefreshToken(db, token);
    if (outcome instanceof AuthError) throw outcome;
    sendSession(ctx, await issueSession(ctx, outcome));
  }

  const token: Route = async (ctx) => {
    const grantType = ctx.url.searchParams.get('grant_type');
    const body = await readJsonBody(ctx.req);
    if (grantType === 'password') return passwordGrant(ctx, body);
    if (grantType === 'refresh_token') return refreshGrant(ctx, body);
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

  const getUser: Route = async (ctx) => {
    const record = await currentUser(await authenticate(ctx));
    send(ctx, 200, record.user);
  };

  // PUT /user: password and user_metadata. Changing the address would need a confirmation
  // mail flow this site does not use.
  const updateUser: Route = async (ctx) => {
    const auth = await authenticate(ctx);
    const body = await readJsonBody(ctx.req);
    const record = await currentUser(auth);
    const email = stringField(body, 'email');
    if (email && normalizeEmail(email) !== record.user.email) {
      throw new AuthError(422, 'validation_failed', 'Changing the email address is not supported');
    }
    const phone = stringField(body, 'phone');
    if (phone && phone !== record.user.phone) {
      throw new AuthError(422, 'validation_failed', 'Changing the phone number is not supported');
    }
    let newHash: string | undefined;
    if (typeof body.password === 'string') {
      const problem = passwordProblem(body.password);
      if (problem) throw problem;
      if (await verifyPassword(body.password, record.passwordHash)) {
        throw new AuthError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
      newHash = await hashPassword(body.password);
    }
    const data = body.data;
    const metadata =
      data && typeof data === 'object' && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : undefined;

    await db.transaction(async (tx) => {
      if (newHash) {
        await tx.query(
          'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
          [auth.userId, newHash],
        );
        // As GoTrue: a new password signs out every other session of the user.
        await endSessions(tx, 'others', auth.sessionId, auth.userId);
      }
      if (metadata) {
        // GoTrue merges `data` into user_metadata; a null value removes the key.
        const removed = Object.keys(metadata).filter((key) => metadata[key] === null);
        const kept = Object.fromEntries(
          Object.entries(metadata).filter(([, value]) => value !== null),
        );
        await tx.query(
          `update auth.users set raw_user_meta_data = (raw_user_meta_data || $2::jsonb) - $3::text[],
             updated_at = now() where id = $1`,
          [auth.userId, JSON.stringify(kept), removed],
        );
      }
    });
    send(ctx, 200, (await currentUser(auth)).user);
  };

  const logout: Route = async (ctx) => {
    const scope = ctx.url.searchParams.get('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed(`Unsupported logout scope "${scope}"`);
    }
    const auth = await authenticate(ctx);
    await endSessions(db, scope as LogoutScope, auth.sessionId, auth.userId);
    ctx.res.writeHead(
      204,
      wantsModernErrors(ctx.req) ? { 'X-Supabase-Api-Version': API_VERSION } : {},
    );
    ctx.res.end();
  };

  /** One mail per address per window, counted whether or not the address has an account. */
  async function throttleMail(email: string) {
    const result = await throttle.hit(`mail:${email}`, limits.emailsPerAddress);
    if (!result.allowed) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${result.retryAfter} seconds.`,
        { headers: { 'Retry-After': String(Math.max(1, result.retryAfter)) } },
      );
    }
  }

  /**
   * Checked before any account is looked up, so the answer never depends on whether one exists.
   * The Host header is the client's to choose: trusting it on a public address would let anyone
   * have the administrator mailed a real reset link that points at their own site.
   */
  function assertLinksCanBeMailed(ctx: Context) {
    if (!configuredSite && !isLoopbackOrigin(ctx.origin)) {
      throw new AuthError(
        500,
        'unexpected_failure',
        'E-mail links need SITE_URL: set it to the public address of the site.',
      );
    }
  }

  async function sendLink(ctx: Context, record: UserRecord, kind: LinkKind) {
    const linkToken = await issueLinkToken(db, record.user.id, record.user.email, kind);
    const link = new URL(`${PREFIX}/verify`, ctx.origin);
    link.searchParams.set('token', linkToken);
    link.searchParams.set('type', kind);
    link.searchParams.set(
      'redirect_to',
      safeRedirect(ctx.url.searchParams.get('redirect_to'), ctx.siteUrl),
    );
    const expiry =
      'The link works once, within one hour. If you did not ask for it, ignore this message.';
    const mail =
      kind === 'recovery'
        ? {
            subject: 'Reset your password',
            text: `Follow this link to choose a new password:\n\n${link.href}\n\n${expiry}\n`,
          }
        : {
            subject: 'Your sign-in link',
            text: `Follow this link to sign in:\n\n${link.href}\n\n${expiry}\n`,
          };
    try {
      await mailer.send({ to: record.user.email, ...mail });
    } catch (error) {
      throw new AuthError(
        500,
        'unexpected_failure',
        `Error sending ${kind} email: ${(error as Error).message}`,
      );
    }
  }

  function requireEmail(body: Record<string, unknown>, missing: string): string {
    const email = normalizeEmail(stringField(body, 'email'));
    if (!email) throw validationFailed(missing);
    if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) {
      throw validationFailed('Unable to validate email address: invalid format');
    }
    return email;
  }

  // POST /recover: always 200 {}, so the answer never tells whether an account exists.
  const recover: Route = async (ctx) => {
    assertLinksCanBeMailed(ctx);
    const body = await readJsonBody(ctx.req);
    const email = requireEmail(body, 'Password recovery requires an email');
    await throttleMail(email);
    const record = await findUserByEmail(db, email);
    if (record && !record.banned) await sendLink(ctx, record, 'recovery');
    send(ctx, 200, {});
  };

  // POST /otp: sign-in links for existing accounts only; it never creates a user. Like /recover
  // it answers 200 {} either way, so it never tells which addresses have accounts (issue 13).
  const otp: Route = async (ctx) => {
    assertLinksCanBeMailed(ctx);
    const body = await readJsonBody(ctx.req);
    if (!stringField(body, 'email') && stringField(body, 'phone')) {
      throw new AuthError(422, 'phone_provider_disabled', 'Unsupported phone provider');
    }
    const email = requireEmail(body, 'An email address is required');
    // Asking for unknown addresses counts like a failed sign-in: it is how accounts are probed.
    const ipKey = `sign-in:ip:${clientIp(ctx.req)}`;
    const byIp = await throttle.hit(ipKey, limits.signInFailuresPerIp);
    if (!byIp.allowed) throw rateLimited(byIp.retryAfter);
    await throttleMail(email);
    const record = await findUserByEmail(db, email);
    if (record) {
      await throttle.refund(ipKey);
      if (!record.banned) await sendLink(ctx, record, 'magiclink');
    }
    send(ctx, 200, {});
  };

  /** Redeems an e-mailed token and opens a session, or throws 403 otp_expired. */
  async function verifyToken(
    ctx: Context,
    input: { token: string; type: string; email?: string },
    expiredMessage: string,
  ): Promise<SessionResponse> {
    const kinds = KINDS_FOR_VERIFY_TYPE[input.type];
    if (!kinds) throw validationFailed('Unsupported verification type');
    const started = await db.transaction(async (tx) => {
      const redeemed = await redeemLinkToken(tx, input.token, kinds, input.email);
      if (!redeemed) return undefined;
      const { rows } = await tx.query<{ banned: string }>(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1
         returning coalesce(banned_until > now(), false) as banned`,
        [redeemed.userId],
      );
      if (rows[0]?.banned === 't') return new AuthError(400, 'user_banned', 'User is banned');
      return createSession(tx, {
        userId: redeemed.userId,
        method: redeemed.kind === 'recovery' ? 'recovery' : 'otp',
        userAgent: ctx.req.headers['user-agent'],
        ip: clientIp(ctx.req),
      });
    });
    if (!started) throw new AuthError(403, 'otp_expired', expiredMessage);
    if (started instanceof AuthError) throw started;
    return issueSession(ctx, started);
  }

  const LINK_EXPIRED = 'Email link is invalid or has expired';
  const CODE_EXPIRED = 'Token has expired or is invalid';

  // GET /verify: the e-mailed link. Always a 303 back to the site, with the session or the error
  // in the fragment (implicit flow), as GoTrue does.
  const verifyLink: Route = async (ctx) => {
    const params = ctx.url.searchParams;
    const type = params.get('type') ?? '';
    const target = safeRedirect(params.get('redirect_to'), ctx.siteUrl);
    let fragment: string;
    try {
      if (!type) throw validationFailed('Verify requires a verification type');
      const session = await verifyToken(
        ctx,
        { token: params.get('token') ?? '', type },
        LINK_EXPIRED,
      );
      fragment = sessionFragment(session, type);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment = errorFragment(error.status, error.code, error.message);
    }
    ctx.res.writeHead(303, { Location: `${target}#${fragment}`, 'Cache-Control': 'no-store' });
    ctx.res.end();
  };

  // POST /verify: {token_hash, type} (the link's token) or {email, token, type}.
  const verifyPost: Route = async (ctx) => {
    const body = await readJsonBody(ctx.req);
    const type = stringField(body, 'type');
    if (!type) throw validationFailed('Verify requires a verification type');
    const tokenHash = stringField(body, 'token_hash');
    const token = stringField(body, 'token');
    const email = stringField(body, 'email');
    let session: SessionResponse;
    if (tokenHash) session = await verifyToken(ctx, { token: tokenHash, type }, LINK_EXPIRED);
    else if (token && email)
      session = await verifyToken(ctx, { token, type, email: normalizeEmail(email) }, CODE_EXPIRED);
    else if (token && stringField(body, 'phone'))
      throw new AuthError(403, 'otp_expired', CODE_EXPIRED);
    else throw validationFailed('Verify requires either a token hash, or an email and a token');
    sendSession(ctx, session);
  };

  const signup: Route = async () => {
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  };

  const settings: Route = async (ctx) => {
    const providers = [
      'anonymous_users',
      'apple',
      'azure',
      'bitbucket',
      'discord',
      'facebook',
      'figma',
      'fly',
      'github',
      'gitlab',
      'google',
      'keycloak',
      'kakao',
      'linkedin',
      'linkedin_oidc',
      'notion',
      'slack',
      'slack_oidc',
      'spotify',
      'twitch',
      'twitter',
      'workos',
      'zoom',
      'phone',
    ];
    send(ctx, 200, {
      external: { ...Object.fromEntries(providers.map((name) => [name, false])), email: true },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  };

  const health: Route = async (ctx) => {
    send(ctx, 200, {
      version: 'embedded',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    });
  };

  const routes: Record<string, Partial<Record<string, Route>>> = {
    '/token': { POST: token },
    '/user': { GET: getUser, PUT: updateUser },
    '/logout': { POST: logout },
    '/recover': { POST: recover },
    '/otp': { POST: otp },
    '/verify': { GET: verifyLink, POST: verifyPost },
    '/signup': { POST: signup },
    '/settings': { GET: settings },
    '/health': { GET: health },
  };

  return {
    async handle(req, res, url) {
      const origin = configuredSite?.origin ?? requestOrigin(req);
      const ctx: Context = { req, res, url, origin, siteUrl: configuredSite?.href ?? `${origin}/` };
      try {
        const path = url.pathname.slice(PREFIX.length).replace(/\/+$/, '') || '/';
        const methods = routes[path];
        if (!methods) throw new AuthError(404, 'not_found', 'Not Found');
        const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
        const route = methods[method];
        if (!route) {
          throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed', {
            headers: { Allow: Object.keys(methods).join(', ') },
          });
        }
        await route(ctx);
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        if (res.headersSent) res.destroy();
        else sendAuthError(req, res, error);
      }
    },
  };
}
