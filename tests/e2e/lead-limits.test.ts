// The leads' limits in a real browser (docs/decisions/0024-held-leads.md): a visitor behind an
// address that already sent many leads this hour still gets the thank-you, and their lead waits,
// held, for the owner, who sees it marked in the leads list and releases it; a visitor behind an
// address past the bound of held leads reads, in their language, that their text is kept, with
// the agency's phone and e-mail, every field as typed and focus on that message, with and without
// JavaScript.
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '~/data/database.types.ts';
import { gotoHydrated, pagePerTest, signInThroughForm } from '../support/browser.ts';
import { englishLabels, field, fill, swedishLabels, type Typed } from '../support/booking-form.ts';
import { aLead } from '../support/leads.ts';
import { signedInAdmin } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const PHONE = '+46 8 123 45 67';
const EMAIL = 'hello@agency.example';

const { site, browser } = siteAndBrowserPerFile({
  SEED_DEMO: 'false',
  FORM_MIN_FILL_SECONDS: '0',
  AGENCY_PHONE: PHONE,
  AGENCY_EMAIL: EMAIL,
});

let addresses = 0;
/** A shared address of its own (TEST-NET-3), as a mobile operator's NAT gives many phones. */
const newSharedAddress = () => `203.0.113.${(addresses += 1)}`;

/**
 * `count` leads from other people behind `address` this hour, through the data API in one request:
 * the first 30 as usual, the next 20 held (the address's bound for the day).
 */
async function othersSent(address: string, count: number): Promise<void> {
  const anon = createClient<Database>(site.url, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': address } },
  });
  const leads = Array.from({ length: count }, (_, i) =>
    aLead({ problems: `Another person behind the same network, request ${i + 1}.` }),
  );
  const { error } = await anon.from('consultations').insert(leads);
  if (error) throw error;
}

async function storedWithEmail(email: string) {
  const admin = await signedInAdmin(site);
  const { data, error } = await admin.from('consultations').select('name, held').eq('email', email);
  if (error) throw error;
  return data;
}

const languages = [
  {
    language: 'English',
    prefix: '',
    labels: englishLabels,
    submit: 'Book My Free Strategy Call',
    thanks: 'Thank You for Your Interest!',
    message:
      'Failed to submit: Too many requests from your network right now. Everything you typed is still in the form: call or e-mail us instead, or try again later.',
    contact: `Phone ${PHONE} · E-mail ${EMAIL}`,
    typed: {
      name: 'Nora Network',
      email: '',
      phone: '070 123 45 67',
      company: 'Shared Office AB',
      problems: 'We need more customers, and share our office network.',
      howFoundUs: 'Facebook',
      additionalInfo: 'Mornings are best.',
    } satisfies Typed,
  },
  {
    language: 'Swedish',
    prefix: '/sv',
    labels: swedishLabels,
    submit: 'Boka mitt gratis strategisamtal',
    thanks: 'Tack för ditt intresse!',
    message:
      'Misslyckades att skicka: För många förfrågningar från ditt nätverk just nu. Allt du har skrivit finns kvar i formuläret: ring eller mejla oss i stället, eller försök igen senare.',
    contact: `Telefon ${PHONE} · E-post ${EMAIL}`,
    typed: {
      name: 'Nils Nätverk',
      email: '',
      phone: '08-111 22 33',
      company: 'Delat Kontor AB',
      problems: 'Vi behöver fler kunder och delar nätverk med hela huset.',
      howFoundUs: 'Google',
      additionalInfo: 'Ring gärna på förmiddagen.',
    } satisfies Typed,
  },
];

let sequence = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${(sequence += 1)}@example.se`;

/** The visitor's view past the bound: the message, the agency's links, the form as typed, focus. */
async function expectKeptWithContact(
  page: Page,
  { labels, message, contact, typed }: (typeof languages)[number],
  email: string,
) {
  await page.getByRole('alert').getByText(message, { exact: true }).waitFor();
  // Below the message (the footer has them too).
  const details = page.getByText(contact, { exact: true });
  expect(await details.isVisible()).toBe(true);
  expect(await details.getByRole('link', { name: PHONE }).getAttribute('href')).toBe(
    'tel:+4681234567',
  );
  expect(await details.getByRole('link', { name: EMAIL }).getAttribute('href')).toBe(
    `mailto:${EMAIL}`,
  );
  // Focus is on the message and the agency's details, so a screen reader reads them first.
  expect(await page.locator(':focus').textContent()).toBe(`${message}${contact}`);
  expect(await field(page, labels.name).inputValue()).toBe(typed.name);
  expect(await field(page, labels.email).inputValue()).toBe(email);
  expect(await field(page, labels.phone).inputValue()).toBe(typed.phone);
  expect(await field(page, labels.company).inputValue()).toBe(typed.company);
  expect(await field(page, labels.problems).inputValue()).toBe(typed.problems);
  expect(await field(page, labels.additionalInfo).inputValue()).toBe(typed.additionalInfo);
  expect(
    await page
      .getByRole('combobox', { name: labels.howFoundUs, exact: true })
      .evaluate((select: HTMLSelectElement) => select.value),
  ).toBe(typed.howFoundUs);
  expect(await storedWithEmail(email)).toEqual([]);
}

describe('with JavaScript', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 390, height: 844 } });
  let address: string;
  beforeEach(async () => {
    address = newSharedAddress();
    await browsing.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  });

  it.each(languages)(
    'gives a $language visitor behind a network past every limit the phone and e-mail, with the form kept',
    async (language) => {
      const { page } = browsing;
      await othersSent(address, 50);
      await gotoHydrated(page, `${site.url}${language.prefix}/book-call`);
      const email = uniqueEmail('past-bound');
      await fill(page, language.labels, { ...language.typed, email });
      await page.getByRole('button', { name: language.submit }).click();
      await expectKeptWithContact(page, language, email);
    },
  );

  it('thanks a visitor behind a busy network as anyone, and keeps the lead held for the owner', async () => {
    const { page } = browsing;
    await othersSent(address, 30);
    await gotoHydrated(page, `${site.url}/book-call`);
    const email = uniqueEmail('held');
    await fill(page, englishLabels, { ...languages[0]!.typed, name: 'Hilda Held', email });
    await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
    await page.waitForURL(`${site.url}/book-call/thank-you`);
    expect(await storedWithEmail(email)).toEqual([{ name: 'Hilda Held', held: true }]);
  });
});

describe('without JavaScript', () => {
  const browsing = pagePerTest(() => browser, {
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  let address: string;
  beforeEach(async () => {
    address = newSharedAddress();
    await browsing.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  });

  it.each(languages)(
    'gives a $language visitor behind a network past every limit the phone and e-mail, with the form kept',
    async (language) => {
      const { page } = browsing;
      await othersSent(address, 50);
      await page.goto(`${site.url}${language.prefix}/book-call`);
      const email = uniqueEmail('past-bound-nojs');
      await fill(page, language.labels, { ...language.typed, email });
      const [refused] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: language.submit }).click(),
      ]);
      expect(refused.status()).toBe(429);
      await expectKeptWithContact(page, language, email);
    },
  );
});

describe('the owner', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

  it('sees a held lead marked in the leads list, and releases it so its mails go', async () => {
    const address = newSharedAddress();
    const email = uniqueEmail('release');
    await othersSent(address, 30);
    const anon = createClient<Database>(site.url, site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'x-forwarded-for': address } },
    });
    const held = await anon
      .from('consultations')
      .insert(aLead({ name: 'Rut Released', email, company_name: 'Rut AB' }));
    expect(held.error).toBeNull();

    const { page } = browsing;
    await signInThroughForm(page, site.url);
    await page.goto(`${site.url}/admin/leads?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('row', { name: /Rut Released/ });
    await row.getByText('Held', { exact: true }).waitFor();

    await row.getByRole('link', { name: 'Rut Released' }).click();
    const notice = page.getByRole('region', { name: 'Held: no mails sent yet' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Release lead' }).click();
    await page.getByText('Rut Released was released: the mails are on their way.').waitFor();
    expect(await notice.count()).toBe(0);
    expect(await storedWithEmail(email)).toEqual([{ name: 'Rut Released', held: false }]);
    const admin = await signedInAdmin(site);
    const lead = await admin.from('consultations').select('id').eq('email', email).single();
    const { data: mails } = await admin
      .from('consultation_mails')
      .select('kind')
      .eq('consultation_id', lead.data!.id)
      .order('kind');
    expect(mails?.map((mail) => mail.kind)).toEqual([
      'agency_notification',
      'visitor_confirmation',
    ]);
  });
});
