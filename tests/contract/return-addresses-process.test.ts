// Where the running site (`node server/main.ts` on the build) sends a visitor back to: a cookie
// choice posted with a hostile return_to, and the cookie settings page opened from a hostile
// Referer of the site's own origin, both lead to a plain path of this site, never to another host
// (a browser reads `/<tab>/evil.example` and `//evil.example/x` as the host evil.example); and a
// page asked for at such a path links to no other host. Needs the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from '../support/site.ts';

/** What no browser reads as another host: one `/`, then no `/`, `\`, space or control character. */
const PLAIN_SITE_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;

describe('return addresses on the running site', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'false' });
  });
  afterAll(async () => site?.stop());

  it.each([
    ['/%09/evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['//evil.example/x', '/'],
    ['/%5Cevil.example', '/'],
    ['/sv/blog?page=2', '/sv/blog?page=2'],
  ])('answers a cookie choice returning to %j with Location %j', async (returnTo, expected) => {
    const response = await fetch(`${site.url}/cookie-settings`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ choice: 'reject-all', source: 'settings', return_to: returnTo }),
    });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(PLAIN_SITE_PATH);
    expect(location).toBe(expected);
  });

  it('sends a Swedish cookie choice with a hostile return_to to the Swedish home page', async () => {
    const response = await fetch(`${site.url}/sv/cookie-settings`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        choice: 'reject-all',
        source: 'settings',
        return_to: '/%09/evil.example',
      }),
    });
    expect(response.headers.get('location')).toBe('/sv');
  });

  it.each([
    ['/cookie-settings', '//evil.example/x', '/'],
    ['/sv/cookie-settings', '//evil.example/x', '/sv'],
    ['/cookie-settings', '/%2F%2Fevil.example/x', '/'],
    ['/cookie-settings', '/blog?page=2', '/blog?page=2'],
  ])('on %s opened from the Referer path %j, links Back to %j', async (page, from, expected) => {
    const response = await fetch(`${site.url}${page}`, {
      headers: { Referer: `${site.url}${from}` },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const back = /<a href="([^"]*)">(Back to the page you were on|[^<]*tillbaka[^<]*)<\/a>/i.exec(
      html,
    );
    expect(back, 'the Back link').not.toBeNull();
    const href = back![1]!.replaceAll('&amp;', '&');
    expect(href).toMatch(PLAIN_SITE_PATH);
    expect(href).toBe(expected);
    // The form posts the same address back as return_to.
    expect(html).toContain(`name="return_to" value="${back![1]}"`);
  });

  it.each(['//evil.example/x', '/sv//evil.example'])(
    'links to no other host from the page at %s, in its language links or its banner',
    async (path) => {
      const response = await fetch(`${site.url}${path}`);
      const html = await response.text();
      const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]!);
      expect(hrefs.filter((href) => href.startsWith('/'))).not.toEqual([]);
      for (const href of hrefs) {
        if (href.startsWith('/')) expect(href).toMatch(PLAIN_SITE_PATH);
        // As a browser follows it from this page.
        expect(new URL(href, `${site.url}${path}`).hostname, href).not.toBe('evil.example');
      }
      const returnTo = /name="return_to" value="([^"]*)"/.exec(html)?.[1];
      expect(returnTo).toMatch(PLAIN_SITE_PATH);
    },
  );
});
