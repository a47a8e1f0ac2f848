// The security headers on the built site, and the proof that its Content-Security-
// Policy blocks nothing the site itself does: every public page in both languages, with and
// without JavaScript, a booking sent through the form, navigation inside the app, the sign-in, the
// blog manager with its preview, and the leads inbox, with no CSP violation reported.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  followRequests,
  gotoHydrated,
  pagePerTest,
  signInThroughForm,
} from '../support/browser.ts';
import { englishPagePaths, swedishPagePaths } from '../support/pages.ts';
import { sitePerFile, siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0' });
const httpsSite = sitePerFile({ SEED_DEMO: 'false', SITE_URL: 'https://agency.example' });

const allPaths = [...englishPagePaths, ...swedishPagePaths, '/login'];

/** Records every violation the page's policy reports, from the first byte on. */
const recordViolations = () => {
  const w = window as unknown as { cspViolations: string[] };
  w.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    w.cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
  });
};

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('every page’s response', () => {
  it.each(allPaths)('%s carries the security headers', async (path) => {
    const response = await fetch(site.url + path);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = response.headers.get('content-security-policy') ?? '';
    // Pages that run React carry its inline scripts, allowed by hash; the others have none.
    expect(policy).toMatch(/^default-src 'none'; script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy).toContain("frame-ancestors 'none'");
    // Only the pages with the provider's form may frame it, and nothing else is ever framed.
    const framed = /frame-src ([^;]*)/.exec(policy)?.[1];
    expect(framed).toBe(
      /newsletter$|free-meta-ads-guide$/.test(path) ? 'https://preview.mailerlite.io' : undefined,
    );
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
    });
    // The site is on http here: no HSTS.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps its ETag and answers 304 with the policy in place', async () => {
    const first = await fetch(`${site.url}/blog`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${site.url}/blog`);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy'),
    );
    const revalidated = await fetch(`${site.url}/blog`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('tells browsers to keep to https when SITE_URL is https', async () => {
    const response = await fetch(`${httpsSite.url}/sv/blog`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000');
  });

  it('marks assets and feeds nosniff too', async () => {
    // Twice each: the feeds' second answer comes from the page cache.
    for (const round of ['first', 'again']) {
      for (const path of ['/favicon.svg', '/blog/rss.xml', '/sitemap.xml', '/robots.txt']) {
        const response = await fetch(site.url + path);
        expect(response.headers.get('x-content-type-options'), `${path} ${round}`).toBe('nosniff');
      }
    }
  });
});

describe('in a browser', () => {
  const browsing = pagePerTest(() => browser, {
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' },
  });

  it.each(allPaths)('%s runs and hydrates with no CSP violation', async (path) => {
    const { page } = browsing;
    const requests = followRequests(page);
    await page.addInitScript(recordViolations);
    await gotoHydrated(page, site.url + path);
    await requests.settled();
    expect(await violations(page)).toEqual([]);
  });

  it('books a call and moves around the site with no CSP violation', async () => {
    const { page } = browsing;
    await page.addInitScript(recordViolations);
    await gotoHydrated(page, `${site.url}/sv`);
    await page.getByRole('link', { name: 'Läs vår blogg' }).first().click();
    await page.waitForURL(`${site.url}/sv/blog`);
    await page
      .getByRole('link', { name: /Svara snabbt/ })
      .first()
      .click();
    await page.waitForURL(/\/sv\/blog\/svara-snabbt/);
    await page.getByRole('link', { name: 'Boka ett samtal' }).first().click();
    await page.waitForURL(`${site.url}/sv/book-call`);
    await page.getByRole('textbox', { name: 'Namn', exact: true }).fill('Maja Ek');
    await page.getByRole('textbox', { name: 'E-postadress', exact: true }).fill('maja@example.se');
    await page.getByRole('textbox', { name: 'Telefonnummer', exact: true }).fill('070 111 22 33');
    await page.getByRole('textbox', { name: 'Företagsnamn', exact: true }).fill('Ek Städ AB');
    await page
      .getByRole('textbox', { name: 'Vilka problem vill du lösa?', exact: true })
      .fill('Vi behöver fler kunder.');
    await page
      .getByRole('combobox', { name: 'Hur hittade du oss?', exact: true })
      .selectOption({ index: 1 });
    await page.getByRole('button', { name: /Boka/ }).last().click();
    await page.waitForURL(`${site.url}/sv/book-call/thank-you`, { timeout: 10_000 });
    expect(await violations(page)).toEqual([]);
  });

  it('signs in and uses the blog manager and the leads inbox with no CSP violation', async () => {
    const { page } = browsing;
    const requests = followRequests(page);
    await page.addInitScript(recordViolations);
    await signInThroughForm(page, site.url);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await page
      .getByLabel('Content', { exact: false })
      .first()
      .fill(
        '## Heading\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n![A chart](https://example.com/c.png)',
      );
    await page.getByRole('button', { name: /Show Preview/ }).click();
    await page.getByRole('region', { name: 'Preview' }).getByRole('table').waitFor();
    expect(await violations(page)).toEqual([]);
    // The form holds unsaved changes: leaving asks first.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: /^Leads/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    await requests.settled();
    expect(await violations(page)).toEqual([]);
  });
});

describe('without JavaScript', () => {
  const browsing = pagePerTest(() => browser, {
    viewport: { width: 360, height: 780 },
    javaScriptEnabled: false,
  });

  it.each(['/', '/sv/newsletter', '/blog/meta-lead-forms-vs-landing-pages'])(
    '%s shows its menu (the no-script style is allowed by its hash)',
    async (path) => {
      const { page } = browsing;
      await page.goto(site.url + path);
      // addInitScript needs JavaScript; the policy would block the style, and the menu stay shut.
      expect(await page.locator('.site-nav').isVisible()).toBe(true);
      expect(await page.locator('.menu-button').isVisible()).toBe(false);
    },
  );
});
