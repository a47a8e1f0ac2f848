// The consultation request in a real browser against the real server: the booking flow in
// English and Swedish ending with the row in the database (sent through the page's own action:
// the browser talks to no data API), attribution, the validation messages, a failed request that
// keeps the lead, the duplicate rule, the form without JavaScript, and the thank-you page's latest
// posts. The leads' limits have their own file (lead-limits.test.ts). The site here waits no minimum fill time, as the tests fill the
// form faster than a person; consultation-spam.test.ts runs the default minimum.
// Long because its two describe blocks share one site, the visitors' addresses and the
// language table above them: another file would start another site in the serial browser run.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '~/data/database.types.ts';
import { collectPageErrors, gotoHydrated, pagePerTest } from '../support/browser.ts';
import { signedInAdmin } from '../support/site.ts';
import { englishLabels, field, fill, swedishLabels } from '../support/booking-form.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

type ConsultationRow = Database['public']['Tables']['consultations']['Row'];

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0' });

/** Every stored request, read as the administrator (anonymous visitors may only insert). */
async function storedConsultations(): Promise<ConsultationRow[]> {
  const admin = await signedInAdmin(site);
  const { data, error } = await admin.from('consultations').select('*').order('created_at');
  if (error) throw error;
  await admin.auth.signOut();
  return data;
}

async function storedWithEmail(email: string): Promise<ConsultationRow[]> {
  return (await storedConsultations()).filter((row) => row.email === email);
}

let sequence = 0;
/** An address no other test uses, so each test finds its own row. */
function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}@example.se`;
}

let addresses = 0;
/**
 * A visitor address of its own (TEST-NET-2) for a browser context. The site trusts its loopback
 * peer's X-Forwarded-For, so each context counts as another visitor against the database's limits
 * (lead-limits.test.ts).
 */
function newVisitorAddress(): string {
  addresses += 1;
  return `198.51.100.${addresses}`;
}

/**
 * The page's own action, where the form's script sends its request: a POST to the page's
 * address. `handle` deals with that request; anything else goes on as usual.
 */
function routeSubmits(page: Page, handle: (route: Route) => Promise<void>) {
  return page.route(/\/book-call(\?|$)/, (route) =>
    route.request().method() === 'POST' ? handle(route) : route.fallback(),
  );
}

/** What each language's form and thank-you page say, for the scenarios both languages run. */
const english = {
  language: 'English',
  prefix: '',
  labels: englishLabels,
  submit: 'Book My Free Strategy Call',
  sending: 'Submitting...',
  thanks: 'Thank You for Your Interest!',
  latest: 'While You Wait: Latest Marketing Tips',
  readMore: /^Read more: /,
};

const swedish: typeof english = {
  language: 'Swedish',
  prefix: '/sv',
  labels: swedishLabels,
  submit: 'Boka mitt gratis strategisamtal',
  sending: 'Skickar...',
  thanks: 'Tack för ditt intresse!',
  latest: 'Medan du väntar: De senaste marknadsföringstipsen',
  readMore: /^Läs mer: /,
};

const languages = [english, swedish];

/** A booking in each language: what the visitor types (around their address) and the row stored. */
const bookings = [
  {
    ...english,
    width: 1280,
    typed: {
      name: '  Anna Berg  ',
      // As a phone keyboard leaves an autocompleted address: accepted, stored trimmed.
      email: (address: string) => `  ${address} `,
      phone: ' 070-123 45 67 ',
      company: ' Bergs Rör AB ',
      problems: '   We need more customers before the spring season.   ',
      howFoundUs: 'Friend Referral',
    },
    stored: {
      name: 'Anna Berg',
      phone_number: '070-123 45 67',
      company_name: 'Bergs Rör AB',
      problems: 'We need more customers before the spring season.',
      how_found_us: 'Friend Referral',
      additional_info: null,
      language: 'english',
    },
  },
  {
    ...swedish,
    width: 320,
    typed: {
      name: 'Erik Ström',
      email: (address: string) => address,
      phone: '08-123 456',
      company: 'Ströms Bygg',
      problems: 'Vi behöver fler förfrågningar från Uppsala.',
      howFoundUs: 'Vänrekommendation',
      additionalInfo: '  Ring helst på förmiddagen.  ',
    },
    stored: {
      name: 'Erik Ström',
      phone_number: '08-123 456',
      company_name: 'Ströms Bygg',
      problems: 'Vi behöver fler förfrågningar från Uppsala.',
      how_found_us: 'Friend Referral',
      additional_info: 'Ring helst på förmiddagen.',
      language: 'swedish',
    },
  },
];

/**
 * Holds the form's request to the action until `release` is called, so the sending state can be
 * looked at without racing the server.
 */
async function holdSubmits(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await routeSubmits(page, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every request the page sends to a data API (it should send none: the action stores leads). */
function dataApiRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) urls.push(request.url());
  });
  return urls;
}

/** The scripts the page loads, to look for supabase-js in them once the page is done. */
function loadedScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/** supabase-js names itself in every request's X-Client-Info header. */
async function scriptsWithSupabaseJs(urls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of new Set(urls))
    if ((await (await fetch(url)).text()).includes('supabase-js')) found.push(url);
  return found;
}

describe('with JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  /** A new visitor (own context and address) on `path`; `path` null opens nothing yet. */
  async function open(path: string | null, { width = 1280, address = newVisitorAddress() } = {}) {
    context = await browser.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    errors = collectPageErrors(context);
    page = await context.newPage();
    if (path !== null) await gotoHydrated(page, `${site.url}${path}`);
  }

  afterEach(async () => {
    await context?.close();
    expect(errors).toEqual([]);
  });

  it.each(bookings)(
    'books a call in $language on a $width px screen: $sending, the thank-you panel, the thank-you page, the row',
    async ({ language, prefix, width, labels, submit, sending, thanks, typed, stored }) => {
      await open(null, { width });
      const dataApi = dataApiRequests(page);
      const scripts = loadedScripts(page);
      await gotoHydrated(page, `${site.url}${prefix}/book-call`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      const email = uniqueEmail(language);
      await fill(page, labels, { ...typed, email: typed.email(email) });
      const release = await holdSubmits(page);
      const before = Date.now();

      await page.getByRole('button', { name: submit }).click();

      const sendingButton = page.getByRole('button', { name: sending });
      await sendingButton.waitFor();
      expect(await sendingButton.isDisabled()).toBe(true);
      release();

      await page.getByRole('heading', { name: thanks, level: 2 }).waitFor();
      await page.waitForURL(`${site.url}${prefix}/book-call/thank-you`);
      await page.getByRole('heading', { name: thanks, level: 1 }).waitFor();
      const after = Date.now();

      const rows = await storedWithEmail(email);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({
        ...stored,
        email,
        // Typed straight into the address bar: the form was the first page, with no referrer.
        landing_page: `${prefix}/book-call`,
        referrer: null,
        utm_source: null,
      });
      // The browser neither talks to the data API nor loads its client: the action stores leads.
      expect(dataApi).toEqual([]);
      expect(scripts.length).toBeGreaterThan(0);
      expect(await scriptsWithSupabaseJs(scripts)).toEqual([]);
      const createdAt = Date.parse(row.created_at);
      expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
      expect(createdAt).toBeLessThanOrEqual(after + 1000);
    },
  );

  it('shows the validation messages beside their fields and stores nothing', async () => {
    await open('/sv/book-call');
    const submits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') submits.push(request.url());
    });
    const countBefore = (await storedConsultations()).length;
    await field(page, swedishLabels.email).fill(' erik@example ');
    await field(page, swedishLabels.problems).fill('För kort');

    await page.getByRole('button', { name: 'Boka mitt gratis strategisamtal' }).click();

    for (const message of [
      'Namn krävs',
      'Vänligen ange en giltig e-postadress',
      'Telefonnummer krävs',
      'Företagsnamn krävs',
      'Vänligen ange minst 20 tecken',
      'Vänligen välj hur du hittade oss',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    const name = field(page, swedishLabels.name);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByText('Minimum 20 tecken (8/20)').isVisible()).toBe(true);

    await name.fill('Erik');
    await page.getByText('Namn krävs', { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByText('Företagsnamn krävs', { exact: true }).isVisible()).toBe(true);
    expect(submits).toEqual([]);
    expect((await storedConsultations()).length).toBe(countBefore);
  });

  it('keeps everything typed when the request fails, and sends it when tried again', async () => {
    await open('/book-call');
    const email = uniqueEmail('retry');
    await fill(page, englishLabels, {
      name: 'Retry Person',
      email,
      phone: '070 000 00 00',
      company: 'Retry AB',
      problems: 'The first attempt will not reach the server.',
      howFoundUs: 'Google',
      additionalInfo: 'Please call back',
    });
    // The connection drops on the way to the action.
    await routeSubmits(page, (route) => route.abort('connectionreset'));

    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();

    await page.getByText('Failed to submit: Failed to fetch', { exact: true }).waitFor();
    expect(await field(page, englishLabels.name).inputValue()).toBe('Retry Person');
    expect(await field(page, englishLabels.problems).inputValue()).toBe(
      'The first attempt will not reach the server.',
    );
    expect(await field(page, englishLabels.additionalInfo).inputValue()).toBe('Please call back');
    const button = page.getByRole('button', { name: 'Book My Free Strategy Call' });
    expect(await button.isEnabled()).toBe(true);
    expect(await storedWithEmail(email)).toEqual([]);

    await page.unrouteAll();
    await button.click();
    await page.waitForURL(`${site.url}/book-call/thank-you`);
    const rows = await storedWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ additional_info: 'Please call back', how_found_us: 'Google' });
  });

  it('stores the attribution of the visit’s first page, once marketing is allowed: its UTM parameters and the other site', async () => {
    await open(null);
    const landing = '/blog?utm_source=partner&utm_medium=referral&utm_campaign=winter';
    // Another site links to the blog with campaign parameters.
    await page.route('http://partner.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Partner</title><a href="${site.url}${landing}">Our marketing partner</a>`,
      }),
    );
    await page.goto('http://partner.example/recommendations');
    await page.getByRole('link', { name: 'Our marketing partner' }).click();
    await page.waitForURL(`${site.url}${landing}`);
    await page.waitForSelector('button.menu-button:not([disabled])', { state: 'attached' });
    // The visitor allows marketing on the landing page: the tab keeps its record.
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await banner.waitFor({ state: 'hidden' });

    // Later in the visit, a page with other parameters and the form itself, loaded anew.
    await gotoHydrated(page, `${site.url}/privacy-policy?utm_source=ignored`);
    await gotoHydrated(page, `${site.url}/book-call`);
    const email = uniqueEmail('attributed');
    await fill(page, englishLabels, {
      name: 'Attributed Lead',
      email,
      phone: '070 222 33 44',
      company: 'Partner Client AB',
      problems: 'We came from a partner’s recommendation list.',
      howFoundUs: 'Google',
    });
    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
    await page.waitForURL(`${site.url}/book-call/thank-you`);

    const rows = await storedWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      utm_source: 'partner',
      utm_medium: 'referral',
      utm_campaign: 'winter',
      utm_term: null,
      utm_content: null,
      referrer: 'http://partner.example/',
      landing_page: landing,
    });
  });

  it('stores one row when the same person sends the same request twice, thanking them both times', async () => {
    await open('/book-call');
    const email = uniqueEmail('twice');
    const request = {
      name: 'Twice Sent',
      email,
      phone: '070 888 99 00',
      company: 'Double AB',
      problems: 'Sent once, then again from the browser history.',
      howFoundUs: 'Facebook',
    };
    await fill(page, englishLabels, request);
    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
    await page.waitForURL(`${site.url}/book-call/thank-you`);

    await gotoHydrated(page, `${site.url}/book-call`);
    await fill(page, englishLabels, { ...request, email: email.toUpperCase() });
    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Interest!', level: 2 }).waitFor();
    await page.waitForURL(`${site.url}/book-call/thank-you`);

    const rows = (await storedConsultations()).filter(
      (row) => row.email.toLowerCase() === email.toLowerCase(),
    );
    expect(rows).toHaveLength(1);
  });

  it.each(languages)(
    'lists the three newest $language posts on the $language thank-you page',
    async ({ prefix, latest, readMore }) => {
      await open(`${prefix}/book-call/thank-you`);
      await page.getByRole('heading', { name: latest }).waitFor();
      const cards = page.locator('.post-card');
      expect(await cards.count()).toBe(3);
      const hrefs = await cards
        .getByRole('link', { name: readMore })
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toHaveLength(3);
      for (const href of hrefs) expect(href).toMatch(new RegExp(`^${prefix}/blog/[a-z0-9-]+$`));
    },
  );
});

describe('without JavaScript', () => {
  const browsing = pagePerTest(() => browser, {
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  let address: string;
  beforeEach(async () => {
    address = newVisitorAddress();
    await browsing.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  });

  it('answers an invalid form with the server’s messages and the values kept, then stores a valid one', async () => {
    const { page } = browsing;
    await page.goto(`${site.url}/book-call`);
    const email = uniqueEmail('nojs');
    const invalidEmail = email.replace(/\.se$/, '');
    await fill(page, englishLabels, {
      name: '  No Script ',
      email: invalidEmail,
      phone: '070 111 22 33',
      company: '',
      problems: 'Too short',
      howFoundUs: 'LinkedIn',
    });

    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Book My Free Strategy Call' }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await page.waitForLoadState('domcontentloaded');
    for (const message of [
      'Please enter a valid email address.',
      'Company name is required.',
      'Please provide at least 20 characters.',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    expect(await field(page, englishLabels.name).inputValue()).toBe('  No Script ');
    expect(await field(page, englishLabels.email).inputValue()).toBe(invalidEmail);
    expect(await field(page, englishLabels.problems).inputValue()).toBe('Too short');
    expect(await page.getByRole('combobox', { name: englishLabels.howFoundUs }).inputValue()).toBe(
      'LinkedIn',
    );
    expect(await field(page, englishLabels.email).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Minimum 20 characters (9/20)').isVisible()).toBe(true);
    expect(await storedWithEmail(email)).toEqual([]);

    await field(page, englishLabels.email).fill(` ${email}  `);
    await field(page, englishLabels.company).fill('Script Free Ltd');
    await field(page, englishLabels.problems).fill('Works without any JavaScript at all.');
    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();

    await page.waitForURL(`${site.url}/book-call/thank-you`);
    await page.getByRole('heading', { name: 'Thank You for Your Interest!', level: 1 }).waitFor();
    const rows = await storedWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'No Script',
      email,
      company_name: 'Script Free Ltd',
      problems: 'Works without any JavaScript at all.',
      how_found_us: 'LinkedIn',
      additional_info: null,
      language: 'english',
    });
    expect(Number.isNaN(Date.parse(rows[0]!.created_at))).toBe(false);
  });

  it('answers in Swedish on /sv/book-call and redirects to the Swedish thank-you page', async () => {
    const { page } = browsing;
    // Arrived from a newsletter mail's link: the server takes the attribution from the request.
    await page.goto(`${site.url}/sv/book-call?utm_source=nyhetsbrev&utm_medium=e-post`, {
      referer: 'https://mail.example.com/inbox',
    });
    await page.getByRole('button', { name: 'Boka mitt gratis strategisamtal' }).click();
    await page.waitForLoadState('domcontentloaded');
    for (const message of [
      'Namn krävs',
      'E-postadress krävs',
      'Telefonnummer krävs',
      'Företagsnamn krävs',
      'Vänligen beskriv de problem du vill lösa',
      'Vänligen välj hur du hittade oss',
    ])
      await page.getByText(message, { exact: true }).waitFor();

    const email = uniqueEmail('nojs-sv');
    await fill(page, swedishLabels, {
      name: 'Utan Skript',
      email,
      phone: '08-765 43 21',
      company: 'Skriptfria AB',
      problems: 'Formuläret fungerar även utan JavaScript.',
      howFoundUs: 'Vänrekommendation',
      additionalInfo: 'Tack!',
    });
    await page.getByRole('button', { name: 'Boka mitt gratis strategisamtal' }).click();
    await page.waitForURL(`${site.url}/sv/book-call/thank-you`);
    await page.getByRole('heading', { name: 'Tack för ditt intresse!', level: 1 }).waitFor();
    expect(await page.locator('.post-card').count()).toBe(3);

    const rows = await storedWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      how_found_us: 'Friend Referral',
      additional_info: 'Tack!',
      language: 'swedish',
      utm_source: 'nyhetsbrev',
      utm_medium: 'e-post',
      referrer: 'https://mail.example.com/inbox',
      landing_page: '/sv/book-call?utm_source=nyhetsbrev&utm_medium=e-post',
    });
  });
});
