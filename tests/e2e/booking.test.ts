// Booking in a real browser: right after sending the booking form the visitor picks a time for the
// strategy call, in their own time zone (named), with and without JavaScript, in both languages;
// the meeting page moves and cancels it without signing in; and of two visitors who choose the same
// time, the second is told it was taken and offered the next ones; the invitation mail's link opens
// the meeting page. Axe runs in the pages with JavaScript (it cannot run in a page without), which
// render the same HTML.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { signedInAdmin } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

// Behind one trusted proxy, so each visitor has an address of its own (X-Forwarded-For): the
// database stores at most 5 requests per address and hour.
const { site, browser } = siteAndBrowserPerFile({ FORM_MIN_FILL_SECONDS: '0', TRUST_PROXY: '1' });

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

let visitors = 0;
async function visitor(options: { javaScript: boolean; timezoneId?: string }): Promise<Page> {
  visitors += 1;
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${visitors}` },
    javaScriptEnabled: options.javaScript,
    viewport: { width: 390, height: 844 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  contexts.push(context);
  return context.newPage();
}

let sent = 0;
/** Fills and sends the booking form as a visitor does, in the page's language. */
async function sendRequest(page: Page, language: 'en' | 'sv'): Promise<string> {
  sent += 1;
  const email = `booker.${Date.now()}.${sent}@example.se`;
  const sv = language === 'sv';
  await page.goto(`${site.url}${sv ? '/sv' : ''}/book-call`);
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field(sv ? 'Namn' : 'Name').fill(`Booker ${sent}`);
  await field(sv ? 'E-postadress' : 'Email').fill(email);
  await field(sv ? 'Telefonnummer' : 'Phone number').fill('070-123 45 67');
  await field(sv ? 'Företagsnamn' : 'Company name').fill(`Booker ${sent} AB`);
  await field(sv ? 'Vilka problem vill du lösa?' : 'What problems are you looking to solve?').fill(
    'We need more booked calls from local customers.',
  );
  await page
    .getByRole('combobox', { name: sv ? 'Hur hittade du oss?' : 'How did you find us?' })
    .selectOption({ label: 'Google' });
  await page
    .getByRole('button', {
      name: sv ? 'Boka mitt gratis strategisamtal' : 'Book My Free Strategy Call',
    })
    .click();
  await page.waitForURL(/\/book-call\/thank-you/, { timeout: 15_000 });
  return email;
}

/** The radio buttons of the free times, in order. */
const times = (page: Page) => page.locator('input[type="radio"][name="start"]');

describe('booking the strategy call', () => {
  it('works without JavaScript in Swedish: pick, move, cancel and book again', async () => {
    const page = await visitor({ javaScript: false });
    await sendRequest(page, 'sv');
    await page.getByRole('heading', { name: 'Tack för ditt intresse!' }).waitFor();
    await page
      .getByRole('heading', { name: 'Välj en tid för ditt kostnadsfria strategisamtal' })
      .waitFor();
    // Without JavaScript the times are the agency's, and the zone is named.
    await page.getByText('Tiderna visas i').filter({ hasText: '(Europe/Stockholm)' }).waitFor();
    expect(await times(page).count()).toBeGreaterThan(3);

    const first = times(page).first();
    const firstStart = await first.getAttribute('value');
    await first.check();
    await page.getByRole('button', { name: 'Boka den här tiden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ditt strategisamtal är bokat' }).waitFor();
    expect(page.url()).toMatch(/\/sv\/book-call\/meeting\/[^/]+$/);

    // The lead is booked, and its meeting is the time chosen.
    const admin = await signedInAdmin(site);
    const { data: meetings } = await admin
      .from('meetings')
      .select('starts_at, status, sequence')
      .eq('status', 'active');
    expect(meetings!.map((m) => new Date(m.starts_at).toISOString())).toContain(firstStart);

    // Move it to another time.
    const later = times(page).nth(2);
    const laterStart = await later.getAttribute('value');
    await later.check();
    await page.getByRole('button', { name: 'Flytta till den här tiden' }).click();
    await page.getByText('Ditt samtal är flyttat. En ny inbjudan är på väg.').waitFor();
    const moved = await admin.from('meetings').select('starts_at, sequence').eq('status', 'active');
    expect(moved.data!.map((m) => new Date(m.starts_at).toISOString())).toContain(laterStart);

    // The calendar file names the moved time.
    const meetingUrl = page.url();
    const ics = await (await fetch(`${meetingUrl}/invite.ics`)).text();
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`DTSTART:${laterStart!.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics).toContain('SEQUENCE:1');

    // Cancel it; the same link then offers a new time.
    await page.getByRole('button', { name: 'Avboka samtalet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ditt strategisamtal är avbokat' }).waitFor();
    await page.getByText('Samtalet är avbokat. Vi har meddelat teamet.').waitFor();
    await page.getByRole('heading', { name: 'Boka en ny tid' }).waitFor();
    const cancelledIcs = await (await fetch(`${meetingUrl}/invite.ics`)).text();
    expect(cancelledIcs).toContain('METHOD:CANCEL');
    expect(cancelledIcs).toContain('SEQUENCE:2');
  });

  it('works with JavaScript in English, in the visitor’s own time zone', async () => {
    const page = await visitor({ javaScript: true, timezoneId: 'America/New_York' });
    await sendRequest(page, 'en');
    await page.getByRole('heading', { name: 'Pick a time for your free strategy call' }).waitFor();
    await page.waitForURL(/tz=America%2FNew_York/);
    await page
      .getByText('Times are shown in Eastern')
      .filter({ hasText: '(America/New_York)' })
      .waitFor();
    const first = times(page).first();
    const start = (await first.getAttribute('value'))!;
    const label = await first.locator('xpath=..').textContent();
    const newYork = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(start));
    expect(label).toContain(newYork);
    expect(await accessibilityViolations(page)).toEqual([]);
    await first.check();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your strategy call is booked' }).waitFor();
    await page.getByText('Times are shown in Eastern').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel the call' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Your strategy call is cancelled' })
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await times(page).first().check();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your strategy call is booked' }).waitFor();

    // Back on the thank-you page, a booked lead is sent to its meeting.
    await page.goto(`${site.url}/book-call/thank-you`);
    await page.getByRole('heading', { level: 1, name: 'Your strategy call is booked' }).waitFor();
  });

  it('works with JavaScript in Swedish, in the visitor’s own time zone named in Swedish', async () => {
    const page = await visitor({ javaScript: true, timezoneId: 'Asia/Tokyo' });
    await sendRequest(page, 'sv');
    await page
      .getByRole('heading', { name: 'Välj en tid för ditt kostnadsfria strategisamtal' })
      .waitFor();
    await page.waitForURL(/tz=Asia%2FTokyo/);
    await page.getByText('Tiderna visas i').filter({ hasText: '(Asia/Tokyo)' }).waitFor();
    const first = times(page).first();
    const start = (await first.getAttribute('value'))!;
    const tokyo = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(start));
    expect(await first.locator('xpath=..').textContent()).toContain(tokyo);
    expect(await accessibilityViolations(page)).toEqual([]);
    await first.check();
    await page.getByRole('button', { name: 'Boka den här tiden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ditt strategisamtal är bokat' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('gives a time chosen by two visitors at once to one, and offers the other the next', async () => {
    const [first, second] = await Promise.all([
      visitor({ javaScript: false }),
      visitor({ javaScript: false }),
    ]);
    await sendRequest(first, 'en');
    await sendRequest(second, 'en');
    for (const page of [first, second]) await times(page).first().waitFor();
    const start = await times(first).first().getAttribute('value');
    expect(await times(second).first().getAttribute('value')).toBe(start);
    await times(first).first().check();
    await times(second).first().check();
    await first.getByRole('button', { name: 'Book this time' }).click();
    await first.getByRole('heading', { level: 1, name: 'Your strategy call is booked' }).waitFor();
    await second.getByRole('button', { name: 'Book this time' }).click();
    await second
      .getByRole('alert')
      .filter({ hasText: /^That time is no longer free|^Sorry, that time was just taken/ })
      .waitFor();
    // The next free times, without the one taken.
    expect(await times(second).first().getAttribute('value')).not.toBe(start);
  });

  it('sends the visitor an invitation whose link opens the meeting page, which cancels the call', async () => {
    const page = await visitor({ javaScript: false });
    const email = await sendRequest(page, 'en');
    await times(page).first().check();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your strategy call is booked' }).waitFor();

    const invitation = await mailTo(email, (mail) => mail.icalEvent?.method === 'REQUEST');
    expect(invitation.subject).toMatch(/^Your free strategy call is booked: /);
    const link = /^(http\S+\/book-call\/meeting\/\S+)$/m.exec(invitation.text)?.[1];
    expect(link?.startsWith(`${site.url}/book-call/meeting/`)).toBe(true);

    // Opened from the mail, in another browser: the meeting page, without signing in.
    const fromMail = await visitor({ javaScript: false });
    await fromMail.goto(link!);
    await fromMail
      .getByRole('heading', { level: 1, name: 'Your strategy call is booked' })
      .waitFor();
    await fromMail.getByRole('button', { name: 'Cancel the call' }).click();
    await fromMail
      .getByRole('heading', { level: 1, name: 'Your strategy call is cancelled' })
      .waitFor();

    // The cancellation follows: the same event, cancelled.
    const cancellation = await mailTo(email, (mail) => mail.icalEvent?.method === 'CANCEL');
    const uid = (text: string) => /^UID:(.+)$/m.exec(text)?.[1]?.trim();
    expect(uid(cancellation.icalEvent!.content)).toBe(uid(invitation.icalEvent!.content));
    expect(cancellation.icalEvent!.content).toContain('SEQUENCE:1');
  });
});

interface OutboxMail {
  to: { address: string } | string;
  subject: string;
  text: string;
  icalEvent?: { method: string; content: string };
}

/** The site's delivered mail to `address` that `matches`, once its outbox drain wrote it. */
async function mailTo(address: string, matches: (mail: OutboxMail) => boolean) {
  const dir = path.join(site.dataDir, 'outbox');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.json'),
    );
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
      const to = typeof mail.to === 'string' ? mail.to : mail.to.address;
      if (to === address && matches(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No matching mail to ${address} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
