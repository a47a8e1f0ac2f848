// Insights in a real browser: visitors browse the running site (counted by the server, without
// cookies), some of them from Meta's spring campaign, and leads arrive with their attribution; the
// administrator opens Insights and reads the visits, the sources and the funnel to won leads, as
// an accessible chart and tables, downloads the funnel as CSV, and chooses another period.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { pagePerTest, signInThroughForm } from '../support/browser.ts';
import { signedInAdmin, storeLeadAsVisitor } from '../support/site.ts';
import { aLead } from '../support/leads.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile();

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

/** A visitor's browser: a real browser's user agent, different per visitor. */
const browserOf = (visitor: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitor}.0 Safari/537.36`;

async function visit(visitor: number, path: string, referer?: string): Promise<void> {
  const response = await fetch(`${site.url}${path}`, {
    headers: { 'user-agent': browserOf(visitor), ...(referer ? { referer } : {}) },
  });
  expect(response.status, path).toBe(200);
  await response.arrayBuffer();
}

let lastAddress = 0;
async function submitLead(name: string, attribution: Record<string, string>): Promise<void> {
  lastAddress += 1;
  const response = await storeLeadAsVisitor(
    site,
    aLead({
      name,
      company_name: `${name} AB`,
      problems: 'We need more customers for our local business.',
      how_found_us: 'Facebook',
      ...attribution,
    }),
    `198.51.100.${lastAddress}`,
  );
  expect(response.status, await response.clone().text()).toBe(201);
}

async function openInsights(page: Page): Promise<void> {
  await signInThroughForm(page, site.url);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Insights' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
}

/** The number under a total's label. */
const tile = (page: Page, label: string) =>
  page
    .locator('.insights-totals__tile')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

describe('/admin/insights', () => {
  beforeAll(async () => {
    // Three visitors from Meta's spring campaign, one of whom goes on to the booking form; one
    // from a Google search; one who typed the Swedish address.
    for (const visitor of [1, 2, 3]) await visit(visitor, '/?utm_source=meta&utm_campaign=spring');
    await visit(1, '/book-call', `${site.url}/`);
    await visit(4, '/blog', 'https://www.google.com/');
    await visit(5, '/sv');
    await submitLead('Astrid', { utm_source: 'meta', utm_campaign: 'spring' });
    await submitLead('Bertil', { utm_source: 'meta', utm_campaign: 'spring' });
    await submitLead('Cecilia', { referrer: 'https://www.google.com/search?q=leads' });
    const admin = await signedInAdmin(site);
    const won = await admin.from('consultations').update({ status: 'won' }).eq('name', 'Astrid');
    expect(won.error).toBeNull();
    // The server writes counted views every few seconds.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format();
    // (expect.poll belongs to tests; vi.waitFor retries in a hook as well.)
    await vi.waitFor(
      async () => {
        const { data } = await admin.rpc('site_insights', {
          period_start: today,
          period_end: today,
        });
        expect((data as { totals: { views: number } } | null)?.totals.views).toBe(6);
      },
      { interval: 250, timeout: 20_000 },
    );
  });

  it('shows the visits, the sources and the funnel to won leads, accessibly', async () => {
    const { page } = browsing;
    await openInsights(page);
    await page.getByRole('link', { name: 'Last 30 days', exact: true }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current'),
    ).toBe('true');
    await page.getByRole('img', { name: /Visitors and page views per day/ }).waitFor();

    expect(await tile(page, 'Visitors').textContent()).toBe('5');
    expect(await tile(page, 'Page views').textContent()).toBe('6');
    expect(await tile(page, 'Saw the booking form').textContent()).toBe('1');
    expect(await tile(page, 'Leads').textContent()).toBe('3');
    expect(await tile(page, 'Won').textContent()).toBe('1');

    const funnel = page.getByRole('region', { name: 'Funnel per source and campaign' });
    const meta = funnel.getByRole('row', { name: /^meta spring/ });
    expect(await meta.getByRole('cell').allTextContents()).toEqual([
      'spring',
      '3',
      '1',
      '2',
      '1',
      '1',
      '66.7',
    ]);
    const google = funnel.getByRole('row', { name: /^google\.com/ });
    expect(await google.getByRole('cell').allTextContents()).toEqual([
      '—',
      '1',
      '0',
      '1',
      '0',
      '0',
      '100.0',
    ]);
    const sources = page.getByRole('region', { name: 'Top sources' });
    expect(await sources.getByRole('rowheader').allTextContents()).toEqual([
      'meta',
      '(direct)',
      'google.com',
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The chart's numbers, as a table for anyone who cannot see the bars.
    await page.getByText('Show the numbers').click();
    const todayRow = page.getByRole('region', { name: 'Visits over time' }).getByRole('row').last();
    expect(await todayRow.getByRole('cell').allTextContents()).toEqual(['5', '6']);
    expect(await accessibilityViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')).toEqual([
      'source,campaign,visitors,booking_form_visitors,leads,booked,won,lead_rate_percent',
      'meta,spring,3,1,2,1,1,66.7',
      'google.com,,1,0,1,0,0,100.0',
      '(direct),,1,0,0,0,0,0.0',
      '',
    ]);
  });

  it('shows another period chosen by its days, and refuses one that ends before it starts', async () => {
    const { page } = browsing;
    await openInsights(page);
    await page.getByRole('img', { name: /Visitors and page views per day/ }).waitFor();
    await page.getByLabel('From', { exact: true }).fill('2026-01-10');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page
      .getByRole('alert')
      .getByText('Choose a first day on or before the last day.')
      .waitFor();
    expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await page.getByLabel('To', { exact: true }).fill('2026-01-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/from=2026-01-10&to=2026-01-31/);
    await page
      .getByRole('img', { name: 'Visitors and page views per day, 2026-01-10 to 2026-01-31' })
      .waitFor();
    expect(await tile(page, 'Visitors').textContent()).toBe('0');
    expect(await tile(page, 'Leads').textContent()).toBe('0');
    await page
      .getByRole('region', { name: 'Funnel per source and campaign' })
      .getByText('Nothing yet in this period.')
      .waitFor();
    // Back returns to the period before, as the address holds it.
    await page.goBack();
    await expect.poll(() => tile(page, 'Visitors').textContent()).toBe('5');
  });
});
