// The embedded /auth/v1 against the real supabase-js, on PGlite and on PostgreSQL.
import { request } from 'node:http';
import { AuthApiError, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/auth/passwords.ts';
import { createEmailUser } from '#server/auth/users.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { claimsOf, linkIn, mailsTo, waitForMails } from '../support/auth-mail.ts';

function recordEvents(client: SupabaseClient): AuthChangeEvent[] {
  const events: AuthChangeEvent[] = [];
  client.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return events;
}

async function sessionOf(client: SupabaseClient) {
  const { data, error } = await client.auth.getSession();
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

/** A raw request to /auth/v1, as auth-js sends it unless told otherwise. */
function authFetch(
  backend: TestBackend,
  pathAndQuery: string,
  init: RequestInit & { modern?: boolean } = {},
): Promise<Response> {
  const { modern = true, ...rest } = init;
  return fetch(`${backend.url}/auth/v1${pathAndQuery}`, {
    ...rest,
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${backend.anonKey}`,
      'Content-Type': 'application/json;charset=UTF-8',
      ...(modern ? { 'X-Supabase-Api-Version': '2024-01-01' } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
}

describe.each(backendKinds)('auth API on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
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
    it('rotates the refresh token and refuses the used one, ending the session', async () => {
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

  describe('sign-up and sign-in links', () => {
    it('refuses sign-up', async () => {
      const { data, error } = await backend
        .client()
        .auth.signUp({ email: 'newcomer@example.com', password: 'a fine password' });
      expect(data.user).toBeNull();
      expect(error?.status).toBe(422);
      expect(error?.code).toBe('signup_disabled');
      expect(error?.message).toBe('Signups not allowed for this instance');
    });

    it('never creates a user from a magic-link request, nor says there is none', async () => {
      const { error } = await backend
        .client()
        .auth.signInWithOtp({ email: 'stranger@example.com', options: { shouldCreateUser: true } });
      expect(error).toBeNull();
      expect(
        await backend.db.query("select 1 from auth.users where email = 'stranger@example.com'"),
      ).toMatchObject({ rows: [] });
      expect(await mailsTo(backend, 'stranger@example.com')).toEqual([]);
    });

    it('sends an existing user a sign-in link that verifyOtp redeems once', async () => {
      const email = 'writer@example.com';
      await createEmailUser(
        backend.server.backend!.db,
        email,
        await hashPassword('writer password'),
      );
      const client = backend.client();
      expect(
        (await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
      ).toBeNull();
      const [mail] = await waitForMails(backend, email);
      const token = new URL(linkIn(mail!)).searchParams.get('token')!;

      const events = recordEvents(client);
      const { data, error } = await client.auth.verifyOtp({ email, token, type: 'magiclink' });
      expect(error).toBeNull();
      expect(data.session?.user.email).toBe(email);
      expect(claimsOf(data.session!.access_token).amr).toEqual([
        { method: 'otp', timestamp: expect.any(Number) },
      ]);
      expect(events).toContain('SIGNED_IN');

      const again = await backend.client().auth.verifyOtp({ email, token, type: 'magiclink' });
      expect(again.error?.status).toBe(403);
      expect(again.error?.code).toBe('otp_expired');
    });

    it('answers GET /settings with sign-up disabled and no external providers', async () => {
      const response = await authFetch(backend, '/settings');
      expect(response.status).toBe(200);
      const settings = (await response.json()) as {
        disable_signup: boolean;
        external: Record<string, boolean>;
      };
      expect(settings.disable_signup).toBe(true);
      expect(settings.external.google).toBe(false);
      expect(settings.external.email).toBe(true);
    });
  });

  describe('password recovery', () => {
    it('mails a one-time link whose session can set a new password', async () => {
      const client = backend.client();
      const redirectTo = `${backend.url}/login`;
      const { data, error } = await client.auth.resetPasswordForEmail(ADMIN_EMAIL, { redirectTo });
      expect(error).toBeNull();
      expect(data).toEqual({});

      const mails = await waitForMails(backend, ADMIN_EMAIL);
      expect(mails).toHaveLength(1);
      const link = linkIn(mails[0]!);
      expect(link.startsWith(`${backend.url}/auth/v1/verify?`)).toBe(true);
      expect(new URL(link).searchParams.get('type')).toBe('recovery');

      const response = await fetch(link, { redirect: 'manual' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');
      expect(fragment.get('token_type')).toBe('bearer');
      expect(fragment.get('expires_in')).toBe('3600');
      const accessToken = fragment.get('access_token')!;
      const refreshToken = fragment.get('refresh_token')!;
      expect(claimsOf(accessToken).amr).toEqual([
        { method: 'recovery', timestamp: expect.any(Number) },
      ]);

      // What detectSessionInUrl does in the browser.
      const recovering = backend.client();
      const set = await recovering.auth.setSession({
        access_token: accessToken,
        refresh_token: refreshToken,
      });
      expect(set.error).toBeNull();
      expect((await recovering.auth.getUser()).data.user?.email).toBe(ADMIN_EMAIL);
      const recoveredPassword = 'recovered passphrase';
      expect((await recovering.auth.updateUser({ password: recoveredPassword })).error).toBeNull();
      const signIn = await backend
        .client()
        .auth.signInWithPassword({ email: ADMIN_EMAIL, password: recoveredPassword });
      expect(signIn.error).toBeNull();
      expect((await recovering.auth.updateUser({ password: ADMIN_PASSWORD })).error).toBeNull();

      const second = await fetch(link, { redirect: 'manual' });
      expect(second.status).toBe(303);
      const failed = new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1));
      expect(failed.get('access_token')).toBeNull();
      expect(failed.get('error')).toBe('access_denied');
      expect(failed.get('error_code')).toBe('otp_expired');
      expect(failed.get('error_description')).toBe('Email link is invalid or has expired');
    });

    it('throttles recovery mails per address, known or not, so the answer tells nothing', async () => {
      const known = 'throttled-editor@example.com';
      await createEmailUser(
        backend.server.backend!.db,
        known,
        await hashPassword('editor password'),
      );
      for (const email of [known, 'unknown-throttled@example.com']) {
        const client = backend.client();
        expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
        const { error } = await client.auth.resetPasswordForEmail(email);
        expect(error?.status).toBe(429);
        expect(error?.code).toBe('over_email_send_rate_limit');
      }
      expect(await waitForMails(backend, known)).toHaveLength(1);
    });

    it('refuses to mail links built from a public Host header without SITE_URL', async () => {
      // A poisoned Host would otherwise put a real reset link to another site in the admin's mail.
      const before = (await mailsTo(backend, ADMIN_EMAIL)).length;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${backend.url}/auth/v1/recover`, {
          method: 'POST',
          headers: {
            Host: 'evil.example',
            'Content-Type': 'application/json',
            apikey: backend.anonKey,
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end(JSON.stringify({ email: ADMIN_EMAIL }));
      });
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body).msg ?? JSON.parse(answer.body).message).toBe(
        'E-mail links need SITE_URL: set it to the public address of the site.',
      );
      expect(await mailsTo(backend, ADMIN_EMAIL)).toHaveLength(before);
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const { data, error } = await backend
        .client()
        .auth.resetPasswordForEmail('ghost@example.com');
      expect(error).toBeNull();
      expect(data).toEqual({});
      expect(await mailsTo(backend, 'ghost@example.com')).toEqual([]);
    });

    it('redeems a recovery token_hash with verifyOtp and emits PASSWORD_RECOVERY', async () => {
      const email = 'editor@example.com';
      await createEmailUser(
        backend.server.backend!.db,
        email,
        await hashPassword('editor password'),
      );
      expect((await backend.client().auth.resetPasswordForEmail(email)).error).toBeNull();
      const [mail] = await waitForMails(backend, email);
      const link = new URL(linkIn(mail!));
      // Without redirectTo, the link leads back to the site itself.
      expect(link.searchParams.get('redirect_to')).toBe(`${backend.url}/`);
      const client = backend.client();
      const events = recordEvents(client);
      const { data, error } = await client.auth.verifyOtp({
        token_hash: link.searchParams.get('token')!,
        type: 'recovery',
      });
      expect(error).toBeNull();
      expect(data.session?.user.email).toBe(email);
      expect(events).toContain('PASSWORD_RECOVERY');
    });

    it('sends the browser back only to its own site, with the error in the fragment', async () => {
      const response = await fetch(
        `${backend.url}/auth/v1/verify?token=forged&type=recovery&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
        { redirect: 'manual' },
      );
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin).toBe(backend.url);
      expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('otp_expired');
    });

    it('refuses a forged token_hash with 403 otp_expired', async () => {
      const { error } = await backend
        .client()
        .auth.verifyOtp({ token_hash: 'forged', type: 'recovery' });
      expect(error?.status).toBe(403);
      expect(error?.code).toBe('otp_expired');
    });
  });

  describe('errors on the wire', () => {
    it('uses the modern format with the API version header, the legacy one without', async () => {
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' });
      const modern = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body,
      });
      expect(modern.status).toBe(400);
      expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
      expect(await modern.json()).toEqual({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });

      const legacy = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body,
        modern: false,
      });
      expect(legacy.status).toBe(400);
      expect(await legacy.json()).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
    });

    it('answers malformed JSON with 400 bad_json', async () => {
      const response = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body: '{"email":',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'bad_json' });
    });

    it('answers a body over 1 MiB with 413 JSON', async () => {
      const body = JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024 + 10) });
      const response = await authFetch(backend, '/token?grant_type=password', {
        method: 'POST',
        body,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('answers absurdly long addresses with a 4xx, not a server error', async () => {
      const email = `${'x'.repeat(10_000)}@example.com`;
      const signIn = await backend.client().auth.signInWithPassword({ email, password: 'a guess' });
      expect(signIn.error?.code).toBe('invalid_credentials');
      const recover = await backend.client().auth.resetPasswordForEmail(email);
      expect(recover.error?.status).toBe(400);
      expect(recover.error?.code).toBe('validation_failed');
    });

    it('answers unknown routes with 404 JSON and unsupported grants with 400', async () => {
      const missing = await authFetch(backend, '/no-such-endpoint');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 'not_found' });
      const grant = await authFetch(backend, '/token?grant_type=magic', {
        method: 'POST',
        body: '{}',
      });
      expect(grant.status).toBe(400);
      expect(await grant.json()).toMatchObject({ code: 'validation_failed' });
    });
  });

  describe('the data API with the signed-in client', () => {
    it('reads as the administrator with the access token', async () => {
      const client = await backend.signedIn();
      const { data, error, status } = await client.from('consultations').select('*');
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(Array.isArray(data)).toBe(true);
    });

    it('does not show consultations to an anonymous visitor', async () => {
      const { data, error, status } = await backend.client().from('consultations').select('*');
      if (error) expect(status).toBe(401);
      else expect(data).toEqual([]);
    });
  });
});

describe.each(backendKinds)('sign-in throttling on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());

  const attempt = (email: string, password: string) =>
    backend.client().auth.signInWithPassword({ email, password });

  it('locks an account after 10 failed sign-ins, even for the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const { error } = await attempt(ADMIN_EMAIL, `wrong password ${i}`);
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await attempt(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.message).toBe('Request rate limit reached');

    // Other accounts are not locked by it.
    expect((await attempt('someone@example.com', 'a guess')).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('refuses a client IP after 30 failed sign-ins in 5 minutes', async () => {
    // 12 failures so far from this address (the 11th was refused by the account limit).
    for (let i = 12; i < 30; i++) {
      expect((await attempt(`probe${i}@example.com`, 'a guess')).error?.code).toBe(
        'invalid_credentials',
      );
    }
    const response = await authFetch(backend, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: 'probe-last@example.com', password: 'a guess' }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });
});

describe.each(backendKinds)('nobody can lock a member out on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());

  /** A password sign-in from a client address, with these cookies; answers status and cookie. */
  async function signIn(password: string, from: string, cookie?: string) {
    const response = await authFetch(backend, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'X-Forwarded-For': from, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ email: ADMIN_EMAIL, password }),
    });
    await response.arrayBuffer();
    return { status: response.status, setCookie: response.headers.get('set-cookie') };
  }

  it('lets the browser a member signed in from before in with the right password during an attack', async () => {
    const first = await signIn(ADMIN_PASSWORD, '198.51.100.1');
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(
      /^sb-device-[0-9a-f]{16}=[\w-]+\.[\w-]+; Path=\/auth\/v1; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
    );
    const deviceCookie = first.setCookie!.split(';')[0]!;

    // A stranger guesses from several addresses until the account is closed to unknown devices.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(`guess ${i}`, `203.0.113.${i}`)).status).toBe(400);
    }
    expect((await signIn(ADMIN_PASSWORD, '203.0.113.50')).status).toBe(429);
    // The member on a new device is limited too…
    expect((await signIn(ADMIN_PASSWORD, '198.51.100.1')).status).toBe(429);
    // …but not in the browser that signed in before.
    expect((await signIn(ADMIN_PASSWORD, '198.51.100.1', deviceCookie)).status).toBe(200);

    // A forged or foreign cookie is an unknown device.
    const forged = deviceCookie.replace(/\.[\w-]+$/, '.forged');
    expect((await signIn(ADMIN_PASSWORD, '198.51.100.1', forged)).status).toBe(429);
  });

  it('limits guesses from a known device on their own, 10 per 15 minutes', async () => {
    // A quarter of an hour later: the stranger's failures have run out.
    await backend.db.query('delete from auth.rate_limits');
    const { setCookie } = await signIn(ADMIN_PASSWORD, '198.51.100.2');
    const device = setCookie!.split(';')[0]!;
    for (let i = 0; i < 10; i++) {
      expect((await signIn(`stolen cookie guess ${i}`, '203.0.113.80', device)).status).toBe(400);
    }
    expect((await signIn(ADMIN_PASSWORD, '203.0.113.80', device)).status).toBe(429);
    const { rows } = await backend.db.query<{ key: string; hits: string }>(
      "select key, hits::text from auth.rate_limits where key like 'sign-in:device:%'",
    );
    expect(rows).toEqual([{ key: expect.stringMatching(/^sign-in:device:/), hits: '11' }]);
  });
});

describe.each(backendKinds)('links nobody can probe or jam on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());

  const postJson = async (path: string, body: unknown) => {
    const response = await authFetch(backend, path, { method: 'POST', body: JSON.stringify(body) });
    return { status: response.status, body: await response.text() };
  };

  it('answers /otp and /recover the same for an address with an account and one without', async () => {
    for (const path of ['/otp', '/recover']) {
      const known = await postJson(path, { email: ADMIN_EMAIL });
      const unknown = await postJson(path, { email: 'nobody-here@example.com' });
      expect(unknown).toEqual(known);
      expect(known).toEqual({ status: 200, body: '{}' });
      await backend.db.query("delete from auth.rate_limits where key like 'mail:%'");
    }
    // The member's sign-in and reset links, mailed after the same answer.
    expect(await waitForMails(backend, ADMIN_EMAIL, 2)).toHaveLength(2);
    expect(await mailsTo(backend, 'nobody-here@example.com')).toEqual([]);
  });

  it('keeps a reset link working when another is asked for, and voids the rest once one is used', async () => {
    const before = (await mailsTo(backend, ADMIN_EMAIL)).length;
    const client = backend.client();
    expect((await client.auth.resetPasswordForEmail(ADMIN_EMAIL)).error).toBeNull();
    // Past the one-mail-a-minute limit, as a stranger a minute later would be.
    await backend.db.query("delete from auth.rate_limits where key like 'mail:%'");
    expect((await client.auth.resetPasswordForEmail(ADMIN_EMAIL)).error).toBeNull();
    const mails = (await waitForMails(backend, ADMIN_EMAIL, before + 2)).slice(before);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((mail) => new URL(linkIn(mail)).searchParams.get('token')!);

    const used = await backend
      .client()
      .auth.verifyOtp({ email: ADMIN_EMAIL, token: first!, type: 'recovery' });
    expect(used.error).toBeNull();
    const voided = await backend
      .client()
      .auth.verifyOtp({ email: ADMIN_EMAIL, token: second!, type: 'recovery' });
    expect(voided.error?.code).toBe('otp_expired');
  });
});

describe.each(backendKinds)('link requests counted per client and for the site on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    // 32 links an hour for the whole site: 30 from the first client, two more from others.
    backend = await startTestBackend(kind, { AUTH_RATE_LIMIT_EMAIL_SENT: '32' });
  });
  afterAll(async () => backend?.close());

  const recover = (email: string, client: string) =>
    authFetch(backend, '/recover', {
      method: 'POST',
      headers: { 'X-Forwarded-For': client },
      body: JSON.stringify({ email }),
    });

  it('refuses a client address past 30 reset requests an hour, whatever the addresses', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await recover(`asked-${i}@nobody.example`, '203.0.113.9')).status).toBe(200);
    }
    const refused = await recover('one-more@nobody.example', '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect((await recover(ADMIN_EMAIL, '203.0.113.9')).status).toBe(429);
  });

  it("refuses every address alike once the site's hourly allowance is used, through supabase-js", async () => {
    expect((await recover('thirty-first@nobody.example', '203.0.113.10')).status).toBe(200);
    expect((await recover('thirty-second@nobody.example', '203.0.113.11')).status).toBe(200);
    const answers = [];
    for (const email of [ADMIN_EMAIL, 'past-the-allowance@nobody.example']) {
      const { error } = await backend.client().auth.resetPasswordForEmail(email);
      expect(error).toBeInstanceOf(AuthApiError);
      answers.push({ status: error?.status, code: error?.code, message: error?.message });
    }
    expect(answers).toEqual([
      { status: 429, code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' },
      { status: 429, code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' },
    ]);
    expect(await mailsTo(backend, ADMIN_EMAIL)).toEqual([]);
  });
});
