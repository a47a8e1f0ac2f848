// Booking in a real browser, at a phone's viewport: right after sending the booking form the
// visitor picks a day among every bookable one, then a time, with the book button right under the
// times, in their own time zone named in words (the agency's without JavaScript, with a way to
// change it); the meeting page moves the call and cancels it after asking, each state with its own
// title and the focus on each step's heading; in both languages, with and without JavaScript. Of
// two visitors who choose the same time, the second is told it was taken and offered the next
// ones; the invitation mail's link opens the meeting page. Axe runs in the pages with JavaScript
// (it cannot run in a page without), which render the same HTML.
// Long because one site serves every scenario of the file (the serial browser run starts one site
// per file), and the phone scenario walks every step in both languages with and without JavaScript.
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

/** The radio buttons of the chosen day's free times, in order. */
const times = (page: Page) => page.locator('input[type="radio"][name="start"]');

/** The text of the element that has the focus, once the page's autofocus has run. */
const focused = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));

const phone = { width: 390, height: 844 };

const languages = [
  {
    language: 'en' as const,
    zoneId: 'America/New_York',
    site: 'Nordic Lead Agency',
    thanks: 'Thank You for Your Interest!',
    pickHeading: 'Pick a time for your free strategy call',
    within24: 'We will contact you within 24 hours to find a time, or you can skip the wait',
    days: 'Choose a day',
    timesOn: 'Free times on ',
    agencyZone: 'Times are shown in Central European Standard Time (Stockholm).',
    ownZone: 'Times are shown in Eastern Standard Time (New York).',
    changeZone: 'Change time zone',
    zoneLabel: 'Time zone',
    showZone: 'Show times',
    helsinki: {
      option: 'Helsinki (UTC+02:00)',
      shown: 'Eastern European Standard Time (Helsinki)',
    },
    book: 'Book this time',
    move: 'Move to this time',
    cancel: 'Cancel the call',
    yesCancel: 'Yes, cancel the call',
    keep: 'No, keep the call',
    titles: {
      booked: 'Your strategy call is booked',
      moved: 'Your strategy call is moved',
      confirm: 'Cancel your strategy call?',
      cancelled: 'Your strategy call is cancelled',
    },
    movedNotice: 'Your call is moved. A new invitation is on its way.',
    cancelledNotice: 'The call is cancelled. We have told the team.',
  },
  {
    language: 'sv' as const,
    zoneId: 'Asia/Tokyo',
    site: 'Nordic Lead Agency',
    thanks: 'Tack för ditt intresse!',
    pickHeading: 'Välj en tid för ditt kostnadsfria strategisamtal',
    within24: 'Vi kontaktar dig inom 24 timmar för att hitta en tid, eller så slipper du vänta',
    days: 'Välj en dag',
    timesOn: 'Lediga tider ',
    agencyZone: 'Tiderna visas i centraleuropeisk normaltid (Stockholm).',
    ownZone: 'Tiderna visas i japansk normaltid (Tokyo).',
    changeZone: 'Byt tidszon',
    zoneLabel: 'Tidszon',
    showZone: 'Visa tider',
    helsinki: { option: 'Helsinki (UTC+02:00)', shown: 'östeuropeisk normaltid (Helsinki)' },
    book: 'Boka den här tiden',
    move: 'Flytta till den här tiden',
    cancel: 'Avboka samtalet',
    yesCancel: 'Ja, avboka samtalet',
    keep: 'Nej, behåll samtalet',
    titles: {
      booked: 'Ditt strategisamtal är bokat',
      moved: 'Ditt strategisamtal är flyttat',
      confirm: 'Avboka ditt strategisamtal?',
      cancelled: 'Ditt strategisamtal är avbokat',
    },
    movedNotice: 'Ditt samtal är flyttat. En ny inbjudan är på väg.',
    cancelledNotice: 'Samtalet är avbokat. Vi har meddelat teamet.',
  },
];

const modes = [{ javaScript: false }, { javaScript: true }];

describe.each(languages)('booking on a phone in $language', (t) => {
  describe.each(modes)('with JavaScript: $javaScript', ({ javaScript }) => {
    it('reaches every bookable day, books by the time picked, moves, and cancels after asking', async () => {
      const page = await visitor({ javaScript, ...(javaScript ? { timezoneId: t.zoneId } : {}) });
      await sendRequest(page, t.language);
      if (javaScript) await page.waitForURL(new RegExp(`tz=${encodeURIComponent(t.zoneId)}`));
      const title = async (heading: string) =>
        expect(await page.title()).toBe(`${heading} | ${t.site}`);

      // The thank-you page: its heading has the focus; the 24-hour promise and booking now fit.
      await page.getByRole('heading', { level: 1, name: t.thanks }).waitFor();
      await focused(page).toBe(t.thanks);
      await page.getByText(t.within24).waitFor();
      await page.getByRole('heading', { name: t.pickHeading }).waitFor();

      // The zone in words: the browser's with JavaScript, the agency's without; its list closed.
      await page.getByText(javaScript ? t.ownZone : t.agencyZone).waitFor();
      const zoneSelect = page.getByRole('combobox', { name: t.zoneLabel });
      expect(await zoneSelect.isVisible()).toBe(false);
      if (javaScript) expect(await accessibilityViolations(page)).toEqual([]);

      // Every day of the three weeks ahead is in the chooser; those with times are links.
      const chooser = page.getByRole('navigation', { name: t.days });
      expect(await chooser.getByRole('listitem').count()).toBeGreaterThanOrEqual(21);
      const dayLinks = chooser.getByRole('link');
      const bookable = await dayLinks.count();
      expect(bookable).toBeGreaterThan(5);
      const lastDay = dayLinks.last();
      const lastDayHref = new URL((await lastDay.getAttribute('href'))!, page.url());
      const lastLabel = new Intl.DateTimeFormat(t.language === 'sv' ? 'sv-SE' : 'en-GB', {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
      }).format(Date.parse(lastDayHref.searchParams.get('day')!));
      const firstDayHref = new URL((await dayLinks.first().getAttribute('href'))!, page.url());
      const daysApart =
        (Date.parse(lastDayHref.searchParams.get('day')!) -
          Date.parse(firstDayHref.searchParams.get('day')!)) /
        86_400_000;
      expect(daysApart).toBeGreaterThanOrEqual(14);

      // Choosing the last day shows its times, with the focus on them.
      await lastDay.click();
      const timesHeading = `${t.timesOn}${lastLabel}`;
      await page.getByRole('heading', { name: timesHeading }).waitFor();
      await focused(page).toBe(timesHeading);
      // The chosen day is marked as the current one (aria-current), which no role query reads.
      expect(await chooser.locator('a[aria-current]').textContent()).toContain(lastLabel);

      // The book button is within one screen of the time picked, even the day's last.
      const pick = times(page).last();
      const start = (await pick.getAttribute('value'))!;
      await pick.check();
      const book = page.getByRole('button', { name: t.book });
      const [picked, button] = [(await pick.boundingBox())!, (await book.boundingBox())!];
      expect(button.y + button.height - picked.y).toBeLessThan(phone.height);
      await book.click();

      await page.getByRole('heading', { level: 1, name: t.titles.booked }).waitFor();
      await focused(page).toBe(t.titles.booked);
      await title(t.titles.booked);
      const admin = await signedInAdmin(site);
      const active = async () =>
        (await admin.from('meetings').select('starts_at').eq('status', 'active')).data!.map((m) =>
          new Date(m.starts_at).toISOString(),
        );
      expect(await active()).toContain(start);
      if (javaScript) expect(await accessibilityViolations(page)).toEqual([]);

      // Move: the first day's first time, by the button under it.
      await page.getByRole('navigation', { name: t.days }).getByRole('link').first().click();
      await focused(page).toMatch(new RegExp(`^${t.timesOn}`));
      const later = times(page).first();
      const laterStart = (await later.getAttribute('value'))!;
      await later.check();
      await page.getByRole('button', { name: t.move }).click();
      await page.getByRole('heading', { level: 1, name: t.titles.moved }).waitFor();
      await page.getByText(t.movedNotice).waitFor();
      await focused(page).toBe(t.titles.moved);
      await title(t.titles.moved);
      expect(await active()).toContain(laterStart);
      expect(await active()).not.toContain(start);
      // The calendar file names the moved time.
      const meetingPath = new URL(page.url()).pathname;
      const ics = async () => (await fetch(`${site.url}${meetingPath}/invite.ics`)).text();
      expect(await ics()).toContain(
        `DTSTART:${laterStart.replace(/[-:]/g, '').replace('.000', '')}`,
      );

      // Cancel asks first; keeping it changes nothing.
      await page.getByRole('link', { name: t.cancel }).click();
      await page.getByRole('heading', { level: 1, name: t.titles.confirm }).waitFor();
      await focused(page).toBe(t.titles.confirm);
      await title(t.titles.confirm);
      if (javaScript) expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('link', { name: t.keep }).click();
      await page.getByRole('heading', { level: 1, name: t.titles.booked }).waitFor();
      expect(await active()).toContain(laterStart);
      await page.getByRole('link', { name: t.cancel }).click();
      await page.getByRole('button', { name: t.yesCancel }).click();
      await page.getByRole('heading', { level: 1, name: t.titles.cancelled }).waitFor();
      await page.getByText(t.cancelledNotice).waitFor();
      await focused(page).toBe(t.titles.cancelled);
      await title(t.titles.cancelled);
      expect(await active()).not.toContain(laterStart);
      expect(await ics()).toContain('METHOD:CANCEL');
      // A reload repeats nothing and says nothing twice.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: t.titles.cancelled }).waitFor();

      // Book again, in another zone chosen from the likely ones, the day kept.
      await page.getByText(t.changeZone).click();
      await page.getByRole('combobox', { name: t.zoneLabel }).selectOption({
        label: t.helsinki.option,
      });
      await page.getByRole('button', { name: t.showZone }).click();
      await page.getByText(t.helsinki.shown).waitFor();
      await focused(page).toMatch(new RegExp(`^${t.timesOn}`));
      await times(page).first().check();
      await page.getByRole('button', { name: t.book }).click();
      await page.getByRole('heading', { level: 1, name: t.titles.booked }).waitFor();
      await page.getByText(t.helsinki.shown.split(' (')[0]!).first().waitFor();

      // Back on the thank-you page, a booked lead is sent to its meeting.
      await page.goto(`${site.url}${t.language === 'sv' ? '/sv' : ''}/book-call/thank-you`);
      await page.getByRole('heading', { level: 1, name: t.titles.booked }).waitFor();
    });
  });
});

describe('booking the strategy call', () => {
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
    await fromMail.getByRole('link', { name: 'Cancel the call' }).click();
    await fromMail.getByRole('button', { name: 'Yes, cancel the call' }).click();
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
