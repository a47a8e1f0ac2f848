// Where the links the auth API mails point, on PGlite and on PostgreSQL, with no SITE_URL (as the
// README starts the site): at the address the site was reached at when the server trusts it (its
// own listening addresses, config.toml's redirect allow-list), and never at a host an outsider
// names in a forged Host header or redirect_to. Also how long an invitation lasts, and what its
// mail says.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TTL_SECONDS } from '#server/supabase/auth/links.ts';
import {
  ADMIN_EMAIL,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '#tests/support/backend.ts';
import { linkIn, mailsTo, waitForMails } from '#tests/support/auth-mail.ts';

/** config.toml's site_url, on GoTrue's redirect allow-list. */
const ALLOWED = 'http://localhost:3000';

/** POST /auth/v1/recover as a browser would send it, with the Host header it chose. */
function recoverWithHost(backend: TestBackend, host: string, redirectTo?: string) {
  const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${backend.url}/auth/v1/recover${query}`, {
      method: 'POST',
      headers: { Host: host, 'Content-Type': 'application/json', apikey: backend.anonKey },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ email: ADMIN_EMAIL }));
  });
}

async function storedLinks(backend: TestBackend, kind: string): Promise<number> {
  const { rows } = await backend.db.query<{ n: string }>(
    'select count(*) as n from auth.one_time_tokens where token_type = $1',
    [kind],
  );
  return Number(rows[0]!.n);
}

describe.each(backendKinds)('mailed links without SITE_URL on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());

  const invite = (email: string, redirectTo: string, data: Record<string, string> = {}) =>
    backend
      .client(backend.serviceRoleKey)
      .auth.admin.inviteUserByEmail(email, { redirectTo, data });

  it('points an invitation at the trusted address the site was reached at, and back to /login', async () => {
    const email = 'reached@example.com';
    const redirectTo = `${ALLOWED}/login?link=invite`;
    const { error } = await invite(email, redirectTo, {
      invited_by: 'Anna Berg',
      site_name: 'Nordic Lead Agency AB',
    });
    expect(error).toBeNull();
    const [mail] = await waitForMails(backend, email);
    expect(mail!.subject).toBe("Anna Berg invited you to Nordic Lead Agency AB's website");
    expect(mail!.text).toContain('within 24 hours');
    const link = new URL(linkIn(mail!));
    expect(link.origin).toBe(ALLOWED);
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);
  });

  it('keeps an invitation on the server itself when asked to send it to another host', async () => {
    const email = 'elsewhere@example.com';
    expect((await invite(email, 'https://evil.example/login')).error).toBeNull();
    const [mail] = await waitForMails(backend, email);
    const link = new URL(linkIn(mail!));
    expect(link.origin).toBe(backend.url);
    expect(link.searchParams.get('redirect_to')).toBe(`${backend.url}/`);
    expect(mail!.text).not.toContain('evil.example');
  });

  it('refuses a recovery link for a forged Host, storing and mailing nothing', async () => {
    const mailsBefore = (await mailsTo(backend, ADMIN_EMAIL)).length;
    const linksBefore = await storedLinks(backend, 'recovery');
    for (const redirectTo of [undefined, 'http://evil.example/login']) {
      const answer = await recoverWithHost(backend, 'evil.example', redirectTo);
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body).msg ?? JSON.parse(answer.body).message).toBe(
        'E-mail links cannot point at evil.example: set SITE_URL to the public address of the ' +
          "site, or list it in config.toml's additional_redirect_urls.",
      );
    }
    expect(await storedLinks(backend, 'recovery')).toBe(linksBefore);
    expect(await mailsTo(backend, ADMIN_EMAIL)).toHaveLength(mailsBefore);
  });

  it('mails a recovery link on the listening address it was asked at', async () => {
    const host = new URL(backend.url).host;
    const answer = await recoverWithHost(backend, host, `${backend.url}/login?link=recovery`);
    expect(answer.status).toBe(200);
    const mails = await waitForMails(backend, ADMIN_EMAIL);
    const link = new URL(linkIn(mails.at(-1)!));
    expect(link.origin).toBe(backend.url);
    expect(link.searchParams.get('redirect_to')).toBe(`${backend.url}/login?link=recovery`);
  });

  it('lets an invitation work for a day, and then says the link has expired', async () => {
    expect(LINK_TTL_SECONDS).toBe(86_400);
    const fresh = 'day-old@example.com';
    const stale = 'too-old@example.com';
    for (const email of [fresh, stale]) {
      expect((await invite(email, `${backend.url}/login?link=invite`)).error).toBeNull();
    }
    await backend.db.query(
      `update auth.one_time_tokens t set created_at = now() - make_interval(hours => $2)
       from auth.users u where u.id = t.user_id and u.email = $1`,
      [fresh, 23],
    );
    await backend.db.query(
      `update auth.one_time_tokens t set created_at = now() - make_interval(hours => $2)
       from auth.users u where u.id = t.user_id and u.email = $1`,
      [stale, 25],
    );
    const follow = async (email: string) => {
      const [mail] = await waitForMails(backend, email);
      const response = await fetch(linkIn(mail!), { redirect: 'manual' });
      const location = new URL(response.headers.get('location')!);
      return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
    };
    const accepted = await follow(fresh);
    expect(`${accepted.location.pathname}${accepted.location.search}`).toBe('/login?link=invite');
    expect(accepted.fragment.get('type')).toBe('invite');
    expect(accepted.fragment.get('access_token')).toEqual(expect.any(String));
    const expired = await follow(stale);
    expect(`${expired.location.pathname}${expired.location.search}`).toBe('/login?link=invite');
    expect(expired.fragment.get('access_token')).toBeNull();
    expect(expired.fragment.get('error_code')).toBe('otp_expired');
  });
});
