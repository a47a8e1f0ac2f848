import { describe, expect, it } from 'vitest';
import { raiseSessionToAal2 } from '../sessions.ts';
import {
  addVerifiedFactor,
  call,
  countRows,
  harnessPerFile,
  signedInMember,
} from './endpoint-harness.ts';
import { challengeFactor, enrollFactor, unenrollFactor } from './factors.ts';

const h = harnessPerFile();

const enroll = (token: string, body: Record<string, unknown>) =>
  call(h.ctx, enrollFactor, { path: '/factors', token, body });

describe('POST /factors', () => {
  it('enrolls an unverified TOTP factor and answers its secret, address and QR code', async () => {
    const member = await signedInMember(h.ctx, 'enrol@factors.example');
    const answer = await enroll(member.accessToken, {
      factor_type: 'totp',
      friendly_name: 'Work phone',
      issuer: 'Agency',
    });
    expect(answer.status).toBe(200);
    const totp = answer.json.totp as { secret: string; uri: string; qr_code: string };
    expect(answer.json).toMatchObject({ type: 'totp', friendly_name: 'Work phone' });
    expect(totp.uri).toContain(`secret=${totp.secret}`);
    expect(totp.uri).toMatch(/^otpauth:\/\/totp\/Agency:/);
    expect(totp.qr_code).toMatch(/<svg/);
    const { rows } = await h.db.query<{ status: string; secret: string; user_id: string }>(
      'select status::text as status, secret, user_id from auth.mfa_factors where id = $1',
      [answer.json.id],
    );
    expect(rows).toEqual([{ status: 'unverified', secret: totp.secret, user_id: member.userId }]);
  });

  it('names the site as issuer when the client names none', async () => {
    const member = await signedInMember(h.ctx, 'issuer@factors.example');
    const answer = await enroll(member.accessToken, { factor_type: 'totp' });
    expect((answer.json.totp as { uri: string }).uri).toMatch(
      /^otpauth:\/\/totp\/agency\.example:/,
    );
  });

  it.each([
    ['phone', 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'],
    ['webauthn', 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'],
  ])('refuses %s factors as disabled', async (factorType, code, message) => {
    const member = await signedInMember(h.ctx, `${factorType}@factors.example`);
    const answer = await enroll(member.accessToken, { factor_type: factorType });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({ code, message });
    expect(await countRows(h.db, 'auth.mfa_factors', 'user_id = $1', [member.userId])).toBe(0);
  });

  it('refuses an unknown factor type', async () => {
    const member = await signedInMember(h.ctx, 'unknown-type@factors.example');
    const answer = await enroll(member.accessToken, { factor_type: 'sms' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'validation_failed',
      message: 'factor_type needs to be totp, phone, or webauthn',
    });
  });

  it('refuses a caller without a bearer token', async () => {
    const answer = await call(h.ctx, enrollFactor, { body: { factor_type: 'totp' } });
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('no_authorization');
  });

  it('refuses an anonymous user', async () => {
    const member = await signedInMember(h.ctx, 'anonymous@factors.example');
    await h.db.query('update auth.users set is_anonymous = true where id = $1', [member.userId]);
    const answer = await enroll(member.accessToken, { factor_type: 'totp' });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({
      code: 'no_authorization',
      message: 'Anonymous user not allowed to perform these actions',
    });
  });

  it('refuses a second factor with the same friendly name', async () => {
    const member = await signedInMember(h.ctx, 'twin@factors.example');
    const body = { factor_type: 'totp', friendly_name: 'Laptop' };
    expect((await enroll(member.accessToken, body)).status).toBe(200);
    const answer = await enroll(member.accessToken, body);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      code: 'mfa_factor_name_conflict',
      message: 'A factor with the friendly name "Laptop" for this user already exists',
    });
    expect(await countRows(h.db, 'auth.mfa_factors', 'user_id = $1', [member.userId])).toBe(1);
  });

  it('refuses an eleventh factor', async () => {
    const member = await signedInMember(h.ctx, 'many@factors.example');
    for (let n = 0; n < 10; n++) {
      const body = { factor_type: 'totp', friendly_name: `App ${n}` };
      expect((await enroll(member.accessToken, body)).status).toBe(200);
    }
    const answer = await enroll(member.accessToken, { factor_type: 'totp', friendly_name: 'X' });
    expect(answer.status).toBe(422);
    expect(answer.json.code).toBe('too_many_enrolled_mfa_factors');
  });

  it('needs an aal2 session to enroll beside a verified factor', async () => {
    const member = await signedInMember(h.ctx, 'second@factors.example');
    const factorId = await addVerifiedFactor(h.db, member.userId);
    const body = { factor_type: 'totp', friendly_name: 'Spare' };
    const refused = await enroll(member.accessToken, body);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
    await h.db.transaction((tx) => raiseSessionToAal2(tx, { ...member, factorId, method: 'totp' }));
    expect((await enroll(member.accessToken, body)).status).toBe(200);
  });
});

describe('POST /factors/{id}/challenge', () => {
  it('opens a challenge valid five minutes, from the caller’s address', async () => {
    const member = await signedInMember(h.ctx, 'challenge@factors.example');
    const factorId = (await enroll(member.accessToken, { factor_type: 'totp' })).json.id as string;
    const before = Math.floor(Date.now() / 1000);
    const answer = await call(h.ctx, challengeFactor, {
      token: member.accessToken,
      params: { factorId },
      ip: '203.0.113.7',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.type).toBe('totp');
    expect(answer.json.expires_at).toBeGreaterThanOrEqual(before + 300);
    expect(answer.json.expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 300);
    const { rows } = await h.db.query<{ factor_id: string; ip: string }>(
      'select factor_id, host(ip_address) as ip from auth.mfa_challenges where id = $1',
      [answer.json.id],
    );
    expect(rows).toEqual([{ factor_id: factorId, ip: '203.0.113.7' }]);
    const stamped = await countRows(
      h.db,
      'auth.mfa_factors',
      'id = $1 and last_challenged_at is not null',
      [factorId],
    );
    expect(stamped).toBe(1);
  });

  it('finds no factor of another user, and none whose id is not a UUID', async () => {
    const owner = await signedInMember(h.ctx, 'owner@factors.example');
    const stranger = await signedInMember(h.ctx, 'stranger@factors.example');
    const factorId = (await enroll(owner.accessToken, { factor_type: 'totp' })).json.id as string;
    const theirs = await call(h.ctx, challengeFactor, {
      token: stranger.accessToken,
      params: { factorId },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual({ code: 'mfa_factor_not_found', message: 'Factor not found' });
    const malformed = await call(h.ctx, challengeFactor, {
      token: owner.accessToken,
      params: { factorId: 'not-a-uuid' },
    });
    expect(malformed.status).toBe(404);
    expect(malformed.json).toEqual({
      code: 'validation_failed',
      message: 'factor_id must be an UUID',
    });
    expect(await countRows(h.db, 'auth.mfa_challenges', 'factor_id = $1', [factorId])).toBe(0);
  });
});

describe('DELETE /factors/{id}', () => {
  it('removes an unverified factor from an aal1 session', async () => {
    const member = await signedInMember(h.ctx, 'drop@factors.example');
    const factorId = (await enroll(member.accessToken, { factor_type: 'totp' })).json.id as string;
    const answer = await call(h.ctx, unenrollFactor, {
      method: 'DELETE',
      token: member.accessToken,
      params: { factorId },
    });
    expect(answer).toMatchObject({ status: 200, json: { id: factorId } });
    expect(await countRows(h.db, 'auth.mfa_factors', 'id = $1', [factorId])).toBe(0);
  });

  it('keeps a verified factor unless the session is aal2', async () => {
    const member = await signedInMember(h.ctx, 'keep@factors.example');
    const factorId = await addVerifiedFactor(h.db, member.userId);
    const answer = await call(h.ctx, unenrollFactor, {
      method: 'DELETE',
      token: member.accessToken,
      params: { factorId },
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
    expect(await countRows(h.db, 'auth.mfa_factors', 'id = $1', [factorId])).toBe(1);
  });

  it('returns the sessions a verified factor raised to aal1', async () => {
    const member = await signedInMember(h.ctx, 'lower@factors.example');
    const factorId = await addVerifiedFactor(h.db, member.userId);
    await h.db.transaction((tx) => raiseSessionToAal2(tx, { ...member, factorId, method: 'totp' }));
    const answer = await call(h.ctx, unenrollFactor, {
      method: 'DELETE',
      token: member.accessToken,
      params: { factorId },
    });
    expect(answer.status).toBe(200);
    const { rows } = await h.db.query<{ aal: string; factor_id: string | null }>(
      'select aal::text as aal, factor_id from auth.sessions where id = $1',
      [member.sessionId],
    );
    expect(rows).toEqual([{ aal: 'aal1', factor_id: null }]);
    const totpClaims = await countRows(
      h.db,
      'auth.mfa_amr_claims',
      `session_id = $1 and authentication_method = 'totp'`,
      [member.sessionId],
    );
    expect(totpClaims).toBe(0);
    expect(await countRows(h.db, 'auth.mfa_factors', 'id = $1', [factorId])).toBe(0);
  });
});
