// POST /factors/{id}/verify {challenge_id, code}: a right TOTP code raises the session to aal2 and
// answers a new session (GoTrue's verifyTOTPFactor). Wrong codes are limited like failed
// sign-ins, and a code that was accepted once is refused after.
import type { Queryable } from '#server/supabase/db/types.ts';
import type { Endpoint } from '../context.ts';
import { AuthError, rateLimited, validationFailed } from '../errors.ts';
import { issueSession } from '../issue-session.ts';
import { acceptedStep } from '../mfa/totp.ts';
import { readJsonBody, sendSession, UUID } from '../request.ts';
import { raiseSessionToAal2, type StartedSession } from '../sessions.ts';
import { authenticateMember, challengeIp, CHALLENGE_TTL_SECONDS, loadFactor } from './factors.ts';

const challengeNotFound = () =>
  new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');

/** Checks the challenge; an expired one is deleted (so the error is returned, to commit that). */
async function checkChallenge(
  tx: Queryable,
  input: { challengeId: string; factorId: string; ip: string },
): Promise<AuthError | undefined> {
  const { rows } = await tx.query<{ used: string; same_ip: string; expired: string }>(
    `select verified_at is not null as used, ip_address = $3::inet as same_ip,
       created_at <= now() - make_interval(secs => $4) as expired
     from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [input.challengeId, input.factorId, input.ip, CHALLENGE_TTL_SECONDS],
  );
  const challenge = rows[0];
  if (!challenge) return challengeNotFound();
  if (challenge.used === 't' || challenge.same_ip !== 't') {
    return new AuthError(
      422,
      'mfa_ip_address_mismatch',
      'Challenge and verify IP addresses mismatch.',
    );
  }
  if (challenge.expired === 't') {
    await tx.query('delete from auth.mfa_challenges where id = $1', [input.challengeId]);
    return new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${input.challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return undefined;
}

/** The time step of the last code this factor accepted (kept in its verified challenges). */
async function lastUsedStep(tx: Queryable, factorId: string): Promise<number> {
  const { rows } = await tx.query<{ step: string | null }>(
    `select max(otp_code::bigint) as step from auth.mfa_challenges
     where factor_id = $1 and verified_at is not null and otp_code ~ '^[0-9]+$'`,
    [factorId],
  );
  return rows[0]?.step == null ? -1 : Number(rows[0].step);
}

export const verifyFactor: Endpoint = async (ctx, request) => {
  const auth = await authenticateMember(ctx, request);
  await loadFactor(ctx.db, request, auth);
  const body = await readJsonBody(request.req);
  const code = typeof body.code === 'number' ? String(body.code) : String(body.code ?? '');
  if (!code) throw validationFailed('Code needs to be non-empty');
  const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : '';
  if (!UUID.test(challengeId)) throw challengeNotFound();

  const key = `mfa-verify:factor:${request.params.factorId}`;
  const attempt = await ctx.throttle.hit(key, ctx.limits.signInFailuresPerAccount);
  if (!attempt.allowed) throw rateLimited(attempt.retryAfter);

  const outcome = await ctx.db.transaction(async (tx): Promise<StartedSession | AuthError> => {
    // Locked, so two requests with the same code cannot both be accepted.
    const factor = await loadFactor(tx, request, auth, true);
    const problem = await checkChallenge(tx, {
      challengeId,
      factorId: factor.id,
      ip: challengeIp(request),
    });
    if (problem) return problem;
    const step = acceptedStep(
      factor.secret ?? '',
      code,
      Date.now(),
      await lastUsedStep(tx, factor.id),
    );
    if (step === undefined) {
      return new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await tx.query(
      'update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id = $1',
      [challengeId, String(step)],
    );
    if (factor.status !== 'verified') {
      await tx.query(
        `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
        [factor.id],
      );
    }
    const started = await raiseSessionToAal2(tx, {
      userId: auth.userId,
      sessionId: auth.sessionId,
      factorId: factor.id,
      method: 'totp',
    });
    // As GoTrue: the user's sessions below aal2 end, and their other unverified TOTP factors go.
    await tx.query(`delete from auth.sessions where user_id = $1 and aal::text < 'aal2'`, [
      auth.userId,
    ]);
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp'
         and status = 'unverified' and id <> $2`,
      [auth.userId, factor.id],
    );
    return started;
  });
  if (outcome instanceof AuthError) throw outcome;
  await ctx.throttle.reset(key);
  sendSession(request, await issueSession(ctx, request, outcome));
};
