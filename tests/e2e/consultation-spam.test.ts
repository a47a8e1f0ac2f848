// The consultation form's bot defences in a real browser, on a site with the default minimum fill
// time (3 s): a filled honeypot or a request sent sooner than the minimum gets the same thank-you
// a person gets and stores nothing; a person who takes their time is stored, with or without
// JavaScript.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { signedInAdmin } from '../support/site.ts';
import { englishLabels, fill } from '../support/booking-form.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

/** The default FORM_MIN_FILL_SECONDS, which this site runs with. */
const MIN_FILL_MS = 3000;

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false' });

/** The stored requests with this address, read as the administrator. */
async function storedWithEmail(email: string) {
  const admin = await signedInAdmin(site);
  const { data, error } = await admin.from('consultations').select('*').eq('email', email);
  if (error) throw error;
  await admin.auth.signOut();
  return data;
}

let sequence = 0;
function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}@example.se`;
}

/** Each test is another visitor to the database's per-address limit. */
function newVisitorAddress(): string {
  sequence += 1;
  return `198.51.100.${sequence}`;
}

async function fillEnglish(page: Page, email: string) {
  await fill(page, englishLabels, {
    name: 'Taking Time',
    email,
    phone: '070 123 45 67',
    company: 'Patient AB',
    problems: 'We want a steady flow of qualified leads every month.',
    howFoundUs: 'Google',
  });
}

/** What a form-filling bot does and a person never sees: it writes into the hidden field. */
async function fillHoneypot(page: Page) {
  await page.locator('input[name="website"]').fill('https://cheap-seo.example', { force: true });
}

/** Waits until the minimum fill time has passed since `since`. */
async function waitOutMinimum(page: Page, since: number) {
  const left = since + MIN_FILL_MS + 200 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

describe('without JavaScript', () => {
  const browsing = pagePerTest(() => browser, {
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  beforeEach(async () => {
    await browsing.context.setExtraHTTPHeaders({ 'x-forwarded-for': newVisitorAddress() });
  });

  it('shows a bot that filled the honeypot the thank-you page and stores nothing', async () => {
    const { page } = browsing;
    const openedAt = Date.now();
    await page.goto(`${site.url}/book-call`);
    const email = uniqueEmail('honeypot');
    await fillEnglish(page, email);
    await fillHoneypot(page);
    // Slow enough for a person: only the honeypot gives the bot away.
    await waitOutMinimum(page, openedAt);

    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Book My Free Strategy Call' }).click(),
    ]);

    expect(answer.status()).toBe(303);
    await page.waitForURL(`${site.url}/book-call/thank-you`);
    await page.getByRole('heading', { name: 'Thank You for Your Interest!', level: 1 }).waitFor();
    expect(await storedWithEmail(email)).toEqual([]);
    expect(site.output()).toMatch(/dropped as spam \(honeypot filled\)/);
  });

  it('shows a request sent sooner than the minimum the thank-you page and stores nothing', async () => {
    const { page } = browsing;
    const openedAt = Date.now();
    await page.goto(`${site.url}/sv/book-call`);
    const email = uniqueEmail('too-fast');
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('Namn').fill('Snabb Robot');
    await field('E-postadress').fill(email);
    await field('Telefonnummer').fill('08-000 00 00');
    await field('Företagsnamn').fill('Robot AB');
    await field('Vilka problem vill du lösa?').fill('Fyller i allt på en bråkdel av en sekund.');
    await page.getByRole('combobox', { name: 'Hur hittade du oss?' }).selectOption('Google');
    await page.getByRole('button', { name: 'Boka mitt gratis strategisamtal' }).click();
    // The premise of this test: the form went out before the minimum had passed.
    expect(Date.now() - openedAt).toBeLessThan(MIN_FILL_MS);

    await page.waitForURL(`${site.url}/sv/book-call/thank-you`);
    await page.getByRole('heading', { name: 'Tack för ditt intresse!', level: 1 }).waitFor();
    expect(await storedWithEmail(email)).toEqual([]);
    expect(site.output()).toMatch(/dropped as spam \(start time too-fast\)/);
  });

  it('stores a person’s request sent after the minimum', async () => {
    const { page } = browsing;
    const openedAt = Date.now();
    await page.goto(`${site.url}/book-call`);
    const email = uniqueEmail('patient');
    await fillEnglish(page, email);
    await waitOutMinimum(page, openedAt);

    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();

    await page.waitForURL(`${site.url}/book-call/thank-you`);
    const rows = await storedWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Taking Time', company_name: 'Patient AB' });
  });
});

describe('with JavaScript', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });
  beforeEach(async () => {
    await browsing.context.setExtraHTTPHeaders({ 'x-forwarded-for': newVisitorAddress() });
  });

  it('stores a person’s request after the minimum, on a form reached by a link in the site', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/`);
    // A client-side navigation: the start time comes from the page's loader, fetched now.
    await page.getByRole('banner').getByRole('link', { name: 'Book a Call' }).click();
    await page.waitForURL(`${site.url}/book-call`);
    const openedAt = Date.now();
    const email = uniqueEmail('hydrated');
    await fillEnglish(page, email);
    await waitOutMinimum(page, openedAt);

    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();

    await page.getByRole('heading', { name: 'Thank You for Your Interest!', level: 2 }).waitFor();
    await page.waitForURL(`${site.url}/book-call/thank-you`);
    expect(await storedWithEmail(email)).toHaveLength(1);
  });

  it('shows a browser-driving bot that filled the honeypot the thank-you panel and stores nothing', async () => {
    const { page } = browsing;
    const openedAt = Date.now();
    await gotoHydrated(page, `${site.url}/book-call`);
    const email = uniqueEmail('bot-browser');
    await fillEnglish(page, email);
    await fillHoneypot(page);
    await waitOutMinimum(page, openedAt);

    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();

    await page.getByRole('heading', { name: 'Thank You for Your Interest!', level: 2 }).waitFor();
    await page.waitForURL(`${site.url}/book-call/thank-you`);
    expect(await storedWithEmail(email)).toEqual([]);
  });
});
