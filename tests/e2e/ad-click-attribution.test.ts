// The page cache answers an ad click's landing with the one copy of the page, whatever
// its click id, and the click's attribution still reaches the lead once the visitor allows
// marketing: without JavaScript through the first-party cookie the consent post sets
// from the landing's address, which the booking form reads; with JavaScript through the tab's
// record of the landing's address as well. A visitor who rejects keeps no attribution.
import { describe, expect, it } from 'vitest';
import { pagePerTest } from '../support/browser.ts';
import { signedInAdmin } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0' });

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

    /** Lands from a Meta ad on the cached post, answers the banner, and books a call. */
    async function landAnswerAndBook(answer: 'Accept all' | 'Reject all') {
      const { page } = browsing;
      expect((await fetch(site.url + post)).status).toBe(200); // the post is in the cache now
      const visitor = `${answer === 'Accept all' ? 'in' : 'out'}.${javaScriptEnabled ? 'js' : 'nojs'}`;
      const clickId = `IwAR${Date.now()}${visitor}`;
      const landing = `${post}?utm_source=meta&utm_medium=paid-social&utm_campaign=spring&fbclid=${clickId}`;
      const response = await page.goto(site.url + landing, { referer: fromMeta });
      if (javaScriptEnabled)
        await page.waitForSelector('html[data-enhanced]', { state: 'attached' });
      expect(response?.status()).toBe(200);
      expect(await response?.headerValue('age')).not.toBeNull();
      expect(await page.content()).not.toContain(clickId);
      // Nothing kept before consent.
      expect((await browsing.context.cookies()).map((cookie) => cookie.name)).toEqual([]);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByRole('button', { name: answer }).click();
      if (javaScriptEnabled) await banner.waitFor({ state: 'hidden' });
      else await page.waitForURL(site.url + post);

      // On through the site as a visitor goes: the header's link to the booking form.
      await page.getByRole('link', { name: 'Book a Call' }).first().click();
      await page.waitForURL(`${site.url}/book-call`);
      const email = `ad.click.${visitor}.${Date.now()}@example.se`;
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
      return { lead: rows[0]!, landing };
    }

    it('stores an ad click’s campaign on the lead once marketing is allowed on its cached landing page', async () => {
      const { lead, landing } = await landAnswerAndBook('Accept all');
      expect(lead).toMatchObject({
        utm_source: 'meta',
        utm_medium: 'paid-social',
        utm_campaign: 'spring',
        landing_page: landing,
      });
    });

    it('keeps nothing of the ad click for a visitor who rejects', async () => {
      const { lead } = await landAnswerAndBook('Reject all');
      expect(lead).toMatchObject({ utm_source: null, utm_campaign: null });
      expect(String(lead.landing_page)).not.toContain('fbclid');
      // Only necessary cookies: the choice, and the booking step's right to pick a time.
      expect((await browsing.context.cookies()).map((cookie) => cookie.name).sort()).toEqual([
        'booking_lead',
        'cookie_consent',
        'cookie_consent_id',
      ]);
    });
  });
}
