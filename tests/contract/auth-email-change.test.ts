// Changing one's address on the embedded /auth/v1 as GoTrue does with "Secure email change" on
// (hosted Supabase's default), through the real supabase-js, on PGlite and on PostgreSQL:
// updateUser({ email }) mails a link to the new and to the current address, and the address
// changes once both are opened.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import { claimsOf, linkIn, mailsTo } from '../support/auth-mail.ts';
import {
  ADMIN_EMAIL,
  MEMBER_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';

const FIRST_LINK_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Where a GET of the link sends the browser (GoTrue answers 303 with the result in the hash). */
async function follow(
  link: string,
): Promise<{ status: number; target: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const target = new URL(response.headers.get('location')!);
  return { status: response.status, target, fragment: new URLSearchParams(target.hash.slice(1)) };
}

/** The link of the one mail sent to `address` with this subject. */
async function linkMailed(backend: TestBackend, address: string, subject: string) {
  const mails = (await mailsTo(backend, address)).filter((mail) => mail.subject === subject);
  expect(mails).toHaveLength(1);
  return linkIn(mails[0]!);
}

const TO_NEW = 'Confirm your new e-mail address';
const TO_CURRENT = 'Confirm the change of your e-mail address';

async function canSignIn(backend: TestBackend, email: string): Promise<boolean> {
  const { error } = await backend.client().auth.signInWithPassword({
    email,
    password: MEMBER_PASSWORD,
  });
  return error === null;
}

describe.each(backendKinds)('changing the e-mail address on %s', (kind) => {
  let backend: TestBackend;
  let redirectTo: string;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    redirectTo = `${backend.url}/admin/account`;
  });
  afterAll(async () => backend?.close());

  /** A member at `from` who has asked to move to `to`; the two links mailed. */
  async function askedToMove(from: string, to: string) {
    const member = await backend.signedInMember(from, 'editor');
    const { data, error } = await member.auth.updateUser(
      { email: to },
      { emailRedirectTo: redirectTo },
    );
    if (error) throw error;
    const next = to.trim().toLowerCase();
    return {
      member,
      user: data.user,
      toNew: await linkMailed(backend, next, TO_NEW),
      toCurrent: await linkMailed(backend, from, TO_CURRENT),
    };
  }

  it('answers with new_email waiting and mails a link to the new address and one to the current', async () => {
    const { member, user, toNew, toCurrent } = await askedToMove(
      'mover@example.com',
      ' Moved@Example.com ',
    );
    expect(user).toMatchObject({ email: 'mover@example.com', new_email: 'moved@example.com' });
    expect(Date.parse(user.email_change_sent_at!)).toBeGreaterThan(Date.now() - 60_000);
    for (const link of [toNew, toCurrent]) {
      const url = new URL(link);
      expect(url.origin + url.pathname).toBe(`${backend.url}/auth/v1/verify`);
      expect(url.searchParams.get('type')).toBe('email_change');
      expect(url.searchParams.get('redirect_to')).toBe(redirectTo);
    }
    expect(toNew).not.toBe(toCurrent);
    const [toCurrentMail] = await mailsTo(backend, 'mover@example.com');
    expect(toCurrentMail!.text).toContain('from mover@example.com to moved@example.com');

    // Stored as hosted GoTrue keeps it, the tokens only as digests.
    const { rows } = await backend.db.query<Record<string, string>>(
      `select email, email_change, email_change_token_new, email_change_token_current,
         email_change_confirm_status from auth.users where email = 'mover@example.com'`,
    );
    expect(rows[0]).toMatchObject({
      email_change: 'moved@example.com',
      email_change_confirm_status: '0',
    });
    expect(rows[0]!.email_change_token_new).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.email_change_token_current).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.email_change_token_new).not.toBe(new URL(toNew).searchParams.get('token'));

    // Nothing changes until the links are opened.
    expect((await member.auth.getUser()).data.user).toMatchObject({
      email: 'mover@example.com',
      new_email: 'moved@example.com',
    });
    expect(await canSignIn(backend, 'mover@example.com')).toBe(true);
    expect(await canSignIn(backend, 'moved@example.com')).toBe(false);
  });

  it('changes the address once both links are opened; the member then signs in with the new one only', async () => {
    const { member, toNew, toCurrent } = await askedToMove(
      'first@example.com',
      'second@example.com',
    );

    const first = await follow(toCurrent);
    expect(first.status).toBe(303);
    expect(first.target.href).toBe(
      `${redirectTo}#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email`,
    );
    expect((await member.auth.getUser()).data.user!.email).toBe('first@example.com');

    const second = await follow(toNew);
    expect(second.status).toBe(303);
    expect(second.target.origin + second.target.pathname).toBe(redirectTo);
    expect(second.fragment.get('type')).toBe('email_change');
    const accessToken = second.fragment.get('access_token')!;
    expect(claimsOf(accessToken)).toMatchObject({ email: 'second@example.com' });
    const opened = backend.client();
    const session = await opened.auth.setSession({
      access_token: accessToken,
      refresh_token: second.fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    const user = (await opened.auth.getUser()).data.user!;
    expect(user.email).toBe('second@example.com');
    expect(user).not.toHaveProperty('new_email');
    expect(user.identities![0]!.identity_data).toMatchObject({
      email: 'second@example.com',
      email_verified: true,
    });

    const { rows } = await backend.db.query<Record<string, string>>(
      `select email_change, email_change_token_new, email_change_token_current,
         email_change_confirm_status from auth.users where email = 'second@example.com'`,
    );
    expect(rows[0]).toEqual({
      email_change: '',
      email_change_token_new: '',
      email_change_token_current: '',
      email_change_confirm_status: '0',
    });
    expect(await canSignIn(backend, 'second@example.com')).toBe(true);
    expect(await canSignIn(backend, 'first@example.com')).toBe(false);
  });

  it('confirms through POST /verify too: the first token answers GoTrue’s message, the second a session', async () => {
    const { toNew, toCurrent } = await askedToMove('posted@example.com', 'posted-new@example.com');
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

    // supabase-js reads this answer as { user: null, session: null }; GoTrue's body says why.
    const first = await fetch(`${backend.url}/auth/v1/verify`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ token_hash: tokenOf(toNew), type: 'email_change' }),
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ msg: FIRST_LINK_MESSAGE, code: '200' });

    // The current address's token, given with the address it was mailed to.
    const wrongAddress = await backend.client().auth.verifyOtp({
      email: 'posted-new@example.com',
      token: tokenOf(toCurrent),
      type: 'email_change',
    });
    expect(wrongAddress.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const second = await backend.client().auth.verifyOtp({
      email: 'posted@example.com',
      token: tokenOf(toCurrent),
      type: 'email_change',
    });
    expect(second.error).toBeNull();
    expect(second.data.session!.user.email).toBe('posted-new@example.com');
    expect(claimsOf(second.data.session!.access_token).amr).toEqual([
      expect.objectContaining({ method: 'otp' }),
    ]);
  });

  it('refuses an address another user has with 422 email_exists; the same address changes nothing', async () => {
    const member = await backend.signedInMember('stays@example.com', 'editor');
    const taken = await member.auth.updateUser({ email: ADMIN_EMAIL.toUpperCase() });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    const malformed = await member.auth.updateUser({ email: 'not-an-address' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const same = await member.auth.updateUser({ email: 'Stays@Example.com' });
    expect(same.error).toBeNull();
    expect(same.data.user).not.toHaveProperty('new_email');
    expect(await mailsTo(backend, 'stays@example.com')).toEqual([]);
    expect(await mailsTo(backend, ADMIN_EMAIL)).toEqual([]);
  });

  it('refuses the second link when the address was taken in the meantime', async () => {
    const { toNew, toCurrent } = await askedToMove('slow@example.com', 'contested@example.com');
    await follow(toNew);
    await backend.signedInMember('contested@example.com', 'editor');
    const second = await follow(toCurrent);
    expect(Object.fromEntries(second.fragment)).toMatchObject({ error_code: 'email_exists' });
    expect(await canSignIn(backend, 'slow@example.com')).toBe(true);
  });

  it('a link works once, and not after a day; a new request voids the waiting links', async () => {
    const { member, toNew, toCurrent } = await askedToMove('once@example.com', 'twice@example.com');
    const expired = {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    };
    await follow(toCurrent);
    const reused = await follow(toCurrent);
    expect(reused.target.origin + reused.target.pathname).toBe(redirectTo);
    expect(Object.fromEntries(reused.fragment)).toMatchObject(expired);

    await backend.db.query(
      `update auth.users set email_change_sent_at = now() - interval '24 hours 1 minute'
       where email = 'once@example.com'`,
    );
    expect(Object.fromEntries((await follow(toNew)).fragment)).toMatchObject(expired);
    expect((await member.auth.getUser()).data.user!.email).toBe('once@example.com');

    // Asked again (past the mail limit's minute): the earlier links stop working.
    await backend.db.query(`delete from auth.rate_limits where key like 'mail:%'`);
    const again = await member.auth.updateUser({ email: 'thrice@example.com' });
    expect(again.data.user!.new_email).toBe('thrice@example.com');
    await backend.db.query(`delete from auth.rate_limits where key like 'mail:%'`);
    await member.auth.updateUser({ email: 'twice@example.com' });
    const [staleToThrice] = await mailsTo(backend, 'thrice@example.com');
    expect(Object.fromEntries((await follow(linkIn(staleToThrice!))).fragment)).toMatchObject(
      expired,
    );
  });

  it('limits the mails as the other mail-sending endpoints: one per address per minute', async () => {
    const member = await backend.signedInMember('hasty@example.com', 'editor');
    expect((await member.auth.updateUser({ email: 'hasty-1@example.com' })).error).toBeNull();
    const again = await member.auth.updateUser({ email: 'hasty-2@example.com' });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(await mailsTo(backend, 'hasty-2@example.com')).toEqual([]);
    expect((await member.auth.getUser()).data.user!.new_email).toBe('hasty-1@example.com');
  });

  it('asks a member with an authenticator app for the second step (aal2) first', async () => {
    const enrolled = await backend.signedInMember('guarded@example.com', 'editor');
    const factor = (await enrolled.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const verified = await enrolled.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret, timeStep(Date.now())),
    });
    expect(verified.error).toBeNull();

    const passwordOnly: SupabaseClient = backend.client();
    await passwordOnly.auth.signInWithPassword({
      email: 'guarded@example.com',
      password: MEMBER_PASSWORD,
    });
    const refused = await passwordOnly.auth.updateUser({ email: 'guarded-new@example.com' });
    expect(refused.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    expect(await mailsTo(backend, 'guarded-new@example.com')).toEqual([]);

    const allowed = await enrolled.auth.updateUser({ email: 'guarded-new@example.com' });
    expect(allowed.error).toBeNull();
    expect(allowed.data.user!.new_email).toBe('guarded-new@example.com');
  });
});
