// A member who has set up an authenticator app sees no lead, no lead mail and cannot
// change the team until this session is confirmed with a code (aal2), as Supabase's MFA guide
// has it; a member without an app keeps aal1 access. The real supabase-js, on both databases.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import {
  MEMBER_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { aLead } from '../support/leads.ts';

const lead = aLead({ name: 'Karin Berg', language: 'swedish' });

/** Codes of one secret, each for a time step not used before (a code is accepted once). */
function codes(secret: string) {
  let step = timeStep(Date.now()) - 1;
  return () => totpCode(secret, (step += 1));
}

describe.each(backendKinds)('the second factor guards the leads on %s', (kind) => {
  let backend: TestBackend;
  let leadId: string;
  let factorId: string;
  let nextCode: () => string;

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    expect((await backend.client().from('consultations').insert(lead)).status).toBe(201);
    const admin = await backend.signedInMember('careful@example.com', 'admin');
    leadId = (await admin.from('consultations').select('id').single()).data!.id as string;
    const { data: factor, error } = await admin.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    factorId = factor.id;
    nextCode = codes(factor.totp.secret);
    const verified = await admin.auth.mfa.challengeAndVerify({ factorId, code: nextCode() });
    expect(verified.error).toBeNull();
  });
  afterAll(async () => backend?.close());

  async function signIn(): Promise<SupabaseClient> {
    const client = backend.client();
    const { error } = await client.auth.signInWithPassword({
      email: 'careful@example.com',
      password: MEMBER_PASSWORD,
    });
    if (error) throw error;
    return client;
  }

  it('shows an enrolled administrator nothing of the leads at aal1', async () => {
    const client = await signIn();
    const aal = (await client.auth.mfa.getAuthenticatorAssuranceLevel()).data!;
    expect(aal).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await client.from('consultations').select('id')).data).toEqual([]);
    expect((await client.from('consultation_mails').select('id')).data).toEqual([]);
    const changed = await client
      .from('consultations')
      .update({ status: 'contacted' })
      .eq('id', leadId)
      .select('id');
    expect(changed.data).toEqual([]);
    // Their own role stays readable, so the admin pages can ask for the code.
    const ownId = (await client.auth.getUser()).data.user!.id;
    const own = await client.from('team_members').select('role').eq('user_id', ownId);
    expect(own.data).toEqual([{ role: 'admin' }]);
    const demoted = await client
      .from('team_members')
      .update({ role: 'editor' })
      .neq('user_id', ownId)
      .select('user_id');
    expect(demoted.data).toEqual([]);
  });

  it('shows them the leads once the session is confirmed with a code (aal2)', async () => {
    const client = await signIn();
    expect(
      (await client.auth.mfa.challengeAndVerify({ factorId, code: nextCode() })).error,
    ).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data!.currentLevel).toBe(
      'aal2',
    );
    expect((await client.from('consultations').select('id')).data).toEqual([{ id: leadId }]);
    expect((await client.from('consultation_mails').select('id')).data?.length).toBeGreaterThan(0);
  });

  it('leaves an administrator without an authenticator app at aal1 access', async () => {
    const plain = await backend.signedInMember('plain@example.com', 'admin');
    expect((await plain.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    expect((await plain.from('consultations').select('id')).data).toEqual([{ id: leadId }]);
  });
});
