// /factors: TOTP enrolment, challenges and unenrolment through supabase-js's auth.mfa, as
// GoTrue's mfa.go answers them (verification is in factor-verify.ts).
import { isIP } from 'node:net';
import { clientIp } from '#server/http.ts';
import type { Queryable } from '#server/supabase/db/types.ts';
import type { AuthContext, AuthRequest, Endpoint } from '../context.ts';
import { authenticate, currentUser, type Authenticated } from '../authenticate.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { qrSvg } from '../mfa/qr-svg.ts';
import { notifyFactorRemoved, removeFactor } from '../mfa/remove-factor.ts';
import { generateSecret, otpauthUri } from '../mfa/totp.ts';
import { readJsonBody, send, stringField, UUID } from '../request.ts';
import { findUserById } from '../users.ts';

/** GoTrue's defaults: challenges and unverified factors last 5 minutes; 10 factors at most. */
export const CHALLENGE_TTL_SECONDS = 300;
const UNVERIFIED_FACTOR_TTL_SECONDS = 300;
const MAX_FACTORS = 10;

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  status: 'verified' | 'unverified';
  factor_type: string;
  secret: string | null;
}

/** The caller's factor named in the path (GoTrue's loadFactor). */
export async function loadFactor(
  db: Queryable,
  request: AuthRequest,
  auth: Authenticated,
  lock = false,
): Promise<FactorRow> {
  const id = request.params.factorId!;
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const { rows } = await db.query<FactorRow>(
    `select id, friendly_name, status::text as status, factor_type::text as factor_type, secret
       from auth.mfa_factors where id = $1 and user_id = $2 ${lock ? 'for update' : ''}`,
    [id, auth.userId],
  );
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** A signed-in, not banned, not anonymous user (GoTrue's requireNotAnonymous). */
export async function authenticateMember(
  ctx: AuthContext,
  request: AuthRequest,
): Promise<Authenticated> {
  const auth = await authenticate(ctx, request);
  const record = await currentUser(ctx, auth);
  if (record.user.is_anonymous) {
    throw new AuthError(
      403,
      'no_authorization',
      'Anonymous user not allowed to perform these actions',
    );
  }
  return auth;
}

/** The client's address as the inet column takes it. */
export function challengeIp(request: AuthRequest): string {
  const ip = clientIp(request.req);
  return isIP(ip) ? ip : '0.0.0.0';
}

/** GoTrue's validateFactors: names unique per user, at most 10, and a new one needs aal2 once one is verified. */
async function checkNewFactor(tx: Queryable, auth: Authenticated, friendlyName: string) {
  await tx.query('select 1 from auth.users where id = $1 for update', [auth.userId]);
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
       and created_at < now() - make_interval(secs => $2)`,
    [auth.userId, UNVERIFIED_FACTOR_TTL_SECONDS],
  );
  const { rows } = await tx.query<{ friendly_name: string | null; status: string }>(
    'select friendly_name, status::text as status from auth.mfa_factors where user_id = $1',
    [auth.userId],
  );
  if (rows.some((row) => (row.friendly_name ?? '') === friendlyName)) {
    throw new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    );
  }
  if (rows.length >= MAX_FACTORS) {
    throw new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (rows.some((row) => row.status === 'verified') && auth.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

// POST /factors {factor_type: 'totp', friendly_name, issuer}: an unverified factor with its secret,
// the otpauth:// address and that address as a QR code.
export const enrollFactor: Endpoint = async (ctx, request) => {
  const auth = await authenticateMember(ctx, request);
  const body = await readJsonBody(request.req);
  const factorType = stringField(body, 'factor_type');
  if (factorType === 'phone') {
    throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (factorType === 'webauthn') {
    throw new AuthError(
      422,
      'mfa_webauthn_enroll_not_enabled',
      'MFA enroll is disabled for WebAuthn',
    );
  }
  if (factorType !== 'totp') {
    throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  }
  const friendlyName = stringField(body, 'friendly_name');
  const issuer = stringField(body, 'issuer') || new URL(request.origin).host;
  const record = await currentUser(ctx, auth);
  const secret = generateSecret();
  const uri = otpauthUri({ issuer, account: record.user.email, secret });
  const id = await ctx.db.transaction(async (tx) => {
    await checkNewFactor(tx, auth, friendlyName);
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
         updated_at, secret)
       values (gen_random_uuid(), $1, $2, 'totp', 'unverified', now(), now(), $3) returning id`,
      [auth.userId, friendlyName, secret],
    );
    return rows[0]!.id;
  });
  send(request, 200, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrSvg(uri), secret, uri },
  });
};

// POST /factors/{id}/challenge: a challenge for the code, valid 5 minutes from this address.
export const challengeFactor: Endpoint = async (ctx, request) => {
  const auth = await authenticateMember(ctx, request);
  const factor = await loadFactor(ctx.db, request, auth);
  if (factor.factor_type !== 'totp') {
    throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  }
  const challenge = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; expires_at: string }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values (gen_random_uuid(), $1, now(), $2::inet)
       returning id, floor(extract(epoch from created_at))::bigint + $3 as expires_at`,
      [factor.id, challengeIp(request), CHALLENGE_TTL_SECONDS],
    );
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [
      factor.id,
    ]);
    return rows[0]!;
  });
  send(request, 200, { id: challenge.id, type: 'totp', expires_at: Number(challenge.expires_at) });
};

// DELETE /factors/{id}: removing a verified factor takes an aal2 session; the sessions it raised
// go back to aal1.
export const unenrollFactor: Endpoint = async (ctx, request) => {
  const auth = await authenticateMember(ctx, request);
  const factor = await loadFactor(ctx.db, request, auth);
  if (factor.status === 'verified' && auth.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.transaction((tx) => removeFactor(tx, factor.id));
  send(request, 200, { id: factor.id });
  if (factor.status === 'verified') {
    const record = await findUserById(ctx.db, auth.userId);
    notifyFactorRemoved(ctx, record?.user.email, factor.friendly_name, false);
  }
};
