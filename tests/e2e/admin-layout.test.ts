// The admin's forms in a real browser, at a laptop's and a phone's width: every visible control
// one types into or chooses from is wide enough to read what it holds (a field left out of the
// shared styles shrank to a sliver beside the others), and the placeholder banner names what is
// still missing, links to its field, and goes once nothing is. The admin's dates, the blog's
// publication date among them, follow the zone saved in Availability. The admin is English only.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagePerTest } from '../support/browser.ts';
import { querySite } from '../support/site.ts';
import {
  signedInState,
  siteAndBrowserPerFile,
  type StorageState,
} from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false' });

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(browser, site.url);
});

/** Each admin form, and a control that shows once the page has loaded what it edits. */
const forms: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
  {
    path: '/admin',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Create New Post' }).click();
      await page.getByLabel(/Publication date/).waitFor();
    },
  },
  { path: '/admin/settings', ready: (page) => page.getByLabel('Phone (optional)').waitFor() },
  { path: '/admin/availability', ready: (page) => page.getByLabel('Your time zone').waitFor() },
  {
    path: '/admin/leads',
    ready: (page) => page.getByLabel('Search name, e-mail or company').waitFor(),
  },
  { path: '/admin/insights', ready: (page) => page.getByLabel('From').waitFor() },
  { path: '/admin/team', ready: (page) => page.getByLabel('E-mail address').first().waitFor() },
  {
    path: '/admin/account',
    ready: (page) => page.getByLabel('New password', { exact: true }).waitFor(),
  },
];

/**
 * Every visible control one types into or picks from, with its width, its field's width (where
 * it is an admin field's), and a name to report it by.
 */
function measureControls(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'main input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), main select, main textarea',
      ),
    ]
      .filter((control) => control.getClientRects().length > 0)
      .map((control) => {
        const field = control.closest('.admin-field');
        const label = control.id ? document.querySelector(`label[for="${control.id}"]`) : null;
        return {
          name:
            label?.textContent?.trim() ||
            control.getAttribute('aria-label') ||
            control.closest('label')?.textContent?.trim() ||
            control.getAttribute('name') ||
            control.outerHTML.slice(0, 80),
          width: Math.round(control.getBoundingClientRect().width),
          fieldWidth: field ? Math.round(field.getBoundingClientRect().width) : null,
        };
      }),
  );
}

describe.each([
  { device: 'a laptop', viewport: { width: 1280, height: 900 } },
  { device: 'a phone', viewport: { width: 390, height: 844 } },
])('the admin’s forms on $device', ({ viewport }) => {
  const browsing = pagePerTest(
    () => browser,
    () => ({ viewport, storageState: signedIn }),
  );

  it.each(forms)('$path: every control is wide enough to read', async ({ path, ready }) => {
    const { page } = browsing;
    await page.goto(`${site.url}${path}`);
    await ready(page);
    const controls = await measureControls(page);
    expect(controls.length).toBeGreaterThan(0);
    // An admin field's control spans its field; any other control (a filter, a period's day)
    // is at least 7.5rem, room for a date or a short search.
    const narrow = controls.filter(({ width, fieldWidth }) =>
      fieldWidth === null ? width < 120 : width < fieldWidth - 1,
    );
    expect(narrow).toEqual([]);
  });
});

describe('the placeholder banner', () => {
  const browsing = pagePerTest(
    () => browser,
    () => ({ viewport: { width: 1280, height: 900 }, storageState: signedIn }),
  );

  it('names what is missing, leads to it, turns to a note for the forms, and goes', async () => {
    const { page } = browsing;
    await page.goto(`${site.url}/admin/team`);
    const warning = page.getByRole('note').filter({ hasText: 'placeholder company details' });
    await warning.waitFor();
    const missing = warning.getByRole('list', { name: 'Settings still to fill in' });
    expect(await missing.getByRole('link').allTextContents()).toEqual([
      'Organisation number',
      'Street address',
      'Postal code',
      'City',
      'Contact e-mail',
    ]);
    // The link lands on the field itself, ready to type into.
    await missing.getByRole('link', { name: 'City' }).click();
    await page.waitForURL(`${site.url}/admin/settings#setting-city`);
    const city = page.getByLabel('City', { exact: true });
    await expect.poll(() => city.evaluate((field) => field === document.activeElement)).toBe(true);

    await page.getByLabel('Organisation number').fill('556036-0793');
    await page.getByLabel('Street address').fill('Storgatan 12');
    await page.getByLabel('Postal code').fill('411 38');
    await city.fill('Göteborg');
    await page.getByLabel('Contact e-mail').fill('hej@bergochlind.se');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. Every page now shows them.').waitFor();

    // Company details saved: no warning, only the note about the forms, naming each id.
    const note = page.getByRole('note');
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toContain('newsletter and guide pages');
    expect(await note.getByRole('link').allTextContents()).toEqual([
      'Account ID',
      'Newsletter form, English',
      'Newsletter form, Swedish',
      'Guide form, English',
      'Guide form, Swedish',
    ]);
    expect(await note.getAttribute('class')).toContain('admin-notice--info');

    await page.getByLabel('Account ID').fill('1234567');
    await page.getByLabel('Newsletter form, English').fill('111111');
    await page.getByLabel('Newsletter form, Swedish').fill('222222');
    await page.getByLabel('Guide form, English').fill('333333');
    await page.getByLabel('Guide form, Swedish').fill('444444');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved. Every page now shows them.').waitFor();
    await expect.poll(() => page.getByRole('note').count()).toBe(0);
    // And on every other admin page, from a fresh load.
    await page.goto(`${site.url}/admin/leads`);
    await page.getByLabel('Search name, e-mail or company').waitFor();
    expect(await page.getByRole('note').count()).toBe(0);
  });
});

describe('the admin’s dates', () => {
  const browsing = pagePerTest(
    () => browser,
    () => ({ viewport: { width: 1280, height: 900 }, storageState: signedIn }),
  );

  it('are written 24-hour in the zone the availability names, with the zone shown', async () => {
    await querySite(
      site,
      `insert into public.booking_settings (time_zone) values ('America/New_York')
       on conflict (id) do update set time_zone = excluded.time_zone`,
    );
    const { page } = browsing;
    await page.goto(`${site.url}/admin/team`);
    const table = page.getByRole('table', { name: /Members of the team/ });
    await table.waitFor();
    const lastSignIn = (await table.getByRole('row').nth(1).textContent()) ?? '';
    expect(lastSignIn).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, [0-2]\d:[0-5]\d GMT-[45](?!\d)/);
    expect(lastSignIn).not.toMatch(/\b(AM|PM)\b/);
  });

  it('put a blog post’s publication date on that zone’s clock, and store the moment it names', async () => {
    await querySite(
      site,
      `insert into public.booking_settings (time_zone) values ('America/New_York')
       on conflict (id) do update set time_zone = excluded.time_zone`,
    );
    const { page } = browsing;
    await page.goto(`${site.url}/admin`);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('New York hours');
    await page.getByLabel('Summary', { exact: true }).fill('On the agency’s clock.');
    await page.getByLabel(/^Content/).fill('Written in New York.');
    const date = page.getByLabel('Publication date (optional)');
    await page.getByText(/^New York time \(GMT-5\/GMT-4\)\. Leave it empty/).waitFor();
    await date.fill('2099-12-24T09:30');
    await page
      .getByText('Scheduled: the post appears on the blog on 24 Dec 2099, 09:30 GMT-5.')
      .waitFor();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.getByRole('article', { name: 'New York hours' }).waitFor();
    const [row] = await querySite<{ utc: string }>(
      site,
      `select to_char(published_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as utc
         from public.blog_posts where slug = 'new-york-hours'`,
    );
    expect(row?.utc).toBe('2099-12-24T14:30');
  });
});
