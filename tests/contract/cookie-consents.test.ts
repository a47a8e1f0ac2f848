// Each cookie choice is recorded in cookie_consents, on PGlite and on PostgreSQL:
// anyone may record a choice made now and nobody reads them back through the API; the consent
// endpoint (/cookie-settings) records the choice with the visitor's consent ID and the policy
// version, keeps it in the visitor's cookies and sends them back with 303, and the table keeps
// two years. Each address records at most 100 choices an hour (nobody fills the
// database), whether it writes through the API or through the site's form.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordCookieConsent } from '~/data/cookie-consents.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';

const choice = {
  consent_id: '2b0f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  analytics: false,
  marketing: true,
  preferences: false,
  policy_version: '0123456789abcdef',
  language: 'sv',
  source: 'banner',
};

describe.each(backendKinds)('cookie consent records on %s', (kind) => {
  let backend: TestBackend;
  let anon: SupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend(kind, {}, { site: true });
    anon = backend.client();
  });
  afterAll(async () => backend?.close());
  // Every choice posted through the site counts against 127.0.0.1: each test starts uncounted.
  beforeEach(async () => backend.db.exec('delete from private.address_rate_limits'));

  /** The records of one consent ID, oldest first, as JSON (both adapters answer in text form). */
  const rows = async (consentId: string) =>
    (
      await backend.db.query(
        'select row_to_json(c)::text as json from public.cookie_consents c where consent_id = $1 order by id',
        [consentId],
      )
    ).rows.map((row) => JSON.parse((row as { json: string }).json) as Record<string, unknown>);

  it('lets anyone record a choice made now, and nobody read the records back', async () => {
    await recordCookieConsent(anon as unknown as AppSupabaseClient, choice);
    const [stored] = await rows(choice.consent_id);
    expect(stored).toMatchObject({ ...choice, marketing: true });
    expect(Date.now() - new Date(stored!.created_at as string).getTime()).toBeLessThan(60_000);
    const read = await anon.from('cookie_consents').select('*');
    expect(read.error?.code).toBe('42501');
    const member = await backend.signedIn();
    expect((await member.from('cookie_consents').select('*')).error?.code).toBe('42501');
    expect(
      (await anon.from('cookie_consents').update({ marketing: false }).eq('id', 1)).error?.code,
    ).toBe('42501');
    expect((await anon.from('cookie_consents').delete().eq('id', 1)).error?.code).toBe('42501');
  });

  it('refuses a backdated record and values outside the categories, sources and languages', async () => {
    for (const bad of [
      { created_at: '2020-01-01T00:00:00Z' },
      { source: 'pixel' },
      { language: 'de' },
      { policy_version: 'v1 <script>' },
    ]) {
      const { error } = await anon.from('cookie_consents').insert({ ...choice, ...bad });
      expect(error, JSON.stringify(bad)).not.toBeNull();
    }
    expect(await rows(choice.consent_id)).toHaveLength(1);
  });

  it('deletes records past two years when a new one is made', async () => {
    const old = '3c1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    await backend.db.query(
      `insert into public.cookie_consents
         (consent_id, analytics, marketing, preferences, policy_version, language, source, created_at)
       values ($1, true, true, true, 'aaaaaaaaaaaaaaaa', 'en', 'banner', now() - interval '2 years 1 day'),
              ($1, false, false, false, 'aaaaaaaaaaaaaaaa', 'en', 'settings', now() - interval '23 months')`,
      [old],
    );
    await recordCookieConsent(anon as unknown as AppSupabaseClient, { ...choice, source: 'frame' });
    expect((await rows(old)).map((row) => row.source)).toEqual(['settings']);
  });

  const post = (fields: Record<string, string>, cookie = '', at = '/cookie-settings') =>
    fetch(backend.url + at, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: backend.url,
        referer: `${backend.url}/blog?utm_source=meta&fbclid=IwAR1`,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
  const setCookies = (response: Response) => response.headers.getSetCookie();
  const cookieOf = (response: Response, name: string) =>
    setCookies(response)
      .find((line) => line.startsWith(`${name}=`))
      ?.split(';')[0];

  it('records a choice posted by a form, keeps it in the visitor’s cookies and goes back with 303', async () => {
    const accepted = await post({ choice: 'accept-all', source: 'banner', return_to: '/blog' });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/blog');
    expect(cookieOf(accepted, 'cookie_consent')).toBe('cookie_consent=accepted');
    const idCookie = cookieOf(accepted, 'cookie_consent_id')!;
    const consentId = idCookie.split('=')[1]!;
    // Marketing allowed: the ad click of the page the choice was made on is kept now.
    expect(decodeURIComponent(cookieOf(accepted, 'visit_attribution')!)).toContain(
      '"utm_source":"meta"',
    );
    const [first] = await rows(consentId);
    expect(first).toMatchObject({
      analytics: true,
      marketing: true,
      preferences: true,
      language: 'en',
      source: 'banner',
    });
    expect(first!.policy_version).toMatch(/^[0-9a-f]{16}$/);

    // Withdrawn in Swedish on the settings page: the same consent ID, a new record, the
    // attribution cookie removed, back to the Swedish home page when no page is named.
    const cookies = `${idCookie}; cookie_consent=accepted; visit_attribution=%7B%7D`;
    const rejected = await post(
      { choice: 'reject-all', source: 'settings' },
      cookies,
      '/sv/cookie-settings',
    );
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get('location')).toBe('/sv');
    expect(cookieOf(rejected, 'cookie_consent')).toBe('cookie_consent=rejected');
    expect(cookieOf(rejected, 'cookie_consent_id')).toBe(idCookie);
    expect(setCookies(rejected)).toContain(
      'visit_attribution=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );

    // Chosen: only the ticked boxes; then a frame's button adds marketing to that choice.
    const chosen = await post(
      { choice: 'save', source: 'banner', allow: 'analytics', return_to: '/newsletter' },
      cookies,
    );
    expect(cookieOf(chosen, 'cookie_consent')).toBe('cookie_consent=analytics');
    const framed = await post(
      { choice: 'allow-marketing', source: 'frame', return_to: '/newsletter' },
      `${idCookie}; cookie_consent=analytics`,
    );
    expect(cookieOf(framed, 'cookie_consent')).toBe('cookie_consent=analytics.marketing');

    expect(
      (await rows(consentId)).map((row) => [
        row.source,
        row.language,
        row.analytics,
        row.marketing,
        row.preferences,
      ]),
    ).toEqual([
      ['banner', 'en', true, true, true],
      ['settings', 'sv', false, false, false],
      ['banner', 'en', true, false, false],
      ['frame', 'en', true, true, false],
    ]);
  });

  it('records at most 100 choices an hour from one address through the API, and counts each address apart', async () => {
    const from = (address: string) =>
      createClient(backend.url, backend.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { 'x-forwarded-for': address } },
      });
    const office = from('203.0.113.40');
    const consentId = '4d2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    for (let i = 0; i < 100; i++) {
      const { error } = await office
        .from('cookie_consents')
        .insert({ ...choice, consent_id: consentId });
      expect(error).toBeNull();
    }
    const refused = await office
      .from('cookie_consents')
      .insert({ ...choice, consent_id: consentId });
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe('PT429');
    expect(await rows(consentId)).toHaveLength(100);
    // Another address, and the service role, are not held back by this one.
    expect((await from('203.0.113.41').from('cookie_consents').insert(choice)).status).toBe(201);
    expect(
      (await backend.client(backend.serviceRoleKey).from('cookie_consents').insert(choice)).status,
    ).toBe(201);
    // The counter lives an hour, and the retention job sweeps it after that.
    await backend.db.query(
      `update private.address_rate_limits set recent = array(select t - interval '61 minutes' from unnest(recent) t)`,
    );
    await backend.db.query('select private.delete_stale_consultations()');
    expect((await backend.db.query('select * from private.address_rate_limits')).rows).toEqual([]);
    expect((await office.from('cookie_consents').insert(choice)).status).toBe(201);
  });

  it('answers 429 to a choice posted by a form past the limit, and keeps neither record nor cookies', async () => {
    // The site's server forwards its visitor's address: the requests here come from 127.0.0.1.
    await backend.db.exec(`insert into private.address_rate_limits (scope, client_ip, recent)
      values ('cookie_consents', '127.0.0.1', array_fill(now(), array[100]))`);
    const before = await backend.db.query('select count(*)::int as n from public.cookie_consents');
    const refused = await post({ choice: 'accept-all', source: 'banner', return_to: '/blog' });
    expect(refused.status).toBe(429);
    expect(setCookies(refused)).toEqual([]);
    expect(await backend.db.query('select count(*)::int as n from public.cookie_consents')).toEqual(
      before,
    );
    await backend.db.exec('delete from private.address_rate_limits');
    expect((await post({ choice: 'accept-all', source: 'banner' })).status).toBe(303);
  });

  it('refuses a post that is no choice, a choice made on another site, and never leaves the site', async () => {
    expect((await post({ choice: 'everything', source: 'banner' })).status).toBe(400);
    const elsewhere = await fetch(`${backend.url}/cookie-settings`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: new URLSearchParams({ choice: 'accept-all', source: 'banner' }),
    });
    expect(elsewhere.status).toBeGreaterThanOrEqual(400);
    expect(elsewhere.headers.getSetCookie()).toEqual([]);
    for (const away of ['//evil.example/', 'https://evil.example/', '/\\evil.example'])
      expect(
        (await post({ choice: 'reject-all', source: 'banner', return_to: away })).headers.get(
          'location',
        ),
      ).toBe('/');
  });
});
