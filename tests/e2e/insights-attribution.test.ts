// The Insights page's numbers against what known visitors did in real browsers
// (docs/decisions/0025-numbers-the-owner-can-trust.md): a phone from a Facebook ad refuses cookies
// and books from the Swedish site, a visitor without JavaScript types the address and books, a
// reader comes from a Google search; the administrator's own browsing (sign-in, the admin pages,
// React Router's /__manifest and .data requests) is no visit. Every number on the page is checked:
// the totals, the chart's table, the pages, landing pages, sources, devices, languages and the
// funnel, where each lead sits beside the visit it came from.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pagePerTest, signInThroughForm } from '../support/browser.ts';
import { englishLabels, fill, swedishLabels } from '../support/booking-form.ts';
import { signedInAdmin } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false', FORM_MIN_FILL_SECONDS: '0' });

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format();

/** Waits until the server has written this many page views (it writes every few seconds). */
async function viewsStored(count: number): Promise<void> {
  const admin = await signedInAdmin(site);
  // (expect.poll belongs to tests; vi.waitFor retries in a hook as well.)
  await vi.waitFor(
    async () => {
      const { data } = await admin.rpc('site_insights', {
        period_start: today(),
        period_end: today(),
      });
      expect((data as { totals: { views: number } } | null)?.totals.views).toBe(count);
    },
    { interval: 250, timeout: 20_000 },
  );
}

async function visitorContext(
  address: string,
  userAgent: string,
  javaScriptEnabled = true,
  timezoneId = 'Europe/Stockholm',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    userAgent,
    javaScriptEnabled,
    timezoneId,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return { context, page: await context.newPage() };
}

/** The number under a total's label. */
const tile = (page: Page, label: string) =>
  page
    .locator('.insights-totals__tile')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** A table's rows as the cells' texts, header cell first. */
async function rowsOf(page: Page, region: string): Promise<string[][]> {
  const rows = page.getByRole('region', { name: region }).getByRole('row');
  const texts = await rows.evaluateAll((elements) =>
    elements.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
  );
  return texts.slice(1) as string[][];
}

describe('/admin/insights after known visits', () => {
  beforeAll(async () => {
    // A phone in Finland from a Facebook ad (the campaign only in the first page's address)
    // refuses cookies, follows the Swedish site's link to the booking form and books.
    const facebook = await visitorContext('203.0.113.71', IPHONE, true, 'Europe/Helsinki');
    await facebook.page.goto(
      `${site.url}/sv?utm_source=facebook&utm_medium=paid&utm_campaign=spring&fbclid=IwAR1`,
      { referer: 'https://l.facebook.com/' },
    );
    await facebook.page.getByRole('button', { name: 'Avvisa alla' }).click();
    await viewsStored(1);
    await facebook.page.getByRole('link', { name: 'Boka ett samtal' }).first().click();
    await facebook.page.waitForURL(`${site.url}/sv/book-call`);
    await fill(facebook.page, swedishLabels, {
      name: 'Frida Facebook',
      email: `frida-${Date.now()}@example.se`,
      phone: '070-111 22 33',
      company: 'Fridas Frisör AB',
      problems: 'Vi vill ha fler bokningar från annonserna.',
      howFoundUs: 'Facebook',
    });
    await facebook.page.getByRole('button', { name: 'Boka mitt gratis strategisamtal' }).click();
    // Its script opens the page again in the phone's zone: a step within the page, not a view.
    await facebook.page.waitForURL(`${site.url}/sv/book-call/thank-you?tz=Europe%2FHelsinki`);
    await facebook.context.close();

    // A desktop visitor without JavaScript types the address, follows "Book a Call" and books.
    const direct = await visitorContext('203.0.113.72', CHROME, false);
    await direct.page.goto(`${site.url}/`);
    await direct.page.getByRole('link', { name: 'Book a Call' }).first().click();
    await direct.page.waitForURL(`${site.url}/book-call`);
    await fill(direct.page, englishLabels, {
      name: 'Dan Direct',
      email: `dan-${Date.now()}@example.se`,
      phone: '070-444 55 66',
      company: 'Dans Däck AB',
      problems: 'We want more customers from our own town.',
      howFoundUs: 'Google',
    });
    await direct.page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
    await direct.page.waitForURL(`${site.url}/book-call/thank-you`);
    await direct.context.close();

    // A desktop reader from a Google search.
    const reader = await visitorContext('203.0.113.73', `${CHROME} Edg/131.0`);
    await reader.page.goto(`${site.url}/blog`, { referer: 'https://www.google.com/' });
    await reader.context.close();

    // Frida: /sv, /sv/book-call, its thank-you page (once, though opened again in her zone);
    // Dan: /, /book-call, its thank-you page; the reader: /blog.
    await viewsStored(7);
  });

  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

  it('shows every number as the visits and leads made it, each lead beside its visit', async () => {
    const { page } = browsing;
    await signInThroughForm(page, site.url);
    // The administrator's browsing: React Router asks for /__manifest and the pages' .data.
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Leads' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Insights' })
      .click();
    await page.getByRole('img', { name: /Visitors and page views per day/ }).waitFor();

    expect(await tile(page, 'Visitors').textContent()).toBe('3');
    expect(await tile(page, 'Page views').textContent()).toBe('7');
    expect(await tile(page, 'Saw the booking form').textContent()).toBe('2');
    expect(await tile(page, 'Leads').textContent()).toBe('2');
    expect(await tile(page, 'Booked').textContent()).toBe('0');
    expect(await tile(page, 'Won').textContent()).toBe('0');

    await page.getByText('Show the numbers').click();
    const days = await rowsOf(page, 'Visits over time');
    expect(days.at(-1)!.slice(1)).toEqual(['3', '7']);
    expect(
      days.slice(0, -1).every(([, visitors, views]) => visitors === '0' && views === '0'),
    ).toBe(true);

    expect(await rowsOf(page, 'Top pages')).toEqual([
      ['/', '1', '1'],
      ['/blog', '1', '1'],
      ['/book-call', '1', '1'],
      ['/book-call/thank-you', '1', '1'],
      ['/sv', '1', '1'],
      ['/sv/book-call', '1', '1'],
      ['/sv/book-call/thank-you', '1', '1'],
    ]);
    expect(await rowsOf(page, 'Landing pages')).toEqual([
      ['/', '1'],
      ['/blog', '1'],
      ['/sv', '1'],
    ]);
    expect(await rowsOf(page, 'Top sources')).toEqual([
      ['(direct)', '1'],
      ['facebook', '1'],
      ['google.com', '1'],
    ]);
    expect(await rowsOf(page, 'Devices')).toEqual([
      ['Desktop', '2'],
      ['Mobile', '1'],
    ]);
    expect(await rowsOf(page, 'Languages')).toEqual([
      ['English', '2'],
      ['Swedish', '1'],
    ]);
    expect(await rowsOf(page, 'Funnel per source and campaign')).toEqual([
      ['(direct)', '—', '1', '1', '1', '0', '0', '100.0'],
      ['facebook', 'spring', '1', '1', '1', '0', '0', '100.0'],
      ['google.com', '—', '1', '0', '0', '0', '0', '0.0'],
    ]);
    await page.getByText(/A lead whose visit was not counted/).waitFor();
  });
});
