// The auth API's sessions against the real supabase-js, on PGlite and on PostgreSQL: password
// sign-in, refresh tokens, changing the password and signing out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  kindsAndTransports,
  startTestBackend,
  type TestBackend,
} from '#tests/support/backend.ts';
import { claimsOf } from '#tests/support/auth-mail.ts';
import { authFetch, recordEvents, sessionOf } from './setup.ts';

describe.each(kindsAndTransports)('auth API on %s over %s', (kind, transport) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind, {}, { transport });
  });
  afterAll(async () => backend?.close());

  describe('password sign-in', () => {
    it('signs in, emits SIGNED_IN and returns a GoTrue session', async () => {
      const client = backend.client();
      const events = recordEvents(client);
      const { data, error } = await client.auth.signInWithPassword({
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      });
      expect(error).toBeNull();
      expect(events).toContain('SIGNED_IN');

      const session = data.session!;
      expect(session.token_type).toBe('bearer');
      expect(session.expires_in).toBe(3600);
      expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      const claims = claimsOf(session.access_token);
      expect(session.expires_at).toBe(claims.exp);
      expect(Object.keys(claims).sort()).toEqual(
        [
          'aal',
          'amr',
          'app_metadata',
          'aud',
          'email',
          'exp',
          'iat',
          'is_anonymous',
          'iss',
          'phone',
          'role',
          'session_id',
          'sub',
          'user_metadata',
        ].sort(),
      );
      expect(claims).toMatchObject({
        iss: `${backend.url}/auth/v1`,
        sub: data.user!.id,
        aud: 'authenticated',
        email: ADMIN_EMAIL,
        phone: '',
        role: 'authenticated',
        aal: 'aal1',
        is_anonymous: false,
        app_metadata: { provider: 'email', providers: ['email'] },
      });
      expect(claims.exp).toBe((claims.iat as number) + 3600);
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

      const user = data.user!;
      expect(user).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        email: ADMIN_EMAIL,
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        is_anonymous: false,
      });
      expect(user.email_confirmed_at).toEqual(expect.any(String));
      expect(user.last_sign_in_at).toEqual(expect.any(String));
      expect(user).not.toHaveProperty('factors');
      expect(user).not.toHaveProperty('phone_confirmed_at');
      expect(user).not.toHaveProperty('encrypted_password');
      expect(user.identities).toEqual([
        expect.objectContaining({
          id: user.id,
          user_id: user.id,
          provider: 'email',
          email: ADMIN_EMAIL,
        }),
      ]);
      expect(user.identities![0]!.identity_data).toMatchObject({
        sub: user.id,
        email: ADMIN_EMAIL,
      });
    });

    it('answers a wrong password and an unknown email with the same 400 invalid_credentials', async () => {
      const client = backend.client();
      const wrong = await client.auth.signInWithPassword({
        email: ADMIN_EMAIL,
        password: 'not the password',
      });
      const unknown = await client.auth.signInWithPassword({
        email: 'nobody@example.com',
        password: ADMIN_PASSWORD,
      });
      for (const { data, error } of [wrong, unknown]) {
        expect(data.session).toBeNull();
        expect(error?.status).toBe(400);
        expect(error?.code).toBe('invalid_credentials');
        expect(error?.message).toBe('Invalid login credentials');
      }
    });

    it('matches the email without regard to case', async () => {
      const { error } = await backend
        .client()
        .auth.signInWithPassword({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
      expect(error).toBeNull();
    });

    it('gives the signed-in user from getUser', async () => {
      const client = await backend.signedIn();
      const { data, error } = await client.auth.getUser();
      expect(error).toBeNull();
      expect(data.user?.email).toBe(ADMIN_EMAIL);
      expect(data.user?.identities?.[0]?.provider).toBe('email');
    });

    it('refuses getUser with the anon key instead of a user token', async () => {
      const response = await authFetch(backend, '/user');
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
    });
  });

  describe('refresh tokens', () => {
    it('rotates the refresh token; the used one answers with the new one for 10 s, then ends the session', async () => {
      const client = await backend.signedIn();
      const first = await sessionOf(client);
      const events = recordEvents(client);

      const { data, error } = await client.auth.refreshSession();
      expect(error).toBeNull();
      const second = data.session!;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(claimsOf(second.access_token).session_id).toBe(
        claimsOf(first.access_token).session_id,
      );
      expect(events).toContain('TOKEN_REFRESHED');

      // A client that lost the answer of its refresh, within config.toml's reuse interval.
      const retry = await backend
        .client()
        .auth.refreshSession({ refresh_token: first.refresh_token });
      expect(retry.error).toBeNull();
      expect(retry.data.session!.refresh_token).toBe(second.refresh_token);

      const sessionId = claimsOf(first.access_token).session_id;
      await backend.db.query(
        `update auth.refresh_tokens set updated_at = updated_at - interval '11 seconds'
          where session_id = $1`,
        [sessionId],
      );
      const thief = backend.client();
      const reuse = await thief.auth.refreshSession({ refresh_token: first.refresh_token });
      expect(reuse.error?.status).toBe(400);
      expect(reuse.error?.code).toBe('refresh_token_already_used');
      expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');

      // Reuse looks like theft: the whole session is revoked, the newest token included.
      const after = await backend
        .client()
        .auth.refreshSession({ refresh_token: second.refresh_token });
      expect(after.error?.code).toBe('refresh_token_already_used');
      const user = await backend.client().auth.getUser(second.access_token);
      expect(user.error?.name).toBe('AuthSessionMissingError');
    });

    it('refuses an unknown refresh token with refresh_token_not_found', async () => {
      const { error } = await backend
        .client()
        .auth.refreshSession({ refresh_token: 'notarealtoken1234' });
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('refresh_token_not_found');
    });
  });

  describe('updating the password', () => {
    it('refuses a weak password with its reasons, and the current password', async () => {
      const client = await backend.signedIn();
      const weak = await client.auth.updateUser({ password: 'short' });
      expect(weak.error?.name).toBe('AuthWeakPasswordError');
      expect(weak.error?.status).toBe(422);
      expect(weak.error?.code).toBe('weak_password');
      expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length']);
      // config.toml's minimum_password_length, in GoTrue's words.
      const seven = await client.auth.updateUser({ password: 'seven c' });
      expect(seven.error?.message).toBe('Password should be at least 8 characters.');

      const same = await client.auth.updateUser({ password: ADMIN_PASSWORD });
      expect(same.error?.status).toBe(422);
      expect(same.error?.code).toBe('same_password');
    });

    it('signs in with the new password only, and signs out the other sessions', async () => {
      const newPassword = 'a brand new passphrase';
      const other = await backend.signedIn();
      const otherSession = await sessionOf(other);
      const client = await backend.signedIn();
      const events = recordEvents(client);
      const { data, error } = await client.auth.updateUser({ password: newPassword });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(ADMIN_EMAIL);
      expect(events).toContain('USER_UPDATED');

      const old = await backend
        .client()
        .auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(old.error?.code).toBe('invalid_credentials');
      const fresh = await backend
        .client()
        .auth.signInWithPassword({ email: ADMIN_EMAIL, password: newPassword });
      expect(fresh.error).toBeNull();

      expect((await client.auth.getUser()).error).toBeNull();
      const stale = await backend
        .client()
        .auth.refreshSession({ refresh_token: otherSession.refresh_token });
      expect(stale.error?.status).toBe(400);

      const restored = await client.auth.updateUser({ password: ADMIN_PASSWORD });
      expect(restored.error).toBeNull();
    });

    it('merges user metadata, removing keys set to null', async () => {
      const client = await backend.signedIn();
      await client.auth.updateUser({ data: { display_name: 'Admin', theme: 'dark' } });
      const { data, error } = await client.auth.updateUser({ data: { theme: null } });
      expect(error).toBeNull();
      expect(data.user?.user_metadata).toMatchObject({ display_name: 'Admin', email: ADMIN_EMAIL });
      expect(data.user?.user_metadata).not.toHaveProperty('theme');
    });
  });

  describe('signing out', () => {
    it('revokes the refresh token and the access token', async () => {
      const client = await backend.signedIn();
      const session = await sessionOf(client);
      const events = recordEvents(client);
      const { error } = await client.auth.signOut();
      expect(error).toBeNull();
      expect(events).toContain('SIGNED_OUT');

      const refresh = await backend
        .client()
        .auth.refreshSession({ refresh_token: session.refresh_token });
      expect(refresh.error?.status).toBe(400);
      expect(refresh.error?.code).toBe('refresh_token_not_found');

      const user = await backend.client().auth.getUser(session.access_token);
      expect(user.error?.name).toBe('AuthSessionMissingError');
      const raw = await authFetch(backend, '/user', {
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
      expect(raw.status).toBe(403);
      expect(await raw.json()).toMatchObject({ code: 'session_not_found' });
    });

    it('with scope "others" keeps this session and ends the rest', async () => {
      const mine = await backend.signedIn();
      const theirs = await backend.signedIn();
      const { error } = await mine.auth.signOut({ scope: 'others' });
      expect(error).toBeNull();
      expect((await mine.auth.getUser()).error).toBeNull();
      expect((await theirs.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    });

    it('with scope "local" ends only this session', async () => {
      const mine = await backend.signedIn();
      const theirs = await backend.signedIn();
      const mySession = await sessionOf(mine);
      expect((await mine.auth.signOut({ scope: 'local' })).error).toBeNull();
      expect((await backend.client().auth.getUser(mySession.access_token)).error?.name).toBe(
        'AuthSessionMissingError',
      );
      expect((await theirs.auth.getUser()).error).toBeNull();
    });
  });
});
