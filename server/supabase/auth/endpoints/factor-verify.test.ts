import { describe, expect, it } from 'vitest';
import { verifyJwt } from '#server/supabase/jwt.ts';
import { timeStep, totpCode } from '../mfa/totp.ts';
import {
  call,
  countRows,
  harnessPerFile,
  signedInMember,
  startSession,
  type Member,
} from './endpoint-harness.ts';
import { verifyFactor } from './factor-verify.ts';
import { challengeFactor, enrollFactor } from './factors.ts';

// Two wrong codes per factor and window, so the limit is reached in three requests.
const h = harnessPerFile({ signInFailuresPerAccount: { max: 2, windowSeconds: 60 } });

/** A member with an enrolled (unverified) TOTP factor. */
async function enrolled(email: string) {
  const member = await signedInMember(h.ctx, email);
  const { json } = await call(h.ctx, enrollFactor, {
    token: member.accessToken,
    body: { factor_type: 'totp', friendly_name: 'Phone' },
  });
  return { member, factorId: json.id as string, secret: (json.totp as { secret: string }).secret };
}

async function challenge(member: Member, factorId: string, ip = '127.0.0.1'): Promise<string> {
  const { json } = await call(h.ctx, challengeFactor, {
    token: member.accessToken,
    params: { factorId },
    ip,
  });
  return json.id as string;
}

const verify = (member: Member, factorId: string, body: Record<string, unknown>, ip?: string) =>
  call(h.ctx, verifyFactor, { token: member.accessToken, params: { factorId }, body, ip });

const currentCode = (secret: string) => totpCode(secret, timeStep(Date.now()));
const wrongCode = (secret: string) => totpCode(secret, timeStep(Date.now()) + 10);

describe('POST /factors/{id}/verify', () => {
  it('verifies the factor with a right code and raises the session to aal2', async () => {
    const { member, factorId, secret } = await enrolled('right@verify-factor.example');
    const spare = await call(h.ctx, enrollFactor, {
      token: member.accessToken,
      body: { factor_type: 'totp', friendly_name: 'Spare' },
    });
    const other = await startSession(h.ctx, member.userId);
    const challengeId = await challenge(member, factorId);
    const answer = await verify(member, factorId, {
      challenge_id: challengeId,
      code: currentCode(secret),
    });
    expect(answer.status).toBe(200);
    expect(answer.json.refresh_token).not.toBe(member.refreshToken);
    const claims = await verifyJwt(answer.json.access_token as string, h.ctx.jwtSecret);
    expect(claims).toMatchObject({ aal: 'aal2', session_id: member.sessionId });
    const { rows } = await h.db.query<{ aal: string; factor_id: string }>(
      'select aal::text as aal, factor_id from auth.sessions where user_id = $1',
      [member.userId],
    );
    // The user's other, aal1 session ends; so does the spare factor never verified.
    expect(rows).toEqual([{ aal: 'aal2', factor_id: factorId }]);
    expect(await countRows(h.db, 'auth.sessions', 'id = $1', [other.sessionId])).toBe(0);
    expect(await countRows(h.db, 'auth.mfa_factors', 'id = $1', [spare.json.id])).toBe(0);
    expect(
      await countRows(h.db, 'auth.mfa_factors', `id = $1 and status = 'verified'`, [factorId]),
    ).toBe(1);
    expect(
      await countRows(h.db, 'auth.mfa_challenges', 'id = $1 and verified_at is not null', [
        challengeId,
      ]),
    ).toBe(1);
  });

  it('refuses a wrong code and leaves the factor unverified', async () => {
    const { member, factorId, secret } = await enrolled('wrong@verify-factor.example');
    const challengeId = await challenge(member, factorId);
    const answer = await verify(member, factorId, {
      challenge_id: challengeId,
      code: wrongCode(secret),
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    expect(
      await countRows(h.db, 'auth.mfa_factors', `id = $1 and status = 'unverified'`, [factorId]),
    ).toBe(1);
  });

  it('never accepts the same code twice', async () => {
    const { member, factorId, secret } = await enrolled('twice@verify-factor.example');
    const code = currentCode(secret);
    const first = await verify(member, factorId, {
      challenge_id: await challenge(member, factorId),
      code,
    });
    expect(first.status).toBe(200);
    const second = await verify(member, factorId, {
      challenge_id: await challenge(member, factorId),
      code,
    });
    expect(second.status).toBe(422);
    expect(second.json.code).toBe('mfa_verification_failed');
  });

  it('refuses a challenge answered from another address, or answered before', async () => {
    const { member, factorId, secret } = await enrolled('address@verify-factor.example');
    const challengeId = await challenge(member, factorId, '203.0.113.1');
    const body = { challenge_id: challengeId, code: currentCode(secret) };
    const elsewhere = await verify(member, factorId, body, '203.0.113.2');
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json).toEqual({
      code: 'mfa_ip_address_mismatch',
      message: 'Challenge and verify IP addresses mismatch.',
    });
    expect((await verify(member, factorId, body, '203.0.113.1')).status).toBe(200);
    const again = await verify(member, factorId, body, '203.0.113.1');
    expect(again.json.code).toBe('mfa_ip_address_mismatch');
  });

  it('refuses and removes a challenge older than five minutes', async () => {
    const { member, factorId, secret } = await enrolled('late@verify-factor.example');
    const challengeId = await challenge(member, factorId);
    await h.db.query(
      `update auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`,
      [challengeId],
    );
    const answer = await verify(member, factorId, {
      challenge_id: challengeId,
      code: currentCode(secret),
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    });
    expect(await countRows(h.db, 'auth.mfa_challenges', 'id = $1', [challengeId])).toBe(0);
  });

  it('asks for a code and a challenge of this factor', async () => {
    const { member, factorId, secret } = await enrolled('missing@verify-factor.example');
    const noCode = await verify(member, factorId, {
      challenge_id: await challenge(member, factorId),
    });
    expect(noCode.status).toBe(400);
    expect(noCode.json).toEqual({
      code: 'validation_failed',
      message: 'Code needs to be non-empty',
    });
    const notFound = {
      code: 'mfa_factor_not_found',
      message: 'MFA factor with the provided challenge ID not found',
    };
    const malformed = await verify(member, factorId, { challenge_id: 'x', code: '123456' });
    expect(malformed).toMatchObject({ status: 422, json: notFound });
    const other = await enrolled('other@verify-factor.example');
    const theirs = await verify(member, factorId, {
      challenge_id: await challenge(other.member, other.factorId),
      code: currentCode(secret),
    });
    expect(theirs).toMatchObject({ status: 422, json: notFound });
  });

  it('stops wrong codes at the limit, even a right one after', async () => {
    const { member, factorId, secret } = await enrolled('limit@verify-factor.example');
    const challengeId = await challenge(member, factorId);
    const wrong = { challenge_id: challengeId, code: wrongCode(secret) };
    expect((await verify(member, factorId, wrong)).status).toBe(422);
    expect((await verify(member, factorId, wrong)).status).toBe(422);
    const refused = await verify(member, factorId, { ...wrong, code: currentCode(secret) });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('over_request_rate_limit');
  });
});
