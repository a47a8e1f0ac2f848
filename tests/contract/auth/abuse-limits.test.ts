// What the auth API holds against abuse, on PGlite and on PostgreSQL: sign-in throttling, no
// member locked out by a stranger, links nobody can probe or jam, link requests counted per client
// and for the site.
import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '#tests/support/backend.ts';
import { linkIn, mailsTo, waitForMails } from '#tests/support/auth-mail.ts';
import { authFetch } from './setup.ts';

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
