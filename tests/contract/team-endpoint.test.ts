// The team page's endpoint (/admin/api/team), served by the site with the service key,
// on both databases: only an administrator's session gets an answer; an administrator lists the
// team, invites by e-mail (the invitation's link sets a password; it can be sent again, not too
// often), changes a role and removes a member, whose sessions end. Nobody can change or remove themselves, so the team keeps one admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import { linkIn, mailsTo } from '../support/auth-mail.ts';
import {
  ADMIN_EMAIL,
  MEMBER_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';

interface Member {
  userId: string;
  email: string;
  role: string;
  lastSignInAt: string | null;
  pending: boolean;
  twoFactor: boolean;
}

async function tokenOf(client: SupabaseClient): Promise<string | undefined> {
  return (await client.auth.getSession()).data.session?.access_token;
}

describe.each(backendKinds)('the team endpoint on %s', (kind) => {
  let backend: TestBackend;
  let admin: SupabaseClient;

  /** Calls the endpoint as a client's session (none: no Authorization header). */
  async function call(client: SupabaseClient | null, method: string, body?: unknown) {
    const token = client ? await tokenOf(client) : undefined;
    const response = await fetch(`${backend.url}/admin/api/team`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const members = async () => (await call(admin, 'GET')).body.members as Member[];

  beforeAll(async () => {
    backend = await startTestBackend(kind, {}, { site: true });
    admin = await backend.signedIn();
  });
  afterAll(async () => backend?.close());

  it('answers only an administrator', async () => {
    expect(await call(null, 'GET')).toEqual({
      status: 401,
      body: { error: 'Sign in to manage the team.' },
    });
    const editor = await backend.signedInMember('editor-only@example.com', 'editor');
    const outsider = await backend.signedInMember('outsider@example.com', null);
    for (const client of [editor, outsider]) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const body = method === 'GET' ? undefined : { email: 'x@example.com', role: 'admin' };
        expect(await call(client, method, body)).toEqual({
          status: 403,
          body: { error: 'Only administrators can manage the team.' },
        });
      }
    }
    expect((await call(backend.client(), 'GET')).status).toBe(401);
  });

  it('lists the members with their roles, and leaves out accounts on no team', async () => {
    const list = await members();
    expect(list.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: ADMIN_EMAIL, role: 'admin' },
      { email: 'editor-only@example.com', role: 'editor' },
    ]);
    expect(list[0]).toMatchObject({ pending: false, twoFactor: false });
    expect(list[0]!.lastSignInAt).not.toBeNull();
  });

  it('invites a colleague whose link sets a password, then signs them in with it', async () => {
    const invited = await call(admin, 'POST', { email: 'new@example.com', role: 'editor' });
    expect(invited).toEqual({ status: 200, body: { invited: true } });
    expect((await members()).find((m) => m.email === 'new@example.com')).toMatchObject({
      role: 'editor',
      pending: true,
    });
    const [mail] = await mailsTo(backend, 'new@example.com');
    const link = new URL(linkIn(mail!));
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe(`${backend.url}/login?link=invite`);
    expect(mail!.subject).toBe(`${ADMIN_EMAIL} invited you to Nordic Lead Agency AB's website`);
    const landed = await fetch(link, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(landed.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const newcomer = backend.client();
    await newcomer.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await newcomer.auth.updateUser({ password: 'a-fresh-new-password' })).error).toBeNull();
    const again = backend.client();
    const signedIn = await again.auth.signInWithPassword({
      email: 'new@example.com',
      password: 'a-fresh-new-password',
    });
    expect(signedIn.error).toBeNull();
    expect((await members()).find((m) => m.email === 'new@example.com')?.pending).toBe(false);
  });

  it('sends a pending invitation again with a new link, at most once in ten minutes', async () => {
    const email = 'slow-to-answer@example.com';
    await call(admin, 'POST', { email, role: 'editor' });
    const { userId } = (await members()).find((m) => m.email === email)!;
    expect(await call(admin, 'PUT', { userId })).toEqual({
      status: 429,
      body: {
        error: `An invitation went to ${email} less than 10 minutes ago: you can send it again in 10 minutes.`,
      },
    });
    expect(await mailsTo(backend, email)).toHaveLength(1);
    // Eleven minutes later (GoTrue's mail a minute per address has passed too).
    await backend.db.query(
      "update auth.users set invited_at = now() - interval '11 minutes' where id = $1",
      [userId],
    );
    await backend.db.query('delete from auth.rate_limits where key = $1', [`mail:${email}`]);
    expect(await call(admin, 'PUT', { userId })).toEqual({ status: 200, body: { email } });
    const mails = await mailsTo(backend, email);
    expect(mails).toHaveLength(2);
    expect(linkIn(mails[1]!)).not.toBe(linkIn(mails[0]!));
    // Both links work until one is used.
    const landed = await fetch(linkIn(mails[0]!), { redirect: 'manual' });
    expect(new URL(landed.headers.get('location')!).hash).toContain('type=invite');

    const accepted = (await members()).find((m) => m.email === ADMIN_EMAIL)!;
    expect(await call(admin, 'PUT', { userId: accepted.userId })).toEqual({
      status: 409,
      body: { error: `${ADMIN_EMAIL} has accepted the invitation already.` },
    });
    expect(await call(admin, 'PUT', { userId: crypto.randomUUID() })).toEqual({
      status: 404,
      body: { error: 'No such member.' },
    });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await members();
    expect(await call(admin, 'POST', { email: 'not an address', role: 'editor' })).toEqual({
      status: 400,
      body: { error: 'Enter a valid e-mail address.' },
    });
    expect(await call(admin, 'POST', { email: 'ok@example.com', role: 'owner' })).toEqual({
      status: 400,
      body: { error: 'Choose a role: admin or editor.' },
    });
    expect((await call(admin, 'PATCH', { userId: 'nope', role: 'admin' })).status).toBe(400);
    expect(await call(admin, 'POST', { email: 'editor-only@example.com', role: 'admin' })).toEqual({
      status: 409,
      body: { error: 'editor-only@example.com is already on the team.' },
    });
    expect(await members()).toEqual(before);
  });

  it('adds an account on no team (one who signed up) at once instead of inviting it', async () => {
    expect(await call(admin, 'POST', { email: 'outsider@example.com', role: 'editor' })).toEqual({
      status: 200,
      body: { invited: false },
    });
    expect((await members()).find((m) => m.email === 'outsider@example.com')?.role).toBe('editor');
  });

  it('changes a role, and never the caller’s own', async () => {
    const list = await members();
    const editor = list.find((m) => m.email === 'editor-only@example.com')!;
    const self = list.find((m) => m.email === ADMIN_EMAIL)!;
    expect(await call(admin, 'PATCH', { userId: editor.userId, role: 'admin' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await members()).find((m) => m.userId === editor.userId)?.role).toBe('admin');
    expect(await call(admin, 'PATCH', { userId: self.userId, role: 'editor' })).toEqual({
      status: 400,
      body: { error: 'You cannot change your own role; ask another administrator.' },
    });
    expect(await call(admin, 'DELETE', { userId: self.userId })).toEqual({
      status: 400,
      body: { error: 'You cannot remove yourself; ask another administrator.' },
    });
  });

  it('removes a member: their account goes and their session ends', async () => {
    const member = await backend.signedInMember('leaving@example.com', 'editor');
    const { userId } = (await members()).find((m) => m.email === 'leaving@example.com')!;
    expect(await call(admin, 'DELETE', { userId })).toEqual({ status: 200, body: { ok: true } });
    expect((await members()).some((m) => m.userId === userId)).toBe(false);
    const { body } = await call(admin, 'GET');
    expect((body.history as Array<Record<string, unknown>>)[0]).toMatchObject({
      kind: 'removed',
      actorEmail: ADMIN_EMAIL,
      memberEmail: 'leaving@example.com',
    });
    const { error } = await member.auth.refreshSession();
    expect(error).not.toBeNull();
    expect(await call(admin, 'DELETE', { userId })).toEqual({
      status: 404,
      body: { error: 'No such member.' },
    });
  });

  it('asks an administrator with an authenticator app for the second step first', async () => {
    const careful = await backend.signedInMember('careful-admin@example.com', 'admin');
    const { data: factor } = await careful.auth.mfa.enroll({ factorType: 'totp' });
    const { id: factorId, totp } = factor!;
    let step = timeStep(Date.now());
    const code = () => totpCode(totp.secret, step++);
    expect(
      (await careful.auth.mfa.challengeAndVerify({ factorId, code: code() })).error,
    ).toBeNull();
    expect((await call(careful, 'GET')).status).toBe(200);
    expect((await members()).find((m) => m.email === 'careful-admin@example.com')?.twoFactor).toBe(
      true,
    );

    const later = backend.client();
    await later.auth.signInWithPassword({
      email: 'careful-admin@example.com',
      password: MEMBER_PASSWORD,
    });
    expect(await call(later, 'GET')).toEqual({
      status: 403,
      body: { error: 'Confirm your sign-in with your authenticator app first.' },
    });
    expect((await later.auth.mfa.challengeAndVerify({ factorId, code: code() })).error).toBeNull();
    expect((await call(later, 'GET')).status).toBe(200);
  });
});
