// TOTP two-factor through supabase-js's auth.mfa on the embedded /auth/v1, on PGlite and on
// PostgreSQL: enrol (QR code and secret), challenge, verify with a code computed here from the
// secret (aal2), wrong and reused codes refused, aal1 after a password sign-in, unenrol.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import { claimsOf } from '../support/auth-mail.ts';
import {
  MEMBER_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';

/** A code for now that the factor has not accepted yet: the next step's once this one's is used. */
function codeFor(secret: string, usedSteps: Set<number>): string {
  let step = timeStep(Date.now());
  if (usedSteps.has(step)) step += 1;
  usedSteps.add(step);
  return totpCode(secret, step);
}

function methodsOf(accessToken: string): string[] {
  return (claimsOf(accessToken).amr as { method: string }[]).map((entry) => entry.method);
}

async function accessTokenOf(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

async function enrol(client: SupabaseClient, friendlyName = 'Phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  return data;
}

describe.each(backendKinds)('two-factor sign-in on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());

  it('enrols a TOTP factor with a QR code and secret, unverified until a code is verified', async () => {
    const member = await backend.signedInMember('enrol@example.com', 'admin');
    const factor = await enrol(member);
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^#]*<\/svg>$/);
    const uri = new URL(factor.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(factor.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe(new URL(backend.url).host);
    expect(decodeURIComponent(uri.pathname)).toContain('enrol@example.com');

    const listed = await member.auth.mfa.listFactors();
    expect(listed.data!.all).toEqual([
      expect.objectContaining({ id: factor.id, status: 'unverified', factor_type: 'totp' }),
    ]);
    expect(listed.data!.totp).toEqual([]);
    const again = await member.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('verifies a code: aal2 with password and totp in amr, kept on refresh; wrong and reused codes refused', async () => {
    const member = await backend.signedInMember('verify@example.com', 'admin');
    const factor = await enrol(member);
    const used = new Set<number>();

    const challenge = await member.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);
    const right = codeFor(factor.totp.secret, used);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await member.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: wrong,
    });
    expect(refused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(claimsOf(await accessTokenOf(member)).aal).toBe('aal1');

    const verified = await member.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: right,
    });
    expect(verified.error).toBeNull();
    const token = verified.data!.access_token;
    expect(claimsOf(token).aal).toBe('aal2');
    expect(methodsOf(token)).toEqual(['totp', 'password']);
    expect(await accessTokenOf(member)).toBe(token);
    const level = await member.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await member.auth.mfa.listFactors()).data!.totp).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified', friendly_name: 'Phone' }),
    ]);

    const refreshed = await member.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');

    const replay = await member.auth.mfa.challengeAndVerify({ factorId: factor.id, code: right });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const sameChallenge = await member.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret, used),
    });
    expect(sameChallenge.error).toMatchObject({ status: 422 });
  });

  it('signs an enrolled member in with a password at aal1, with aal2 as the next level', async () => {
    const member = await backend.signedInMember('aal1@example.com', 'editor');
    const factor = await enrol(member);
    const verified = await member.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret, new Set()),
    });
    expect(verified.error).toBeNull();

    const client = backend.client();
    const signIn = await client.auth.signInWithPassword({
      email: 'aal1@example.com',
      password: MEMBER_PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect(claimsOf(signIn.data.session!.access_token)).toMatchObject({ aal: 'aal1' });
    expect(methodsOf(signIn.data.session!.access_token)).toEqual(['password']);
    expect(signIn.data.user!.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified' }),
    ]);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const user = await client.auth.getUser();
    expect(user.data.user!.factors!.map((f) => f.id)).toEqual([factor.id]);

    // A verified factor is removed only from an aal2 session, and so is a second one added.
    const unenrol = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrol.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const second = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
  });

  it('unenrols from an aal2 session, which goes back to aal1 at its next refresh', async () => {
    const member = await backend.signedInMember('unenrol@example.com', 'admin');
    const factor = await enrol(member);
    await member.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret, new Set()),
    });
    expect(claimsOf(await accessTokenOf(member)).aal).toBe('aal2');

    const { data, error } = await member.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factor.id });
    expect((await member.auth.mfa.listFactors()).data!.all).toEqual([]);
    const refreshed = await member.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1');
    const level = await member.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const gone = await member.auth.mfa.unenroll({ factorId: factor.id });
    expect(gone.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it("refuses another user's factor and limits wrong codes like failed sign-ins", async () => {
    const owner = await backend.signedInMember('owner-of-factor@example.com', 'admin');
    const factor = await enrol(owner);
    const stranger = await backend.signedInMember('stranger@example.com', 'editor');
    const foreign = await stranger.auth.mfa.challenge({ factorId: factor.id });
    expect(foreign.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    const right = totpCode(factor.totp.secret, timeStep(Date.now()));
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      const attempt = await owner.auth.mfa.challengeAndVerify({ factorId: factor.id, code: wrong });
      expect(attempt.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const limited = await owner.auth.mfa.challengeAndVerify({ factorId: factor.id, code: right });
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(claimsOf(await accessTokenOf(owner)).aal).toBe('aal1');
  });

  it('answers GoTrue errors for unsupported factor types', async () => {
    const member = await backend.signedInMember('types@example.com', null);
    const phone = await member.auth.mfa.enroll({ factorType: 'phone', phone: '+46700000000' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    const anonymous = await backend.client().auth.mfa.enroll({ factorType: 'totp' });
    expect(anonymous.error).not.toBeNull();
  });
});
