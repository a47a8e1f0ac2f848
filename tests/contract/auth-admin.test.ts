// GoTrue's admin endpoints (auth.admin.*) and the invite flow on the embedded /auth/v1, through
// the real supabase-js, on PGlite and on PostgreSQL.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, linkIn, mailsTo } from '../support/auth-mail.ts';
import {
  ADMIN_EMAIL,
  MEMBER_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { addUser } from '../support/users.ts';

/** The mail limit (one per address per minute) is not what these tests are about. */
async function forgetMailLimits(backend: TestBackend) {
  await backend.db.query(`delete from auth.rate_limits where key like 'mail:%'`);
}

describe.each(backendKinds)('auth admin API on %s', (kind) => {
  let backend: TestBackend;
  let admin: SupabaseClient['auth']['admin'];
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    admin = backend.client(backend.serviceRoleKey).auth.admin;
  });
  afterAll(async () => backend?.close());

  describe('the service_role key only', () => {
    it('refuses the anon key and a user token with 403 not_admin', async () => {
      const anon = await backend.client().auth.admin.listUsers();
      expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
      const signedIn = await backend.signedIn();
      const token = (await signedIn.auth.getSession()).data.session!.access_token;
      const asUser = await createClient(backend.url, backend.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
      }).auth.admin.listUsers();
      expect(asUser.error).toMatchObject({ status: 403, code: 'not_admin' });
      const invited = await backend.client().auth.admin.inviteUserByEmail('x@example.com');
      expect(invited.error).toMatchObject({ status: 403, code: 'not_admin' });
    });

    it('answers a request without a bearer token with 401 no_authorization', async () => {
      const response = await fetch(`${backend.url}/auth/v1/admin/users`, {
        headers: { apikey: backend.serviceRoleKey, 'X-Supabase-Api-Version': '2024-01-01' },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'no_authorization' });
    });
  });

  describe('users', () => {
    it('lists users newest first, a page at a time, with the total and GoTrue fields', async () => {
      await backend.signedIn();
      await addUser(backend.db, 'list-a@example.com', MEMBER_PASSWORD, 'editor');
      await addUser(backend.db, 'list-b@example.com', MEMBER_PASSWORD, null);
      const listed = await admin.listUsers({ page: 1, perPage: 2 });
      if (listed.error) throw listed.error;
      const { data } = listed;
      expect(data.aud).toBe('authenticated');
      expect(data.users).toHaveLength(2);
      expect(data.total).toBeGreaterThanOrEqual(3);
      expect(data.nextPage).toBe(2);
      expect(data.lastPage).toBe(Math.ceil(data.total / 2));
      const all = (await admin.listUsers({ perPage: 100 })).data.users;
      expect(all.map((u) => u.email).slice(0, 2)).toEqual([
        'list-b@example.com',
        'list-a@example.com',
      ]);
      const owner = all.find((u) => u.email === ADMIN_EMAIL)!;
      expect(owner.last_sign_in_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(owner.email_confirmed_at).toMatch(/^\d{4}-/);
      expect(owner.confirmed_at).toBe(owner.email_confirmed_at);
      expect(owner).not.toHaveProperty('invited_at');
    });

    it('gets one user by id, and 404 user_not_found for an unknown id', async () => {
      const id = await addUser(backend.db, 'get-me@example.com', MEMBER_PASSWORD, null);
      const { data, error } = await admin.getUserById(id);
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ id, email: 'get-me@example.com', aud: 'authenticated' });
      const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
      expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
    });

    it('merges metadata, bans and lifts a ban, and sets a password that ends old sessions', async () => {
      const member = await backend.signedInMember('update-me@example.com', 'editor');
      const id = (await member.auth.getUser()).data.user!.id;
      const before = (await member.auth.getSession()).data.session!;

      const meta = await admin.updateUserById(id, {
        user_metadata: { name: 'Uma' },
        app_metadata: { team: 'blog' },
      });
      expect(meta.error).toBeNull();
      expect(meta.data.user!.user_metadata).toMatchObject({ name: 'Uma' });
      expect(meta.data.user!.app_metadata).toMatchObject({ provider: 'email', team: 'blog' });

      const banned = await admin.updateUserById(id, { ban_duration: '24h' });
      expect(banned.error).toBeNull();
      expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 23 * 3.6e6);
      const refused = await backend.client().auth.signInWithPassword({
        email: 'update-me@example.com',
        password: MEMBER_PASSWORD,
      });
      expect(refused.error).toMatchObject({ code: 'user_banned' });
      expect((await member.auth.getUser()).error).toMatchObject({ code: 'user_banned' });
      const lifted = await admin.updateUserById(id, { ban_duration: 'none' });
      expect(lifted.data.user).not.toHaveProperty('banned_until');
      const invalid = await admin.updateUserById(id, { ban_duration: 'forever' });
      expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' });

      const changed = await admin.updateUserById(id, { password: 'a-new-member-password' });
      expect(changed.error).toBeNull();
      const refresh = await backend.client().auth.refreshSession({
        refresh_token: before.refresh_token,
      });
      expect(refresh.error).not.toBeNull();
      const again = await backend.client().auth.signInWithPassword({
        email: 'update-me@example.com',
        password: 'a-new-member-password',
      });
      expect(again.error).toBeNull();
    });

    it('changes the address (not to one taken) and confirms it with email_confirm', async () => {
      const id = await addUser(backend.db, 'old-address@example.com', MEMBER_PASSWORD, null);
      const taken = await admin.updateUserById(id, { email: ADMIN_EMAIL });
      expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
      const moved = await admin.updateUserById(id, {
        email: 'New-Address@example.com',
        email_confirm: true,
      });
      expect(moved.error).toBeNull();
      expect(moved.data.user!.email).toBe('new-address@example.com');
      expect(moved.data.user!.identities![0]!.identity_data).toMatchObject({
        email: 'new-address@example.com',
      });
    });

    it('deletes a user: their sessions end and they are gone from the list', async () => {
      const member = await backend.signedInMember('delete-me@example.com', 'admin');
      const session = (await member.auth.getSession()).data.session!;
      const id = session.user.id;
      const { data, error } = await admin.deleteUser(id);
      expect(error).toBeNull();
      expect(data.user!.id).toBe(id);

      const refresh = await backend.client().auth.refreshSession({
        refresh_token: session.refresh_token,
      });
      expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
      expect((await member.auth.getUser(session.access_token)).error).not.toBeNull();
      const listed = (await admin.listUsers({ perPage: 100 })).data.users.map((u) => u.id);
      expect(listed).not.toContain(id);
      expect((await admin.getUserById(id)).error).toMatchObject({ status: 404 });
      const { rows } = await backend.db.query(
        'select 1 from public.team_members where user_id = $1',
        [id],
      );
      expect(rows).toHaveLength(0);
    });
  });

  describe('invitations', () => {
    it('invites by e-mail; the link signs in with type=invite, a password is set and works', async () => {
      const email = 'new-member@example.com';
      const redirectTo = `${backend.url}/admin/welcome`;
      const { data, error } = await admin.inviteUserByEmail(email, {
        redirectTo,
        data: { name: 'Nya' },
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email, user_metadata: { name: 'Nya' } });
      expect(data.user!.invited_at).toMatch(/^\d{4}-/);
      expect(data.user).not.toHaveProperty('email_confirmed_at');

      const notYet = await backend
        .client()
        .auth.signInWithPassword({ email, password: 'x'.repeat(12) });
      expect(notYet.error).toMatchObject({ code: 'invalid_credentials' });

      const [mail] = await mailsTo(backend, email);
      expect(mail!.subject).toBe('You have been invited');
      const link = new URL(linkIn(mail!));
      expect(link.origin + link.pathname).toBe(`${backend.url}/auth/v1/verify`);
      expect(link.searchParams.get('type')).toBe('invite');
      expect(link.searchParams.get('redirect_to')).toBe(redirectTo);

      const response = await fetch(link, { redirect: 'manual' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(redirectTo);
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('type')).toBe('invite');
      const accessToken = fragment.get('access_token')!;
      expect(claimsOf(accessToken)).toMatchObject({ email, aal: 'aal1' });
      expect((claimsOf(accessToken).amr as { method: string }[])[0]!.method).toBe('invite');

      const client = backend.client();
      const set = await client.auth.setSession({
        access_token: accessToken,
        refresh_token: fragment.get('refresh_token')!,
      });
      expect(set.error).toBeNull();
      expect(set.data.user!.email_confirmed_at).toMatch(/^\d{4}-/);
      const chosen = await client.auth.updateUser({ password: 'chosen-by-the-member' });
      expect(chosen.error).toBeNull();
      const signIn = await backend.client().auth.signInWithPassword({
        email,
        password: 'chosen-by-the-member',
      });
      expect(signIn.error).toBeNull();

      const again = await admin.inviteUserByEmail(email);
      expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
      expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain(
        'error_code=otp_expired',
      );
    });

    it('sends a new link when an invited address is invited again, and keeps links on the site', async () => {
      const email = 'invited-twice@example.com';
      expect((await admin.inviteUserByEmail(email)).error).toBeNull();
      await forgetMailLimits(backend);
      const second = await admin.inviteUserByEmail(email, { redirectTo: 'https://evil.example/' });
      expect(second.error).toBeNull();
      const mails = await mailsTo(backend, email);
      expect(mails).toHaveLength(2);
      const link = new URL(linkIn(mails[1]!));
      expect(link.searchParams.get('redirect_to')).toBe(`${backend.url}/`);
      const response = await fetch(link, { redirect: 'manual' });
      expect(response.headers.get('location')).toMatch(/#.*access_token=.*type=invite/);
    });

    it('redeems an invitation token with verifyOtp and type invite', async () => {
      const email = 'invited-by-code@example.com';
      await admin.inviteUserByEmail(email);
      const token = new URL(linkIn((await mailsTo(backend, email))[0]!)).searchParams.get('token')!;
      const client = backend.client();
      const { data, error } = await client.auth.verifyOtp({ token_hash: token, type: 'invite' });
      expect(error).toBeNull();
      expect(data.user!.email).toBe(email);
      expect(claimsOf(data.session!.access_token).aal).toBe('aal1');
    });
  });
});
