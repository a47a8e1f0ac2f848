// Numbers the owner can trust (docs/decisions/0025-numbers-the-owner-can-trust.md), on the built
// site and both databases: known visitors browse and send the booking form over HTTP as browsers
// without JavaScript do (one from a Facebook ad who refused cookies, others direct), the site's
// framework requests are mixed in, and every number public.site_insights() gives the Insights page
// is checked against them: framework requests, the agency's pages and files are no visits, and a
// lead without a source of its own takes its visit's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { aLeadForm } from '../support/leads.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** One visitor: an address and a browser, and the cookies the site gave them. */
interface Visitor {
  address: string;
  userAgent: string;
  cookies: string[];
}

const aVisitor = (address: string, userAgent: string): Visitor => ({
  address,
  userAgent,
  cookies: [],
});

describe.each(backendKinds)('the insights’ numbers on %s', (kind) => {
  let backend: TestBackend;
  const minFill = process.env.FORM_MIN_FILL_SECONDS;
  beforeAll(async () => {
    // The form takes a post at once (the signed start time is still checked).
    process.env.FORM_MIN_FILL_SECONDS = '0';
    backend = await startTestBackend(kind, {}, { site: true });
  });
  afterAll(async () => {
    if (minFill === undefined) delete process.env.FORM_MIN_FILL_SECONDS;
    else process.env.FORM_MIN_FILL_SECONDS = minFill;
    await backend?.close();
  });

  const headersOf = (visitor: Visitor, extra: Record<string, string> = {}) => ({
    'user-agent': visitor.userAgent,
    'x-forwarded-for': visitor.address,
    ...(visitor.cookies.length > 0 ? { cookie: visitor.cookies.join('; ') } : {}),
    ...extra,
  });
  const keepCookies = (visitor: Visitor, response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const name = pair.split('=')[0];
      visitor.cookies = [...visitor.cookies.filter((c) => !c.startsWith(`${name}=`)), pair];
    }
  };
  /** A GET as the visitor's browser makes it; `from` is the page they came from on this site. */
  const open = async (visitor: Visitor, path: string, from?: string | URL) => {
    const response = await fetch(backend.url + path, {
      headers: headersOf(visitor, from ? { referer: String(from) } : {}),
      redirect: 'manual',
    });
    keepCookies(visitor, response);
    await response.arrayBuffer();
    return response.status;
  };
  /**
   * The booking form sent without JavaScript: its page (reached by a link from `from`), then the
   * post, then the thank-you page it leads to.
   */
  const sendForm = async (
    visitor: Visitor,
    path: string,
    from: string,
    form: Record<string, string>,
  ) => {
    const page = await (
      await fetch(backend.url + path, {
        headers: headersOf(visitor, { referer: backend.url + from }),
      })
    ).text();
    const hidden = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!.replaceAll('&amp;', '&'),
      ]),
    );
    const response = await fetch(backend.url + path, {
      method: 'POST',
      headers: headersOf(visitor, { referer: backend.url + path }),
      body: new URLSearchParams({ ...hidden, website: '', additional_info: '', ...form }),
      redirect: 'manual',
    });
    expect(response.status, await response.clone().text()).toBe(303);
    keepCookies(visitor, response);
    await response.arrayBuffer();
    return open(visitor, response.headers.get('location')!, backend.url + path);
  };

  it('counts page views of public pages only, and attributes each lead to its visit', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format();
    const admin = await backend.signedIn();

    // A phone from a Facebook ad, in Swedish, refuses cookies in the banner, reads on and sends
    // the form (the campaign was only in the first page's address).
    const facebook = aVisitor('198.51.100.61', IPHONE);
    const landing = '/sv?utm_source=facebook&utm_medium=paid&utm_campaign=spring&fbclid=IwAR1';
    expect(await open(facebook, landing, 'https://l.facebook.com/')).toBe(200);
    const refused = await fetch(`${backend.url}/sv/cookie-settings`, {
      method: 'POST',
      headers: headersOf(facebook, { referer: `${backend.url}${landing}` }),
      body: new URLSearchParams({ choice: 'reject-all', source: 'banner', return_to: '/sv' }),
      redirect: 'manual',
    });
    expect(refused.status).toBe(303);
    keepCookies(facebook, refused);
    expect(facebook.cookies.join(';')).not.toContain('visit_attribution');
    expect(await open(facebook, '/sv/blog', `${backend.url}/sv`)).toBe(200);
    await backend.server.visits!.flush();
    expect(
      await sendForm(facebook, '/sv/book-call', '/sv/blog', aLeadForm({ name: 'Frida Facebook' })),
    ).toBe(200);

    // A desktop visitor who typed the address, read the blog and sent the form.
    const direct = aVisitor('198.51.100.62', CHROME);
    expect(await open(direct, '/')).toBe(200);
    expect(await open(direct, '/blog', `${backend.url}/`)).toBe(200);
    await backend.server.visits!.flush();
    expect(await sendForm(direct, '/book-call', '/blog', aLeadForm({ name: 'Dan Direct' }))).toBe(
      200,
    );

    // A desktop visitor from a Google search who only reads.
    const reader = aVisitor('198.51.100.63', `${CHROME} Edg/131.0`);
    expect(await open(reader, '/blog', 'https://www.google.com/')).toBe(200);

    // The framework's own requests, from a visitor's browser and from the administrator's, and
    // the agency's pages, files and a missing page: none of them a visit.
    for (const path of [
      '/__manifest?p=%2F&version=abc123',
      '/_.data',
      '/blog.data',
      '/sv/blog.data',
      '/admin.data',
    ]) {
      const status = await open(reader, path);
      expect(status, path).toBeLessThan(500);
    }
    const staff = aVisitor('198.51.100.64', CHROME);
    for (const path of ['/login', '/admin', '/favicon.svg', '/robots.txt', '/no-such-page'])
      await open(staff, path);

    await backend.server.visits!.flush();
    const { data, error } = await admin.rpc('site_insights', {
      period_start: today,
      period_end: today,
    });
    expect(error).toBeNull();
    // Frida: /sv, /sv/blog, /sv/book-call, its thank-you page; Dan: /, /blog, /book-call, its
    // thank-you page; the reader: /blog.
    expect(data.totals).toEqual({
      views: 9,
      visitors: 3,
      booking_visitors: 2,
      leads: 2,
      booked: 0,
      won: 0,
    });
    expect(data.days).toEqual([{ day: today, views: 9, visitors: 3 }]);
    expect(data.pages).toEqual([
      { path: '/blog', views: 2, visitors: 2 },
      { path: '/', views: 1, visitors: 1 },
      { path: '/book-call', views: 1, visitors: 1 },
      { path: '/book-call/thank-you', views: 1, visitors: 1 },
      { path: '/sv', views: 1, visitors: 1 },
      { path: '/sv/blog', views: 1, visitors: 1 },
      { path: '/sv/book-call', views: 1, visitors: 1 },
      { path: '/sv/book-call/thank-you', views: 1, visitors: 1 },
    ]);
    expect(data.landing_pages).toEqual([
      { path: '/', visitors: 1 },
      { path: '/blog', visitors: 1 },
      { path: '/sv', visitors: 1 },
    ]);
    expect(data.sources).toEqual([
      { source: '(direct)', visitors: 1 },
      { source: 'facebook', visitors: 1 },
      { source: 'google.com', visitors: 1 },
    ]);
    expect(data.devices).toEqual([
      { device: 'desktop', visitors: 2 },
      { device: 'mobile', visitors: 1 },
    ]);
    expect(data.languages).toEqual([
      { language: 'en', visitors: 2 },
      { language: 'sv', visitors: 1 },
    ]);
    // Each lead sits beside its visit: Facebook 1 visitor 1 lead, direct 1 and 1.
    expect(data.funnel).toEqual([
      {
        source: '(direct)',
        campaign: null,
        visitors: 1,
        booking_visitors: 1,
        leads: 1,
        booked: 0,
        won: 0,
      },
      {
        source: 'facebook',
        campaign: 'spring',
        visitors: 1,
        booking_visitors: 1,
        leads: 1,
        booked: 0,
        won: 0,
      },
      {
        source: 'google.com',
        campaign: null,
        visitors: 1,
        booking_visitors: 0,
        leads: 0,
        booked: 0,
        won: 0,
      },
    ]);

    // The lead itself carries its visit's source, which the leads list shows.
    const { data: leads } = await admin
      .from('consultations')
      .select('name, source, utm_source, utm_medium, utm_campaign, referrer, landing_page')
      .order('name');
    expect(leads).toEqual([
      {
        name: 'Dan Direct',
        source: '(direct)',
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        referrer: null,
        landing_page: '/',
      },
      {
        name: 'Frida Facebook',
        source: 'facebook',
        utm_source: 'facebook',
        utm_medium: 'paid',
        utm_campaign: 'spring',
        referrer: null,
        landing_page: '/sv',
      },
    ]);
  });

  it('stores no view of a framework request, an agency page or a file, whoever writes it', async () => {
    await backend.server.visits!.flush();
    await backend.db.query('delete from public.page_views');
    const view = (path: string) => ({
      viewed_at: new Date().toISOString(),
      visitor: '0123456789abcdef',
      address: 'fedcba9876543210',
      path,
      language: 'en',
      device: 'desktop',
      views: 1,
    });
    await backend.db.query('select private.record_page_views($1::jsonb)', [
      JSON.stringify(
        [
          '/__manifest',
          '/_.data',
          '/admin.data',
          '/blog/post.data',
          '/admin/leads',
          '/sv/admin',
          '/login',
          '/blog/preview/abc',
          '/favicon.svg',
          '/',
          '/sv/blog/a-post',
        ].map(view),
      ),
    ]);
    const { rows } = await backend.db.query<{ path: string }>(
      'select path from public.page_views order by path',
    );
    expect(rows.map((row) => row.path)).toEqual(['/', '/sv/blog/a-post']);
  });
});
