// Availability in a real browser: the administrator sets when visitors can book (weekly hours, the
// meeting's length, notice, closed days) in /admin/availability, checked beside each field; the
// thank-you step then offers exactly those times; and the private calendar feed lists the booked
// calls until its address is replaced.
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { pagePerTest, signInThroughForm } from '../support/browser.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ FORM_MIN_FILL_SECONDS: '0' });

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

async function openAvailability(page: Page): Promise<void> {
  await signInThroughForm(page, site.url);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Availability' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Availability' }).waitFor();
  await page.getByRole('button', { name: 'Save availability' }).waitFor();
}

/** Sends the booking form without JavaScript and answers the thank-you page. */
async function requestACall(): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.url}/book-call`);
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Name').fill('Kalle Anka');
  await field('Email').fill(`kalle.${Date.now()}@example.se`);
  await field('Phone number').fill('070-123 45 67');
  await field('Company name').fill('Anka AB');
  await field('What problems are you looking to solve?').fill(
    'We need more customers for the summer season.',
  );
  await page.getByRole('combobox', { name: 'How did you find us?' }).selectOption('Google');
  await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
  await page.waitForURL(/\/book-call\/thank-you/);
  return page;
}

describe('/admin/availability', () => {
  it('checks each field, saves the hours, and the visitors are offered exactly those times', async () => {
    const { page } = browsing;
    await openAvailability(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Close Tuesday to Friday; Monday 10:00-11:00 only.
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await page.getByRole('button', { name: `Remove 09:00–17:00 on ${day}` }).click();
    }
    const monday = page.getByRole('group', { name: 'Monday' });
    await monday.getByLabel('From').fill('10:00');
    await monday.getByLabel('To').fill('11:00');
    // Two overlapping openings and a link without https are refused beside their fields.
    await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
    await page.getByLabel('Video meeting link (optional)').fill('meet.example.com/room');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByText('Some fields need attention.').waitFor();
    await monday.getByText('Openings on one day must not overlap.').waitFor();
    expect(
      await page.getByLabel('Video meeting link (optional)').getAttribute('aria-invalid'),
    ).toBe('true');
    expect(await accessibilityViolations(page)).toEqual([]);

    await monday.getByRole('button', { name: 'Remove 09:00–17:00 on Monday' }).click();
    await page.getByLabel('Video meeting link (optional)').fill('https://meet.example.com/agency');
    await page.getByLabel('Minimum notice (hours)').fill('0');
    await page.getByLabel('Bookable days ahead').fill('15');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByText('Availability saved. Visitors see the new times at once.').waitFor();

    const visitor = await requestACall();
    const offered = await visitor
      .locator('input[name="start"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(offered.length).toBeGreaterThan(0);
    const stockholm = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Stockholm',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    });
    for (const start of offered) {
      expect(stockholm.format(new Date(start))).toMatch(/^Monday (10:00|10:30)$/);
    }
    await visitor.context().close();
  });

  it('lists the booked calls in a private calendar feed until the address is replaced', async () => {
    const visitor = await requestACall();
    await visitor.locator('input[name="start"]').first().check();
    await visitor.getByRole('button', { name: 'Book this time' }).click();
    await visitor
      .getByRole('heading', { level: 1, name: 'Your strategy call is booked' })
      .waitFor();
    await visitor.context().close();

    const { page } = browsing;
    await openAvailability(page);
    const address = page.getByLabel('Private calendar address');
    const feedUrl = (await address.inputValue()).replace(/^https?:\/\/[^/]+/, site.url);
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const summaries = calendar
      .getAllSubcomponents('vevent')
      .map((event) => event.getFirstPropertyValue('summary'));
    expect(summaries).toContain('Strategy call: Kalle Anka, Anka AB');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Make a new address' }).click();
    await page
      .getByText('A new address is ready. Subscribe to it again where you used the old one.')
      .waitFor();
    expect((await fetch(feedUrl)).status).toBe(404);
    const renewed = (await address.inputValue()).replace(/^https?:\/\/[^/]+/, site.url);
    expect(renewed).not.toBe(feedUrl);
    expect((await fetch(renewed)).status).toBe(200);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
