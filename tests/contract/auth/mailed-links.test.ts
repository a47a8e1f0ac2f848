// The auth API's mailed links against the real supabase-js, on PGlite and on PostgreSQL: sign-up
// and sign-in links, and password recovery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/supabase/auth/passwords.ts';
import { createEmailUser } from '#server/supabase/auth/users.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '#tests/support/backend.ts';
import { claimsOf, linkIn, mailsTo, waitForMails } from '#tests/support/auth-mail.ts';
import { authFetch, recordEvents } from './setup.ts';

describe.each(backendKinds)('auth API on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());

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
});
