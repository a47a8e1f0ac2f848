// Statistics that need no consent (docs/decisions/0016), on the built site and both databases: the
// server counts a visitor's page views without a cookie and stores no address, no browser and no
// identifier that outlives the day; bots and the agency's own pages are left out; views and salts
// are deleted on time; and public.site_insights() (through supabase-js's rpc) gives administrators,
// and nobody else, the funnel from visitors to won leads per source and campaign.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface StoredView {
  visitor: string;
  path: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  language: string;
  device: string;
  views: number;
}

describe.each(backendKinds)('visit statistics on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind, { SEED_DEMO: 'true' }, { site: true });
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => {
    await backend.server.visits!.flush();
    await backend.db.query('delete from public.page_views');
  });

  const visit = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await fetch(backend.url + path, {
      method,
      headers: { 'user-agent': CHROME, ...headers },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return response.status;
  };
  const storedViews = async () => {
    await backend.server.visits!.flush();
    const { rows } = await backend.db.query<StoredView>(
      `select visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, language, device,
              views
         from public.page_views order by id`,
    );
    // The server's own connection reads numbers as text.
    return rows.map((row) => ({ ...row, views: Number(row.views) }));
  };

  it('counts a visitor’s page views, where they came from, without storing who they are', async () => {
    expect(
      await visit('/?utm_source=Meta&utm_medium=paid&utm_campaign=spring&fbclid=IwAR1', {
        referer: 'https://www.facebook.com/',
      }),
    ).toBe(200);
    expect(await visit('/book-call', { referer: `${backend.url}/` })).toBe(200);
    expect(await visit('/sv/blog', { 'user-agent': IPHONE })).toBe(200);

    const views = await storedViews();
    expect(views).toEqual([
      {
        visitor: expect.stringMatching(/^[0-9a-f]{16}$/),
        path: '/',
        referrer_host: 'facebook.com',
        utm_source: 'Meta',
        utm_medium: 'paid',
        utm_campaign: 'spring',
        language: 'en',
        device: 'desktop',
        views: 1,
      },
      // A link within the site names no other site.
      expect.objectContaining({ path: '/book-call', referrer_host: null, utm_source: null }),
      expect.objectContaining({ path: '/sv/blog', language: 'sv', device: 'mobile' }),
    ]);
    // One browser is one visitor for the day; another browser on the same address is another.
    expect(views[0]!.visitor).toBe(views[1]!.visitor);
    expect(views[2]!.visitor).not.toBe(views[0]!.visitor);

    // Nothing that identifies the visitor is stored: not the address, not the browser.
    const { rows } = await backend.db.query<{ everything: string }>(
      `select string_agg(v::text, ' ') as everything from public.page_views v`,
    );
    expect(rows[0]!.everything).not.toContain('127.0.0.1');
    expect(rows[0]!.everything).not.toMatch(/Mozilla|Chrome|iPhone/);
    expect(rows[0]!.everything).not.toContain('IwAR1');
  });

  it('counts a revalidated page (304) and a page answered from the cache alike', async () => {
    const first = await fetch(`${backend.url}/blog`, { headers: { 'user-agent': CHROME } });
    await first.text();
    const etag = first.headers.get('etag')!;
    expect(await visit('/blog', { 'if-none-match': etag })).toBe(304);
    expect(await visit('/blog')).toBe(200);
    // Three views of one page by one visitor between two writes: one row that counts three.
    expect((await storedViews()).map(({ path, views }) => [path, views])).toEqual([['/blog', 3]]);
  });

  it('leaves out bots, prefetches, HEAD, errors, files, feeds and the agency’s own pages', async () => {
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      '',
    ];
    for (const userAgent of bots) expect(await visit('/', { 'user-agent': userAgent })).toBe(200);
    expect(await visit('/', { 'sec-purpose': 'prefetch' })).toBe(200);
    expect(await visit('/', {}, 'HEAD')).toBe(200);
    expect(await visit('/no-such-page')).toBe(404);
    expect(await visit('/blog/no-such-post')).toBe(404);
    // Twice each: the second answer comes from the page cache.
    for (const path of ['/robots.txt', '/blog/rss.xml', '/robots.txt', '/blog/rss.xml'])
      expect(await visit(path), path).toBe(200);
    expect(await visit('/favicon.svg')).toBe(200);
    expect(await visit('/login')).toBe(200);
    expect(await visit('/admin')).toBe(200);
    expect(await storedViews()).toEqual([]);
  });

  it('keeps one salt, today’s, and deletes views after 26 months', async () => {
    await visit('/');
    await storedViews();
    const salts = await backend.db.query<{ day: string }>(
      `select day::text from private.visit_salts`,
    );
    expect(salts.rows).toHaveLength(1);
    await backend.db.exec(
      `insert into private.visit_salts (day, salt) values (current_date - 2, 'old');
       insert into public.page_views (viewed_at, visitor, path, language, device) values
         (now() - interval '26 months 1 day', '0123456789abcdef', '/', 'en', 'desktop'),
         (now() - interval '25 months', '0123456789abcdef', '/blog', 'en', 'desktop')`,
    );
    await backend.db.query('select private.delete_old_page_views()');
    const left = await backend.db.query<{ path: string }>(
      `select path from public.page_views where visitor = '0123456789abcdef'`,
    );
    expect(left.rows.map((row) => row.path)).toEqual(['/blog']);
    const remainingSalts = await backend.db.query<{ salt: string }>(
      `select salt from private.visit_salts`,
    );
    expect(remainingSalts.rows.map((row) => row.salt)).not.toContain('old');
  });

  describe('the insights', () => {
    const day = '2026-11-10';
    const at = (time: string) => `${day}T${time}+01:00`;
    beforeEach(async () => {
      await backend.db.query('delete from public.consultations');
      // Three visitors from Meta's spring campaign (two reach the booking form), one from Google
      // search, one direct; and the next day the first Meta visitor again (a new hash).
      await backend.db.query(
        `insert into public.page_views
           (viewed_at, visitor, path, referrer_host, utm_source, utm_campaign, language, device)
         values
           ($1, 'aaaaaaaaaaaaaaa1', '/', 'facebook.com', 'meta', 'spring', 'en', 'mobile'),
           ($2, 'aaaaaaaaaaaaaaa1', '/book-call', null, null, null, 'en', 'mobile'),
           ($1, 'aaaaaaaaaaaaaaa2', '/sv', null, 'Meta', 'spring', 'sv', 'mobile'),
           ($2, 'aaaaaaaaaaaaaaa2', '/sv/book-call', null, null, null, 'sv', 'mobile'),
           ($1, 'aaaaaaaaaaaaaaa3', '/blog', null, 'meta', 'spring', 'en', 'desktop'),
           ($1, 'aaaaaaaaaaaaaaa4', '/blog/x', 'google.com', null, null, 'en', 'desktop'),
           ($2, 'aaaaaaaaaaaaaaa5', '/', null, null, null, 'en', 'tablet'),
           ($3, 'bbbbbbbbbbbbbbb1', '/', 'facebook.com', 'meta', 'spring', 'en', 'mobile'),
           ('2026-10-01T12:00:00Z', 'ccccccccccccccc1', '/', null, null, null, 'en', 'desktop')`,
        [at('09:00:00'), at('09:05:00'), '2026-11-11T10:00:00+01:00'],
      );
      await backend.db.query(
        `insert into public.consultations
           (name, email, phone_number, problems, company_name, how_found_us, utm_source,
            utm_campaign, referrer, status, created_at)
         select 'Lead ' || n, 'lead' || n || '@example.se', '070-000 00 00',
                'We need more qualified leads for our business.', 'Company ' || n, 'Facebook',
                source, campaign, referrer, status, $1
           from (values
             (1, 'meta', 'spring', null, 'won'),
             (2, 'META', 'spring', null, 'booked'),
             (3, null, null, 'https://www.google.com/search?q=leads', 'new'),
             (4, null, null, null, 'contacted')
           ) as leads(n, source, campaign, referrer, status)`,
        [at('09:10:00')],
      );
    });

    it('gives administrators the visits, pages, sources and the funnel per source and campaign', async () => {
      const admin = await backend.signedIn();
      const { data, error } = await admin.rpc('site_insights', {
        period_start: '2026-11-10',
        period_end: '2026-11-11',
      });
      expect(error).toBeNull();
      expect(data.totals).toEqual({
        views: 8,
        visitors: 6,
        booking_visitors: 2,
        leads: 4,
        booked: 2,
        won: 1,
      });
      expect(data.days).toEqual([
        { day: '2026-11-10', views: 7, visitors: 5 },
        { day: '2026-11-11', views: 1, visitors: 1 },
      ]);
      expect(data.sources).toEqual([
        { source: 'meta', visitors: 4 },
        { source: '(direct)', visitors: 1 },
        { source: 'google.com', visitors: 1 },
      ]);
      expect(data.funnel).toEqual([
        {
          source: 'meta',
          campaign: 'spring',
          visitors: 4,
          booking_visitors: 2,
          leads: 2,
          booked: 2,
          won: 1,
        },
        {
          source: '(direct)',
          campaign: null,
          visitors: 1,
          booking_visitors: 0,
          leads: 1,
          booked: 0,
          won: 0,
        },
        {
          source: 'google.com',
          campaign: null,
          visitors: 1,
          booking_visitors: 0,
          leads: 1,
          booked: 0,
          won: 0,
        },
      ]);
      expect(data.pages[0]).toEqual({ path: '/', views: 3, visitors: 3 });
      expect(data.landing_pages[0]).toEqual({ path: '/', visitors: 3 });
      expect(data.devices).toEqual([
        { device: 'mobile', visitors: 3 },
        { device: 'desktop', visitors: 2 },
        { device: 'tablet', visitors: 1 },
      ]);
      expect(data.languages).toEqual([
        { language: 'en', visitors: 5 },
        { language: 'sv', visitors: 1 },
      ]);
    });

    it('counts days in the agency’s time zone and refuses a period that ends before it starts', async () => {
      const admin = await backend.signedIn();
      // 2026-10-01T12:00Z is the 1st in Stockholm; a period of that day alone holds its view.
      const october = await admin.rpc('site_insights', {
        period_start: '2026-10-01',
        period_end: '2026-10-01',
      });
      expect(october.data.totals.views).toBe(1);
      const backwards = await admin.rpc('site_insights', {
        period_start: '2026-11-11',
        period_end: '2026-11-10',
      });
      expect(backwards.error?.message).toBe('The period must end on or after the day it starts.');
    });

    it('shows nothing to editors, users without a role, and visitors', async () => {
      const period = { period_start: '2026-11-10', period_end: '2026-11-11' };
      const editor = await backend.signedInMember(`editor-${Date.now()}@example.com`, 'editor');
      const stranger = await backend.signedInMember(`user-${Date.now()}@example.com`, null);
      for (const client of [editor, stranger]) {
        const { data, error } = await client.rpc('site_insights', period);
        expect(data).toBeNull();
        expect(error?.message).toBe('Only administrators can see the statistics.');
        expect((await client.from('page_views').select('id')).data).toEqual([]);
      }
      const anonymous = await backend.client().rpc('site_insights', period);
      expect(anonymous.data).toBeNull();
      expect(anonymous.error?.code).toBe('42501');
      expect((await backend.client().from('page_views').select('id')).error?.code).toBe('42501');
    });
  });

  it('answers a function it does not know as PostgREST does', async () => {
    const admin = await backend.signedIn();
    const unknown = await admin.rpc('site_insight', { period_start: '2026-11-10' });
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      hint: 'Perhaps you meant to call the function public.site_insights',
    });
    const wrongArguments = await admin.rpc('site_insights', { start: '2026-11-10' });
    expect(wrongArguments.error?.code).toBe('PGRST202');
  });
});
