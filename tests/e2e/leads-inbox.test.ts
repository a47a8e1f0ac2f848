// The leads inbox at /admin/leads in a real browser against the whole site (issue 7): leads
// stored the way a visitor's browser stores them (anon key, /rest/v1), listed newest first with
// every field, their attribution and their mails; the switch to the blog manager; status and
// notes that persist; filter, search, the CSV download; a GDPR delete and data export; and no
// accessibility violations, on a wide screen and a 320 px phone.
import { readFile } from 'node:fs/promises';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { launchBrowser, pagePerTest, signInThroughForm } from '../support/browser.ts';
import { type RunningSite, signedInAdmin, startSite, storeLeadAsVisitor } from '../support/site.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([
    startSite({ SEED_DEMO: 'false', LEADS_NOTIFY_TO: 'sales@example.com' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

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
    email: `lead.${unique()}@example.com`,
    phone_number: '070-123 45 67',
    problems: `We need more customers: ${fields.name} ${unique()}.`,
    company_name: `${fields.name} AB`,
    how_found_us: 'Google',
    language: 'english',
    created_at: new Date().toISOString(),
    ...fields,
  };
  lastAddress += 1;
  const response = await storeLeadAsVisitor(site, lead, `198.51.100.${lastAddress}`);
  expect(response.status, await response.clone().text()).toBe(201);
  return lead;
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

/** Signs in and opens the inbox, optionally already searching. */
async function openInbox(page: Page, search?: string) {
  await signInThroughForm(page, site.url);
  await page.goto(`${site.url}/admin/leads${search ? `?q=${encodeURIComponent(search)}` : ''}`);
  await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
  await page.getByText(/^(Showing \d+ of \d+ leads?|No leads match\.|No leads yet\.)$/).waitFor();
}

const card = (page: Page, name: string): Locator =>
  page.getByRole('article', { name, exact: true });

/** The value beside a label in a card's lists. */
const valueOf = (lead: Locator, label: string): Locator =>
  lead.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

async function namesShown(page: Page): Promise<string[]> {
  return page.getByRole('article').locator('h2').allTextContents();
}

/** The number in the Leads tab: "Leads (3 new)". */
async function newLeadsInTab(page: Page): Promise<number> {
  const tab = page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: /^Leads \(\d+ new\)$/ });
  const text = await tab.textContent();
  return Number(text!.match(/\((\d+) new\)/)![1]);
}

/**
 * Runs the action, waits for the inbox's list request it causes, and then for the page to show
 * that list: the names of the leads it holds, newest first.
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
  return names;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<[Download, Buffer]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return [download, await readFile((await download.path())!)];
}

describe('the leads inbox', () => {
  it('lists the leads newest first with every field, their attribution and their mails', async () => {
    const { page } = browsing;
    const tag = unique();
    await submitLead({ name: `First ${tag}`, company_name: `Oldest ${tag} AB` });
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

    await openInbox(page, tag);
    expect(await namesShown(page)).toEqual([`Last ${tag}`, swedish.name, `First ${tag}`]);

    const asa = card(page, swedish.name);
    const email = asa.getByRole('link', { name: swedish.email });
    expect(await email.getAttribute('href')).toBe(`mailto:${swedish.email}`);
    const phone = asa.getByRole('link', { name: swedish.phone_number });
    expect(await phone.getAttribute('href')).toBe('tel:+460709876543');
    const expected: Array<[string, string]> = [
      ['Company', swedish.company_name],
      ['Found us through', 'Facebook'],
      ['Form language', 'Swedish'],
      ['UTM source', 'facebook'],
      ['UTM medium', 'paid-social'],
      ['UTM campaign', 'höst-kampanj'],
      ['UTM term', 'städfirma göteborg'],
      ['UTM content', 'video-ä'],
      ['Referrer', 'https://l.facebook.com/'],
      ['Landing page', swedish.landing_page!],
    ];
    for (const [label, value] of expected)
      expect(await valueOf(asa, label).textContent()).toBe(value);
    await asa.getByText(swedish.problems).waitFor();
    await asa.getByText('Ring efter lunch, tack.').waitFor();
    expect(await asa.locator('.admin-badge').textContent()).toBe('New');
    expect(await valueOf(asa, 'Sent \\(visitor’s clock\\)').textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M$/,
    );
    await asa.getByText(/^Received: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M$/).waitFor();

    // Both mails were queued with the lead; their state is whatever the outbox has reached.
    for (const kind of ['Agency notification', 'Visitor confirmation']) {
      expect(await valueOf(asa, kind).textContent()).toMatch(
        /^(Sent [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M|Pending.*|Failed.*)$/,
      );
    }
    // A field the visitor left empty reads as none.
    expect(await valueOf(card(page, `First ${tag}`), 'UTM source').textContent()).toBe('—none');
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

    await leadsTab.click();
    await page.waitForURL(`${site.url}/admin/leads`);
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
  });

  it('saves a status and notes that survive a reload, and the new-leads count drops', async () => {
    const { page } = browsing;
    const lead = await submitLead({ name: `Status ${unique()}` });
    await openInbox(page, lead.name);
    const before = await newLeadsInTab(page);
    expect(before).toBeGreaterThan(0);
    await page.getByText(`${before} new ${before === 1 ? 'lead' : 'leads'}`).waitFor();

    const row = card(page, lead.name);
    await row.getByLabel('Status', { exact: true }).selectOption('Contacted');
    await row
      .getByLabel('Notes', { exact: true })
      .fill('Called on Monday; wants a quote for 12 months.');
    await row.getByRole('button', { name: 'Save changes' }).click();
    await row
      .getByRole('status')
      .filter({ hasText: `Saved the changes to ${lead.name}’s lead.` })
      .waitFor();
    expect(await row.locator('.admin-badge').textContent()).toBe('Contacted');
    await page.getByRole('link', { name: `Leads (${before - 1} new)` }).waitFor();

    await page.reload();
    await card(page, lead.name).waitFor();
    expect(await card(page, lead.name).getByLabel('Status', { exact: true }).inputValue()).toBe(
      'contacted',
    );
    expect(await card(page, lead.name).getByLabel('Notes', { exact: true }).inputValue()).toBe(
      'Called on Monday; wants a quote for 12 months.',
    );
    expect(await newLeadsInTab(page)).toBe(before - 1);
    const [row0] = await storedLead(lead.email);
    expect(row0).toMatchObject({
      status: 'contacted',
      notes: 'Called on Monday; wants a quote for 12 months.',
    });
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
    const badges = await page.getByRole('article').locator('.admin-badge').allTextContents();
    expect(new Set(badges)).toEqual(new Set(['Booked']));

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
    await page.getByText('Showing 2 of 2 leads').waitFor();

    // Wildcards and the filter's own syntax are only text: they match nothing here.
    for (const text of ['%', `${tag}_`, `${tag}),id.not.is.null,name.eq.(`]) {
      expect(await searchFor(text)).toEqual([]);
      await page.getByText('No leads match.').waitFor();
    }
    await listedAfter(page, () => page.getByRole('button', { name: 'Clear' }).click());
    expect(page.url()).toBe(`${site.url}/admin/leads`);
    await page.getByText(/^Showing \d+ of \d+ leads$/).waitFor();
  });

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

    await openInbox(page, tag);
    const [download, file] = await downloaded(page, () =>
      page.getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    await page
      .getByRole('status')
      .filter({ hasText: `Exported 2 leads to ${download.suggestedFilename()}.` })
      .waitFor();

    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.toString('utf8').slice(1);
    // Every line ends CRLF; the only bare LF is the one inside the quoted problems.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '').split('\n')).toHaveLength(2);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'received_at,status,name,email,phone_number,company_name,problems,additional_info,' +
        'how_found_us,language,notes,utm_source,utm_medium,utm_campaign,utm_term,utm_content,' +
        'referrer,landing_page,created_at,updated_at,id',
    );
    // Newest first, only the filtered two, then the final line break.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,new,${second.name},`);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"") ${tag}",`);
    expect(lines[2]).toContain(
      `,new,${first.name},${first.email},070-123 45 67,"Åkessons Städ, Väst ${tag}",` +
        '"Vi vill ha fler ""riktiga"" kunder,\nhelst i Malmö.",,Google,swedish,,google,,vår,,,,/sv/book-call,',
    );
    expect(lines[3]).toBe('');
  });

  it('deletes a lead after a confirm that names it, taking its mails along', async () => {
    const { page } = browsing;
    const lead = await submitLead({ name: `Delete ${unique()}` });
    const [stored] = await storedLead(lead.email);
    const admin = await adminClient();
    const mailsOf = async () =>
      (await admin.from('consultation_mails').select('id').eq('consultation_id', stored!.id)).data;
    expect(await mailsOf()).toHaveLength(2);

    await openInbox(page, lead.name);
    const remove = card(page, lead.name).getByRole('button', {
      name: `Delete lead from ${lead.name}`,
    });
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

    page.once('dialog', (next) => void next.accept());
    await remove.click();
    await card(page, lead.name).waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Deleted the lead from ${lead.name}.` })
      .waitFor();
    expect(await storedLead(lead.email)).toEqual([]);
    expect(await mailsOf()).toEqual([]);
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
])('on %s the inbox', (_, viewport) => {
  const phone = pagePerTest(() => browser, { viewport });

  it('has no accessibility violations and nothing wider than the screen', async () => {
    const { page } = phone;
    const tag = unique();
    const lead = await submitLead({
      name: `Axe Audit ${tag}`,
      email: `a.very.long.address.for.a.narrow.screen.${tag}@example-company-name.se`,
      language: 'swedish',
      utm_source: 'linkedin',
      landing_page: `/sv/book-call?utm_source=linkedin&utm_campaign=a-long-campaign-name-${tag}`,
    });
    await openInbox(page);
    await card(page, lead.name).waitFor();
    await page.getByText('Data request (GDPR)').click();
    await card(page, lead.name).getByRole('button', { name: 'Save changes' }).click();
    await card(page, lead.name).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
