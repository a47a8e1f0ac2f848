// The pipeline at /admin/leads in a real browser against the whole site: leads
// stored the way a visitor's browser stores them (anon key, /rest/v1), listed one compact row
// each, newest first, sorted by a column, paged, filtered by status, owner and "waiting over
// 24 hours", searched, all kept in the address; each lead's page with every field, its
// attribution and its mails, its status, notes and owner saved together, the timeline of who did
// what, a question before unsaved changes are left, and delete; the switch to the blog manager and
// the new-leads count; the CSV, the CSV for Swedish Excel and the GDPR data export; and no
// accessibility violations on any page state visited, on a wide screen and a 320 px phone.
// Long because its parts (the list, a lead's page, the exports, the two screens; one describe
// block each) share one site, one signed-in session and the leads they store: another file would
// start another site in the serial browser run.
import { readFile } from 'node:fs/promises';
import type { Dialog, Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { pagePerTest } from '../support/browser.ts';
import {
  addSiteUser,
  querySite,
  signedInAdmin,
  SITE_ADMIN_EMAIL,
  storeLeadAsVisitor,
} from '../support/site.ts';
import { aLead } from '../support/leads.ts';
import {
  signedInState,
  siteAndBrowserPerFile,
  type StorageState,
} from '../support/site-and-browser.ts';

const COLLEAGUE_EMAIL = 'colleague@example.com';

const { site, browser } = siteAndBrowserPerFile({
  SEED_DEMO: 'false',
  LEADS_NOTIFY_TO: 'sales@example.com',
});
/** The site's administrator (ADMIN_EMAIL), whose leads are "Mine". */
let adminId: string;
/** A second administrator, who may own leads too. */
let colleagueId: string;

beforeAll(async () => {
  colleagueId = await addSiteUser(site, COLLEAGUE_EMAIL, 'another-long-password', 'admin');
  const [admin] = await querySite<{ id: string }>(
    site,
    'select id from auth.users where email = $1',
    [SITE_ADMIN_EMAIL],
  );
  adminId = admin!.id;
});

/** The administrator's session, signed in through the form once: each test's context starts in it. */
let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(browser, site.url);
});

const browsing = pagePerTest(
  () => browser,
  () => ({
    viewport: { width: 1280, height: 900 },
    storageState: signedIn,
  }),
);

/** A word that keeps each test's leads apart (the search finds them by it). */
const unique = () => Math.random().toString(36).slice(2, 8);

interface LeadFields {
  name: string;
  email: string;
  phone_number: string;
  problems: string;
  additional_info?: string | null;
  company_name: string;
  how_found_us: 'Facebook' | 'LinkedIn' | 'Google' | 'Friend Referral';
  language: 'english' | 'swedish';
  created_at?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
  landing_page?: string;
}

let lastAddress = 0;

/**
 * Stores a lead as a visitor's browser does: POST /rest/v1/consultations with the anon key. Each
 * lead comes from an address of its own (TEST-NET-2), well within the 5-per-address limit.
 */
async function submitLead(fields: Partial<LeadFields> & { name: string }): Promise<LeadFields> {
  const lead: LeadFields = {
    ...aLead({
      problems: `We need more customers: ${fields.name} ${unique()}.`,
      company_name: `${fields.name} AB`,
      how_found_us: 'Google' as const,
    }),
    ...fields,
  };
  lastAddress += 1;
  const response = await storeLeadAsVisitor(site, lead, `198.51.100.${lastAddress}`);
  expect(response.status, await response.clone().text()).toBe(201);
  return lead;
}

/**
 * Moves a lead's receipt (the server's clock, which no API call may set) to this moment, as an
 * administrator's SQL would: a lead that came days ago.
 */
async function receivedAt(email: string, at: string): Promise<void> {
  const rows = await querySite(
    site,
    'update public.consultations set received_at = $2 where email = $1 returning id',
    [email, at],
  );
  expect(rows).toHaveLength(1);
}

/** supabase-js signed in as the administrator, for setting up and checking rows. */
function adminClient() {
  return signedInAdmin(site);
}

async function storedLead(email: string) {
  const { data, error } = await (
    await adminClient()
  )
    .from('consultations')
    .select('*')
    .eq('email', email);
  if (error) throw error;
  return data;
}

/** The stored lead's id, for its page's address. */
async function leadId(email: string): Promise<string> {
  const [lead] = await storedLead(email);
  return lead!.id;
}

async function expectNoViolations(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

const LIST_SETTLED =
  /^(Showing \d+–\d+ of \d+ leads?|No leads match\.|No leads yet\.|Could not load the leads\. Please try again\.)$/;

/** Opens the list with these query parameters (?q=…&status=…), once it shows. */
async function openInbox(page: Page, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  await page.goto(`${site.url}/admin/leads${search ? `?${search}` : ''}`);
  await listShown(page);
}

async function listShown(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
  await page.getByText(LIST_SETTLED).waitFor();
}

/** Opens one lead's page, once it shows. */
async function openLead(page: Page, lead: Pick<LeadFields, 'name' | 'email'>) {
  await page.goto(`${site.url}/admin/leads/${await leadId(lead.email)}`);
  await leadPageShown(page, lead.name);
}

/** The lead's page is there: its heading, and its timeline loaded. */
async function leadPageShown(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  await timelineOf(page).getByRole('listitem').first().waitFor();
}

const table = (page: Page): Locator =>
  page.getByRole('table', { name: 'Leads, newest first unless sorted otherwise' });

/** The list's row of the lead with this name. */
const rowOf = (page: Page, name: string): Locator =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** A row's cell under this column (each cell names its column, for the phone's stacked rows). */
const cellOf = (row: Locator, column: string): Locator => row.locator(`td[data-label="${column}"]`);

async function namesShown(page: Page): Promise<string[]> {
  if ((await table(page).count()) === 0) return [];
  return table(page).getByRole('rowheader').allTextContents();
}

/** The value beside a label in the lead page's lists. */
const valueOf = (scope: Locator, label: string): Locator =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

const leadArticle = (page: Page): Locator => page.locator('article.lead-detail');

const timelineOf = (page: Page): Locator => page.getByRole('region', { name: 'Timeline' });

/** The timeline's entry that says this, with its time and author. */
const entry = (page: Page, what: string): Locator =>
  timelineOf(page)
    .getByRole('listitem')
    .filter({ has: page.locator('.lead-timeline__what', { hasText: new RegExp(`^${what}$`) }) });

/** The admin's time: 24-hour, in the agency's zone, the zone named ("23 Nov 2026, 10:05 CET"). */
const ADMIN_TIME = /\d{1,2} [A-Z][a-z]{2} \d{4}, [0-2]\d:[0-5]\d (CET|CEST)/;

/** The number in the Leads tab: "Leads (3 new)". */
async function newLeadsInTab(page: Page): Promise<number> {
  const tab = page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: /^Leads \(\d+ new\)$/ });
  const text = await tab.textContent();
  return Number(text!.match(/\((\d+) new\)/)![1]);
}

/**
 * Runs the action, waits for the list's request it causes (a page of 50), and then for the page
 * to show that list: the names of the leads it holds, in its order.
 */
async function listedAfter(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const response = page.waitForResponse((answer) => {
    const url = new URL(answer.url());
    return (
      url.pathname === '/rest/v1/consultations' &&
      answer.request().method() === 'GET' &&
      url.searchParams.get('limit') === '50'
    );
  });
  await action();
  const leads = (await (await response).json()) as Array<{ name: string }>;
  const names = leads.map((lead) => lead.name);
  await expect.poll(() => namesShown(page)).toEqual(names);
  await page.getByText(LIST_SETTLED).waitFor();
  return names;
}

/** The query of the page's address, as written: "q=abc&sort=name&dir=asc". */
const query = (page: Page) => new URL(page.url()).search.replace(/^\?/, '');

async function downloaded(page: Page, click: () => Promise<void>): Promise<[Download, Buffer]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return [download, await readFile((await download.path())!)];
}

/**
 * The CSVs' header rows, by separator: every column of a lead in the file's order, in English in
 * the standard file (times in UTC) and in Swedish in the one for Swedish Excel (the agency's zone).
 */
const CSV_HEADERS: Record<string, string> = {
  ',':
    'Received (UTC),Status,Name,E-mail,Phone,Company,Problems to solve,Additional information,' +
    'Found us through,Form language,Notes,UTM source,UTM medium,UTM campaign,UTM term,' +
    'UTM content,Referrer,Landing page,"Sent, visitor’s clock (UTC)",Last changed (UTC),Lead ID',
  ';':
    'Mottagen (Europe/Stockholm);Status;Namn;E-post;Telefon;Företag;Problem att lösa;' +
    'Övrig information;Hittade oss via;Formulärets språk;Anteckningar;UTM-källa;UTM-medium;' +
    'UTM-kampanj;UTM-term;UTM-innehåll;Hänvisande sida;Landningssida;' +
    '"Skickad, besökarens klocka (Europe/Stockholm)";Senast ändrad (Europe/Stockholm);Lead-id',
};

/**
 * Clicks the export button and checks what every CSV of the list has: the file's name, the
 * announcement of how many leads it holds, a UTF-8 byte order mark, the header row with this
 * separator, CRLF line ends. Answers the file's lines after the BOM.
 */
async function exportedCsv(
  page: Page,
  button: string,
  { fileName, separator, leads }: { fileName: RegExp; separator: string; leads: number },
): Promise<string[]> {
  const [download, file] = await downloaded(page, () =>
    page.getByRole('button', { name: button, exact: true }).click(),
  );
  expect(download.suggestedFilename()).toMatch(fileName);
  await page
    .getByRole('status')
    .filter({ hasText: `Exported ${leads} leads to ${download.suggestedFilename()}.` })
    .waitFor();
  await expectNoViolations(page);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = file.toString('utf8').slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(CSV_HEADERS[separator]);
  // The leads, then the final line break.
  expect(lines).toHaveLength(leads + 2);
  expect(lines.at(-1)).toBe('');
  return lines;
}

describe('the list of leads', () => {
  it('lists the leads newest first, one row each, and opens a lead’s page with every field, its attribution and its mails', async () => {
    const { page } = browsing;
    const tag = unique();
    const first = await submitLead({ name: `First ${tag}`, company_name: `Oldest ${tag} AB` });
    const swedish = await submitLead({
      name: `Åsa Öberg ${tag}`,
      email: `asa.${tag}@example.se`,
      phone_number: '+46 (0)70-987 65 43',
      company_name: `Städ & Fönster ${tag} AB`,
      problems: 'Vi behöver fler kunder i Göteborg, helst före jul.',
      additional_info: 'Ring efter lunch, tack.',
      how_found_us: 'Facebook',
      language: 'swedish',
      utm_source: 'facebook',
      utm_medium: 'paid-social',
      utm_campaign: 'höst-kampanj',
      utm_term: 'städfirma göteborg',
      utm_content: 'video-ä',
      referrer: 'https://l.facebook.com/',
      landing_page: `/sv/book-call?utm_source=facebook&tag=${tag}`,
    });
    await submitLead({ name: `Last ${tag}`, company_name: `Newest ${tag} AB` });

    await openInbox(page, { q: tag });
    expect(await namesShown(page)).toEqual([`Last ${tag}`, swedish.name, first.name]);
    await page.getByText('Showing 1–3 of 3 leads', { exact: true }).waitFor();
    // A sortable column's header is its button, which says what a click does.
    expect(await table(page).getByRole('columnheader').allInnerTexts()).toEqual([
      'Name ↕',
      'Company ↕',
      'Source ↕',
      'Status ↕',
      'Owner',
      'Received ▼',
      'Next meeting',
    ]);
    expect(
      await table(page)
        .getByRole('columnheader', { name: /received/i })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    const asa = rowOf(page, swedish.name);
    expect(await cellOf(asa, 'Company').textContent()).toBe(swedish.company_name);
    expect(await cellOf(asa, 'Source').textContent()).toBe('facebook');
    expect(await cellOf(asa, 'Status').textContent()).toBe('New');
    expect(await cellOf(asa, 'Owner').textContent()).toBe('Unassigned');
    expect(await cellOf(asa, 'Received').textContent()).toMatch(
      new RegExp(`^${ADMIN_TIME.source}$`),
    );
    expect(await cellOf(asa, 'Next meeting').textContent()).toBe('—No meeting');
    // No referrer and no campaign: the source reads as direct.
    expect(await cellOf(rowOf(page, first.name), 'Source').textContent()).toBe('(direct)');
    await expectNoViolations(page);

    // The name leads to the lead's own page.
    const id = await leadId(swedish.email);
    await asa.getByRole('link', { name: swedish.name }).click();
    await page.waitForURL(`${site.url}/admin/leads/${id}`);
    await leadPageShown(page, swedish.name);
    const lead = leadArticle(page);
    const email = lead.getByRole('link', { name: swedish.email });
    expect(await email.getAttribute('href')).toBe(`mailto:asa.${tag}@example.se`);
    const phone = lead.getByRole('link', { name: swedish.phone_number });
    expect(await phone.getAttribute('href')).toBe('tel:+460709876543');
    const expected: Array<[string, string]> = [
      ['Company', swedish.company_name],
      ['Found us through', 'Facebook'],
      ['Form language', 'Swedish'],
      ['Source', 'facebook'],
      ['Owner', 'Unassigned'],
      ['Next meeting', '—No meeting'],
      ['UTM source', 'facebook'],
      ['UTM medium', 'paid-social'],
      ['UTM campaign', 'höst-kampanj'],
      ['UTM term', 'städfirma göteborg'],
      ['UTM content', 'video-ä'],
      ['Referrer', 'https://l.facebook.com/'],
      ['Landing page', swedish.landing_page!],
    ];
    for (const [label, value] of expected)
      expect(await valueOf(lead, label).textContent(), label).toBe(value);
    await lead.getByText(swedish.problems).waitFor();
    await lead.getByText('Ring efter lunch, tack.').waitFor();
    expect(await lead.locator('.admin-badge').textContent()).toBe('New');
    expect(await valueOf(lead, 'Sent \\(visitor’s clock\\)').textContent()).toMatch(
      new RegExp(`^${ADMIN_TIME.source}$`),
    );
    await lead.getByText(new RegExp(`^Received: ${ADMIN_TIME.source}$`)).waitFor();
    // Fresh: not overdue.
    expect(await lead.getByText('Over 24 h without contact').count()).toBe(0);

    // Both mails were queued with the lead; their state is whatever the outbox has reached.
    for (const kind of ['Agency notification', 'Visitor confirmation']) {
      await expect
        .poll(() => valueOf(lead, kind).textContent())
        .toMatch(new RegExp(`^(Sent ${ADMIN_TIME.source}|Pending.*|Failed.*)$`));
    }
    // The timeline starts with the form, by the site, and the two mails queued.
    await entry(page, 'Received from the form \\(source: facebook\\)')
      .getByText(new RegExp(`^${ADMIN_TIME.source} by the site$`))
      .waitFor();
    await entry(page, 'Agency notification queued').waitFor();
    await entry(page, 'Visitor confirmation queued').waitFor();
    await expectNoViolations(page);

    // A field the visitor left empty reads as none.
    await page.getByRole('link', { name: 'Back to Leads' }).click();
    await page.waitForURL(`${site.url}/admin/leads`);
    await listShown(page);
    await page.goto(`${site.url}/admin/leads/${await leadId(first.email)}`);
    await leadPageShown(page, first.name);
    expect(await valueOf(leadArticle(page), 'UTM source').textContent()).toBe('—none');
    expect(await valueOf(leadArticle(page), 'Source').textContent()).toBe('(direct)');
  });

  it('switches between Leads and Blog posts in the admin bar', async () => {
    const { page } = browsing;
    await openInbox(page);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    const leadsTab = nav.getByRole('link', { name: /^Leads \(\d+ new\)$/ });
    expect(await leadsTab.getAttribute('aria-current')).toBe('page');

    await nav.getByRole('link', { name: 'Blog posts' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Blog posts' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await leadsTab.getAttribute('aria-current')).toBeNull();
    await expectNoViolations(page);

    await leadsTab.click();
    await page.waitForURL(`${site.url}/admin/leads`);
    await listShown(page);
    await expectNoViolations(page);
  });

  it('sorts by its columns, keeping the order in the address', async () => {
    const { page } = browsing;
    const tag = unique();
    const [anna, bertil, cecilia] = ['Anna', 'Bertil', 'Cecilia'].map((name) => `${name} ${tag}`);
    await submitLead({ name: bertil!, company_name: `Cyklar ${tag}`, utm_source: 'linkedin' });
    await submitLead({ name: anna!, company_name: `Bageri ${tag}`, utm_source: 'facebook' });
    await submitLead({ name: cecilia!, company_name: `Ateljé ${tag}` });
    // Each header's button is named by its column; its description says what a press does.
    const sortName = (column: string) => ({
      name: column[0]!.toUpperCase() + column.slice(1),
      exact: true,
    });
    const sortState = (column: string) =>
      table(page).getByRole('columnheader', sortName(column)).getAttribute('aria-sort');
    /** Clicks the column's button: the list it shows, and the address's query. */
    const sortBy = async (column: string) => {
      const names = await listedAfter(page, () =>
        table(page).getByRole('button', sortName(column)).click(),
      );
      return [names, query(page)];
    };

    await openInbox(page, { q: tag });
    expect(await namesShown(page)).toEqual([cecilia, anna, bertil]);

    // A column sorts A to Z on its first click, Z to A on the next.
    expect(await sortBy('name')).toEqual([[anna, bertil, cecilia], `q=${tag}&sort=name&dir=asc`]);
    expect(await sortState('name')).toBe('ascending');
    expect(await sortState('received')).toBeNull();
    await expectNoViolations(page);
    expect(await sortBy('name')).toEqual([[cecilia, bertil, anna], `q=${tag}&sort=name`]);
    expect(await sortState('name')).toBe('descending');
    expect(await sortBy('company')).toEqual([
      [cecilia, anna, bertil],
      `q=${tag}&sort=company_name&dir=asc`,
    ]);
    // (direct), facebook, linkedin.
    expect(await sortBy('source')).toEqual([
      [cecilia, anna, bertil],
      `q=${tag}&sort=source&dir=asc`,
    ]);

    // A reload keeps the order.
    await page.reload();
    await listShown(page);
    expect(await namesShown(page)).toEqual([cecilia, anna, bertil]);
    expect(await sortState('source')).toBe('ascending');

    // Received sorts newest first on its first click (the default order), oldest first on the next.
    expect(await sortBy('received')).toEqual([[cecilia, anna, bertil], `q=${tag}`]);
    expect(await sortBy('received')).toEqual([[bertil, anna, cecilia], `q=${tag}&dir=asc`]);
    expect(await sortState('received')).toBe('ascending');
  });

  it('pages through more than 50 leads, keeping the page in the address', async () => {
    const { page } = browsing;
    const tag = unique();
    // 52 leads at once, as SQL would store them, received a minute apart: Page 01 the newest.
    await querySite(
      site,
      `insert into public.consultations
         (name, email, phone_number, problems, company_name, how_found_us, language)
       select format('Page %s %s', $1::text, lpad(i::text, 2, '0')),
              format('page.%s.%s@example.com', $1::text, i),
              '070-123 45 67',
              format('We need more customers, lead number %s.', i),
              format('Paging %s AB', $1::text),
              'Google', 'english'
         from generate_series(1, 52) as i`,
      [tag],
    );
    await querySite(
      site,
      `update public.consultations
          set received_at = now() - make_interval(mins => substring(name from '\\d+$')::int)
        where company_name = $1`,
      [`Paging ${tag} AB`],
    );
    const names = Array.from(
      { length: 52 },
      (_, i) => `Page ${tag} ${String(i + 1).padStart(2, '0')}`,
    );
    const pages = page.getByRole('navigation', { name: 'Pages of leads' });

    await openInbox(page, { q: tag });
    expect(await namesShown(page)).toEqual(names.slice(0, 50));
    await page.getByText('Showing 1–50 of 52 leads', { exact: true }).waitFor();
    await pages.getByText('Page 1 of 2', { exact: true }).waitFor();
    expect(await pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await expectNoViolations(page);

    expect(
      await listedAfter(page, () => pages.getByRole('button', { name: 'Next page' }).click()),
    ).toEqual(names.slice(50));
    expect(query(page)).toBe(`q=${tag}&page=2`);
    await page.getByText('Showing 51–52 of 52 leads', { exact: true }).waitFor();
    await pages.getByText('Page 2 of 2', { exact: true }).waitFor();
    expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    // The list's heading takes the focus, so a keyboard or screen reader starts at the top again.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('leads-heading');
    await expectNoViolations(page);

    // A reload keeps the page; Back returns to the first.
    await page.reload();
    await listShown(page);
    expect(await namesShown(page)).toEqual(names.slice(50));
    expect(await listedAfter(page, () => page.goBack())).toEqual(names.slice(0, 50));
    expect(query(page)).toBe(`q=${tag}`);

    // A new order starts again at page 1.
    await listedAfter(page, () => pages.getByRole('button', { name: 'Next page' }).click());
    expect(
      await listedAfter(page, () =>
        table(page).getByRole('button', { name: 'Received', exact: true }).click(),
      ),
    ).toEqual(names.toReversed().slice(0, 50));
    expect(query(page)).toBe(`q=${tag}&dir=asc`);
  });

  it('filters by status and searches by name, e-mail or company', async () => {
    const { page } = browsing;
    const tag = unique();
    const booked = await submitLead({ name: `Booked ${tag}`, email: `booked.${tag}@example.com` });
    const open = await submitLead({ name: `Open ${tag}`, company_name: `Fönster ${tag} AB` });
    const admin = await adminClient();
    const { error } = await admin
      .from('consultations')
      .update({ status: 'booked' })
      .eq('email', booked.email);
    if (error) throw error;

    await openInbox(page);
    const filter = page.getByLabel('Filter by status');
    const booking = await listedAfter(page, () => filter.selectOption('Booked'));
    expect(page.url()).toBe(`${site.url}/admin/leads?status=booked`);
    expect(booking).toContain(booked.name);
    expect(booking).not.toContain(open.name);
    const badges = await table(page).locator('td[data-label="Status"]').allTextContents();
    expect(new Set(badges)).toEqual(new Set(['Booked']));
    await expectNoViolations(page);

    await listedAfter(page, () => filter.selectOption('All statuses'));
    const search = page.getByLabel('Search name, e-mail or company');
    const searchFor = (text: string) =>
      listedAfter(page, async () => {
        await search.fill(text);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
      });
    expect(await searchFor(`booked.${tag}@EXAMPLE`)).toEqual([booked.name]);
    expect(await searchFor(`fönster ${tag}`)).toEqual([open.name]);
    expect(await searchFor(tag)).toEqual([open.name, booked.name]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(tag);
    await page.getByText('Showing 1–2 of 2 leads', { exact: true }).waitFor();

    // Wildcards and the filter's own syntax are only text: they match nothing here.
    for (const text of ['%', `${tag}_`, `${tag}),id.not.is.null,name.eq.(`]) {
      expect(await searchFor(text)).toEqual([]);
      await page.getByText('No leads match.').waitFor();
    }
    await expectNoViolations(page);
    await listedAfter(page, () => page.getByRole('button', { name: 'Clear' }).click());
    expect(page.url()).toBe(`${site.url}/admin/leads`);
    await page.getByText(/^Showing 1–\d+ of \d+ leads$/).waitFor();
  });

  it('filters by owner, mine or unassigned, and shows who owns each lead', async () => {
    const { page } = browsing;
    const tag = unique();
    const mine = await submitLead({ name: `Mine ${tag}` });
    const theirs = await submitLead({ name: `Theirs ${tag}` });
    const nobodys = await submitLead({ name: `Nobody’s ${tag}` });
    const admin = await adminClient();
    for (const [lead, owner] of [
      [mine, adminId],
      [theirs, colleagueId],
    ] as const) {
      const { error } = await admin
        .from('consultations')
        .update({ owner_id: owner })
        .eq('email', lead.email);
      if (error) throw error;
    }

    await openInbox(page, { q: tag });
    expect(await namesShown(page)).toEqual([nobodys.name, theirs.name, mine.name]);
    expect(await cellOf(rowOf(page, mine.name), 'Owner').textContent()).toBe(SITE_ADMIN_EMAIL);
    expect(await cellOf(rowOf(page, theirs.name), 'Owner').textContent()).toBe(COLLEAGUE_EMAIL);
    expect(await cellOf(rowOf(page, nobodys.name), 'Owner').textContent()).toBe('Unassigned');

    const owner = page.getByLabel('Owner', { exact: true });
    expect(await listedAfter(page, () => owner.selectOption('Mine'))).toEqual([mine.name]);
    expect(query(page)).toBe(`owner=mine&q=${tag}`);
    await expectNoViolations(page);
    expect(await listedAfter(page, () => owner.selectOption('Unassigned'))).toEqual([nobodys.name]);
    expect(query(page)).toBe(`owner=unassigned&q=${tag}`);
    // The filter holds after a reload.
    await page.reload();
    await listShown(page);
    expect(await namesShown(page)).toEqual([nobodys.name]);
    expect(await owner.inputValue()).toBe('unassigned');
    expect(await listedAfter(page, () => owner.selectOption('Anyone'))).toEqual([
      nobodys.name,
      theirs.name,
      mine.name,
    ]);
    expect(query(page)).toBe(`q=${tag}`);
  });

  it('marks a lead still new after 24 hours, filters by it, and drops the mark once it is contacted', async () => {
    const { page } = browsing;
    const tag = unique();
    const late = await submitLead({ name: `Late ${tag}` });
    const fresh = await submitLead({ name: `Fresh ${tag}` });
    await receivedAt(late.email, new Date(Date.now() - 25 * 3_600_000).toISOString());

    await openInbox(page, { q: tag });
    expect(await namesShown(page)).toEqual([fresh.name, late.name]);
    // In words and a sign, not colour alone.
    const mark = cellOf(rowOf(page, late.name), 'Received').locator('.lead-overdue');
    expect(await mark.textContent()).toBe('⚠ Over 24 h without contact');
    expect(await cellOf(rowOf(page, fresh.name), 'Received').locator('.lead-overdue').count()).toBe(
      0,
    );
    await expectNoViolations(page);

    const overdue = page.getByLabel('Only leads waiting over 24 hours');
    // Clicked, not check(): the box is ticked once the address has changed.
    expect(await listedAfter(page, () => overdue.click())).toEqual([late.name]);
    expect(await overdue.isChecked()).toBe(true);
    expect(query(page)).toBe(`overdue=1&q=${tag}`);
    await expectNoViolations(page);

    // The lead's page says so too, until someone has been in touch.
    await rowOf(page, late.name).getByRole('link', { name: late.name }).click();
    await leadPageShown(page, late.name);
    const lead = leadArticle(page);
    await lead.getByText('Over 24 h without contact').waitFor();
    await expectNoViolations(page);
    await lead.getByLabel('Status', { exact: true }).selectOption('Contacted');
    await lead.getByRole('button', { name: 'Save changes' }).click();
    await lead
      .getByRole('status')
      .filter({ hasText: `Saved the changes to ${late.name}’s lead.` })
      .waitFor();
    await lead.getByText('Over 24 h without contact').waitFor({ state: 'detached' });

    // Back (the browser's) returns to the filtered list, which no longer holds it.
    await page.goBack();
    await page.waitForURL(`${site.url}/admin/leads?overdue=1&q=${tag}`);
    await listShown(page);
    await page.getByText('No leads match.').waitFor();
    expect(await overdue.isChecked()).toBe(true);
  });
});

describe('a lead’s page', () => {
  it('saves status, notes and owner together, keeps them after a reload, counts one new lead less, and shows each change with its author in the timeline', async () => {
    const { page } = browsing;
    const lead = await submitLead({ name: `Status ${unique()}` });
    await openLead(page, lead);
    const before = await newLeadsInTab(page);
    expect(before).toBeGreaterThan(0);

    const form = page.getByRole('form', { name: 'Pipeline' });
    await form.getByLabel('Status', { exact: true }).selectOption('Contacted');
    await form
      .getByLabel('Notes', { exact: true })
      .fill('Called on Monday; wants a quote for 12 months.');
    await form.getByLabel('Owner', { exact: true }).selectOption(SITE_ADMIN_EMAIL);
    await form.getByText('You have unsaved changes to the status, notes or owner.').waitFor();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `Saved the changes to ${lead.name}’s lead.` })
      .waitFor();
    await form.getByText('You have unsaved changes to the status, notes or owner.').waitFor({
      state: 'detached',
    });
    const article = leadArticle(page);
    expect(await article.locator('.admin-badge').textContent()).toBe('Contacted');
    expect(await valueOf(article, 'Owner').textContent()).toBe(SITE_ADMIN_EMAIL);
    await page.getByRole('link', { name: `Leads (${before - 1} new)` }).waitFor();

    // The timeline: what changed, when, and by whom; the notes as saved.
    const byAdmin = new RegExp(`^${ADMIN_TIME.source} by ${SITE_ADMIN_EMAIL}$`);
    await entry(page, 'Status changed from New to Contacted').getByText(byAdmin).waitFor();
    await entry(page, `Owner set to ${SITE_ADMIN_EMAIL}`).getByText(byAdmin).waitFor();
    const notes = entry(page, 'Notes saved');
    await notes.getByText(byAdmin).waitFor();
    await notes.getByText('Called on Monday; wants a quote for 12 months.').waitFor();
    await expectNoViolations(page);

    await page.reload();
    await leadPageShown(page, lead.name);
    expect(await form.getByLabel('Status', { exact: true }).inputValue()).toBe('contacted');
    expect(await form.getByLabel('Notes', { exact: true }).inputValue()).toBe(
      'Called on Monday; wants a quote for 12 months.',
    );
    expect(await form.getByLabel('Owner', { exact: true }).inputValue()).toBe(adminId);
    expect(await newLeadsInTab(page)).toBe(before - 1);
    const [row] = await storedLead(lead.email);
    expect(row).toMatchObject({
      status: 'contacted',
      notes: 'Called on Monday; wants a quote for 12 months.',
      owner_id: adminId,
    });

    // Given to a colleague, and the notes emptied: both in the timeline, in order, after the rest.
    await form.getByLabel('Owner', { exact: true }).selectOption(COLLEAGUE_EMAIL);
    await form.getByLabel('Notes', { exact: true }).fill('   ');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await entry(page, `Owner changed from ${SITE_ADMIN_EMAIL} to ${COLLEAGUE_EMAIL}`)
      .getByText(byAdmin)
      .waitFor();
    await entry(page, 'Notes cleared').getByText(byAdmin).waitFor();
    // The mails' own entries (queued, sent) come in between as the outbox reaches them.
    const changes = (
      await timelineOf(page).locator('.lead-timeline__what').allTextContents()
    ).filter((what) => !/^(Agency notification|Visitor confirmation) /.test(what));
    expect(changes).toEqual([
      'Received from the form (source: (direct))',
      'Status changed from New to Contacted',
      `Owner set to ${SITE_ADMIN_EMAIL}`,
      'Notes saved',
      `Owner changed from ${SITE_ADMIN_EMAIL} to ${COLLEAGUE_EMAIL}`,
      'Notes cleared',
    ]);
    expect(await storedLead(lead.email)).toMatchObject([{ owner_id: colleagueId, notes: null }]);

    // The list shows the new owner.
    await page.getByRole('link', { name: 'Back to Leads' }).click();
    await page.waitForURL(`${site.url}/admin/leads`);
    await listShown(page);
    await listedAfter(page, async () => {
      await page.getByLabel('Search name, e-mail or company').fill(lead.name);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    });
    expect(await cellOf(rowOf(page, lead.name), 'Owner').textContent()).toBe(COLLEAGUE_EMAIL);
    expect(await cellOf(rowOf(page, lead.name), 'Status').textContent()).toBe('Contacted');
  });

  it('asks before unsaved changes are left: dismissed it stays, accepted it leaves', async () => {
    const { page } = browsing;
    const lead = await submitLead({ name: `Unsaved ${unique()}` });
    await openLead(page, lead);
    const id = await leadId(lead.email);
    // Each dialog's type and text; each is answered with the next of `answers`.
    const dialogs: string[] = [];
    const answers: boolean[] = [];
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void (answers.shift() ? dialog.accept() : dialog.dismiss());
    });
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    const notes = page.getByLabel('Notes', { exact: true });
    const question = 'confirm: You have unsaved changes to this lead. Leave without saving?';

    await notes.fill('Wants a call back on Thursday.');
    await page.getByText('You have unsaved changes to the status, notes or owner.').waitFor();
    await expectNoViolations(page);

    answers.push(false);
    await nav.getByRole('link', { name: 'Blog posts' }).click();
    await expect.poll(() => dialogs).toEqual([question]);
    expect(page.url()).toBe(`${site.url}/admin/leads/${id}`);
    expect(await notes.inputValue()).toBe('Wants a call back on Thursday.');
    expect(
      await nav.getByRole('link', { name: 'Blog posts' }).getAttribute('aria-current'),
    ).toBeNull();

    answers.push(true);
    await nav.getByRole('link', { name: 'Blog posts' }).click();
    await page.waitForURL(`${site.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();
    expect(dialogs).toEqual([question, question]);
    expect(await storedLead(lead.email)).toMatchObject([{ notes: null }]);

    // Saved changes leave without a question.
    await page.goto(`${site.url}/admin/leads/${id}`);
    await leadPageShown(page, lead.name);
    await notes.fill('Wants a call back on Thursday.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the changes' }).waitFor();
    await nav.getByRole('link', { name: /^Leads/ }).click();
    await page.waitForURL(`${site.url}/admin/leads`);
    await listShown(page);
    expect(dialogs).toHaveLength(2);
  });

  it('deletes a lead after a confirm that names it, taking its mails along', async () => {
    const { page } = browsing;
    const lead = await submitLead({ name: `Delete ${unique()}` });
    const [stored] = await storedLead(lead.email);
    const admin = await adminClient();
    const mailsOf = async () =>
      (await admin.from('consultation_mails').select('id').eq('consultation_id', stored!.id)).data;
    expect(await mailsOf()).toHaveLength(2);

    await openLead(page, lead);
    const remove = page.getByRole('button', { name: `Delete lead from ${lead.name}` });
    const dismissed = page.waitForEvent('dialog');
    const clicked = remove.click();
    const dialog = await dismissed;
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(
      `Delete the lead from ${lead.name} (${lead.email})? Its mail delivery records are deleted with it. This cannot be undone.`,
    );
    await dialog.dismiss();
    await clicked;
    expect(await storedLead(lead.email)).toHaveLength(1);
    expect(page.url()).toBe(`${site.url}/admin/leads/${stored!.id}`);

    page.once('dialog', (next) => void next.accept());
    await remove.click();
    await page.waitForURL(`${site.url}/admin/leads`);
    await page
      .getByRole('status')
      .filter({ hasText: `Deleted the lead from ${lead.name}.` })
      .waitFor();
    await listShown(page);
    expect(await rowOf(page, lead.name).count()).toBe(0);
    await expectNoViolations(page);
    expect(await storedLead(lead.email)).toEqual([]);
    expect(await mailsOf()).toEqual([]);

    // Its address names no lead any more.
    await page.goto(`${site.url}/admin/leads/${stored!.id}`);
    await page.getByRole('heading', { level: 1, name: 'No such lead' }).waitFor();
    await expectNoViolations(page);
  });
});

describe('the exports', () => {
  it('downloads the filtered list as a CSV that Excel opens with Swedish letters intact', async () => {
    const { page } = browsing;
    const tag = unique();
    const first = await submitLead({
      name: `Örjan Åkesson ${tag}`,
      company_name: `Åkessons Städ, Väst ${tag}`,
      problems: 'Vi vill ha fler "riktiga" kunder,\nhelst i Malmö.',
      language: 'swedish',
      utm_source: 'google',
      utm_campaign: 'vår',
      landing_page: '/sv/book-call',
    });
    const second = await submitLead({
      name: `Formula ${tag}`,
      company_name: `=HYPERLINK("http://evil.example") ${tag}`,
    });
    await submitLead({ name: `Someone Else ${unique()}` });

    await openInbox(page, { q: tag });
    // Newest first, only the filtered two.
    const lines = await exportedCsv(page, 'Export CSV', {
      fileName: /^leads-\d{4}-\d{2}-\d{2}\.csv$/,
      separator: ',',
      leads: 2,
    });
    // The only bare LF is the one inside the quoted problems.
    expect(lines.join('').split('\n')).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|\+00:00),new,/);
    expect(lines[1]).toContain(`,new,${second.name},`);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"") ${tag}",`);
    expect(lines[2]).toContain(
      `,new,${first.name},${first.email},070-123 45 67,"Åkessons Städ, Väst ${tag}",` +
        '"Vi vill ha fler ""riktiga"" kunder,\nhelst i Malmö.",,Google,swedish,,google,,vår,,,,/sv/book-call,',
    );
  });

  it('downloads the filtered list for Swedish Excel: semicolons, a BOM and Stockholm time', async () => {
    const { page } = browsing;
    const tag = unique();
    // Received in winter (CET, UTC+1) and in summer (CEST, UTC+2).
    const winter = await submitLead({
      name: `Vinter ${tag}`,
      company_name: `Snö; Is & Co, Kiruna ${tag}`,
      created_at: '2026-01-15T09:59:30.000Z',
      utm_source: 'google',
    });
    const summer = await submitLead({
      name: `Sommar ${tag}`,
      company_name: `Sol ${tag}`,
      created_at: '2026-07-01T09:59:30.000Z',
      problems: 'Ett "citat"; ett semikolon, och ett komma.',
    });
    await receivedAt(winter.email, '2026-01-15T10:00:00Z');
    await receivedAt(summer.email, '2026-07-01T10:00:00Z');

    await openInbox(page, { q: tag });
    // Newest first (summer), each time as Stockholm's clock showed it, as Excel reads a time.
    const lines = await exportedCsv(page, 'Export CSV for Swedish Excel', {
      fileName: /^leads-\d{4}-\d{2}-\d{2}-excel-sv\.csv$/,
      separator: ';',
      leads: 2,
    });
    const [summerId, winterId] = [await leadId(summer.email), await leadId(winter.email)];
    const stockholmTime = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
    const summerCells = lines[1]!.split(';');
    expect(summerCells.slice(0, 6)).toEqual([
      '2026-07-01 12:00:00',
      'new',
      summer.name,
      summer.email,
      '070-123 45 67',
      `Sol ${tag}`,
    ]);
    // A semicolon is quoted now; a comma alone is only text.
    expect(lines[1]).toContain(';"Ett ""citat""; ett semikolon, och ett komma.";;Google;');
    const [created, updated, id] = summerCells.slice(-3);
    expect(created).toBe('2026-07-01 11:59:30');
    expect(updated).toMatch(stockholmTime);
    expect(id).toBe(summerId);
    expect(lines[2]).toBe(
      [
        '2026-01-15 11:00:00',
        'new',
        winter.name,
        winter.email,
        '070-123 45 67',
        `"Snö; Is & Co, Kiruna ${tag}"`,
        winter.problems,
        '',
        'Google',
        'english',
        '',
        'google',
        '',
        '',
        '',
        '',
        '',
        '',
        '2026-01-15 10:59:30',
        lines[2]!.split(';').at(-2),
        winterId,
      ].join(';'),
    );
    expect(lines[2]!.split(';').at(-2)).toMatch(stockholmTime);
  });

  it('keeps a name with semicolons and a formula one inert cell in both CSVs', async () => {
    const { page } = browsing;
    const tag = unique();
    const acme = await submitLead({
      name: `Acme;=1+1;x ${tag}`,
      company_name: `+46 Acme, AB ${tag}`,
    });
    await submitLead({ name: `Plain ${tag}` });

    await openInbox(page, { q: tag });
    for (const [button, separator] of [
      ['Export CSV', ','],
      ['Export CSV for Swedish Excel', ';'],
    ] as const) {
      const lines = await exportedCsv(page, button, {
        fileName: /^leads-\d{4}-\d{2}-\d{2}(-excel-sv)?\.csv$/,
        separator,
        leads: 2,
      });
      // Quoted whichever separator the spreadsheet splits on; a formula sign behind an apostrophe.
      expect(lines.find((line) => line.includes('Acme'))).toContain(
        `${separator}new${separator}"${acme.name}"${separator}${acme.email}${separator}` +
          `070-123 45 67${separator}"'+46 Acme, AB ${tag}"${separator}`,
      );
    }
  });

  it('exports every lead of one address, in any case, with its mails as JSON', async () => {
    const { page } = browsing;
    const tag = unique();
    const email = `gdpr.${tag}@example.se`;
    await submitLead({ name: `Åke Ström ${tag}`, email, language: 'swedish' });
    await submitLead({ name: `Åke Ström ${tag}`, email: email.toUpperCase(), utm_source: 'news' });
    await submitLead({ name: `Other ${tag}`, email: `x${email}` });

    await openInbox(page);
    await page.getByText('Data request (GDPR)').click();
    await page.getByLabel('E-mail address').fill(`Gdpr.${tag}@Example.SE`);
    await expectNoViolations(page);
    const [download, file] = await downloaded(page, () =>
      page.getByRole('button', { name: 'Export data (JSON)' }).click(),
    );
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^lead-data-gdpr\\.${tag}@example\\.se-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(file.toString('utf8'));
    expect(data.email).toBe(`Gdpr.${tag}@Example.SE`);
    expect(data.consultations.map((lead: { email: string }) => lead.email)).toEqual([
      email,
      email.toUpperCase(),
    ]);
    expect(data.consultations[0]).toMatchObject({ name: `Åke Ström ${tag}`, status: 'new' });
    expect(data.consultations[1]).toMatchObject({ utm_source: 'news' });
    for (const lead of data.consultations) {
      expect(lead.mails.map((mail: { kind: string }) => mail.kind).sort()).toEqual([
        'agency_notification',
        'visitor_confirmation',
      ]);
      expect(lead.mails[0].status).toMatch(/^(pending|sent|failed)$/);
    }
    await page.getByRole('status').filter({ hasText: 'Exported 2 leads to' }).waitFor();
  });
});

describe.each([
  ['a wide screen', { width: 1280, height: 900 }],
  ['a 320 px phone', { width: 320, height: 640 }],
])('on %s', (_, viewport) => {
  const phone = pagePerTest(
    () => browser,
    () => ({ viewport, storageState: signedIn }),
  );

  const overflow = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  it('the list and a lead’s page have no accessibility violations and nothing wider than the screen', async () => {
    const { page } = phone;
    const tag = unique();
    const lead = await submitLead({
      name: `Axe Audit ${tag}`,
      email: `a.very.long.address.for.a.narrow.screen.${tag}@example-company-name.se`,
      language: 'swedish',
      utm_source: 'linkedin',
      landing_page: `/sv/book-call?utm_source=linkedin&utm_campaign=a-long-campaign-name-${tag}`,
    });
    const late = await submitLead({ name: `Axe Late ${tag}` });
    await receivedAt(late.email, new Date(Date.now() - 30 * 3_600_000).toISOString());
    await openInbox(page);
    await rowOf(page, lead.name).waitFor();
    await page.getByText('Data request (GDPR)').click();
    await expectNoViolations(page);
    expect(await overflow(page)).toBe(0);

    await rowOf(page, lead.name).getByRole('link', { name: lead.name }).click();
    await leadPageShown(page, lead.name);
    await page.getByLabel('Notes', { exact: true }).fill('Call back.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await entry(page, 'Notes saved').waitFor();
    await expectNoViolations(page);
    expect(await overflow(page)).toBe(0);
  });
});
