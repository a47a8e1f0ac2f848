// Issue 18: the page cache answers an ad click's landing with the one copy of the page, whatever
// its click id, and the click's attribution still reaches the lead: without JavaScript through
// the first-party cookie set on the landing's answer, which the booking form reads; with
// JavaScript through the tab's record of the landing's address as well.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pagePerTest } from '../support/browser.ts';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([
    startSite({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const post = '/blog/three-email-welcome-sequence';
const fromMeta = 'https://l.facebook.com/';

async function storedLead(email: string) {
  const admin = await signedInAdmin(site);
  const { data, error } = await admin.from('consultations').select('*').eq('email', email);
  if (error) throw error;
  await admin.auth.signOut();
  return data;
}

for (const javaScriptEnabled of [false, true]) {
  describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    const browsing = pagePerTest(() => browser, {
      javaScriptEnabled,
      // A visitor of its own against the database's limit of leads per address.
      extraHTTPHeaders: {
        'X-Forwarded-For': javaScriptEnabled ? '198.51.100.61' : '198.51.100.62',
      },
    });

    it('stores an ad click’s campaign on the lead although its landing page came from the cache', async () => {
      const { page } = browsing;
      expect((await fetch(site.url + post)).status).toBe(200); // the post is in the cache now
      const clickId = `IwAR${Date.now()}${javaScriptEnabled ? 'js' : 'nojs'}`;
      const landing = `${post}?utm_source=meta&utm_medium=paid-social&utm_campaign=spring&fbclid=${clickId}`;
      const response = await page.goto(site.url + landing, { referer: fromMeta });
      if (javaScriptEnabled)
        await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
      expect(response?.status()).toBe(200);
      expect(await response?.headerValue('age')).not.toBeNull();
      expect(await page.content()).not.toContain(clickId);

      // On through the site as a visitor goes: the header's link to the booking form.
      await page.getByRole('link', { name: 'Book a Call' }).first().click();
      await page.waitForURL(`${site.url}/book-call`);
      const email = `ad.click.${javaScriptEnabled ? 'js' : 'nojs'}.${Date.now()}@example.se`;
      const field = (name: string) => page.getByRole('textbox', { name, exact: true });
      await field('Name').fill('Ad Click');
      await field('Email').fill(email);
      await field('Phone number').fill('070 333 44 55');
      await field('Company name').fill('Clicked AB');
      await field('What problems are you looking to solve?').fill(
        'We saw your ad and want more leads.',
      );
      await page
        .getByRole('combobox', { name: 'How did you find us?', exact: true })
        .selectOption({ label: 'Facebook' });
      await page.getByRole('button', { name: 'Book My Free Strategy Call' }).click();
      await page.waitForURL(`${site.url}/book-call/thank-you`);

      const rows = await storedLead(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        utm_source: 'meta',
        utm_medium: 'paid-social',
        utm_campaign: 'spring',
        landing_page: landing,
        ...(javaScriptEnabled ? {} : { referrer: fromMeta }),
      });
    });
  });
}
