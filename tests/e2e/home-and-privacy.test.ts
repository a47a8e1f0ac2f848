// The home page and the privacy policy in a real browser and as server HTML: content before any
// script, the Learn More jump, calls to action, the policy's sections, date, language switch and
// Back button, no page errors, and no sideways scrolling at 320 px.
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '~/i18n/format.ts';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile();

const home = {
  en: {
    path: '/',
    headline: 'Fill Your Calendar With Quality Leads in 30 Days',
    services: [
      'Google Ads That Convert',
      'Social Media Ads That Get Noticed',
      'Email Marketing That Brings Customers Back',
    ],
    steps: [
      'We Understand Your Market',
      'We Launch and Manage Daily',
      'We Track and Optimize Results',
    ],
    bookCall: 'Book a Call',
    learnMore: 'Learn More',
    cta: 'Book Your Free Strategy Call',
    ctaPoints: ['No long-term contracts', 'Money-back guarantee', 'Results in 30 days'],
    bookCallPath: '/book-call',
  },
  sv: {
    path: '/sv',
    headline: 'Fyll din kalender med kvalitetsleads på 30 dagar',
    services: [
      'Google Ads som ger kunder',
      'Annonser i sociala medier som syns',
      'E-postmarknadsföring som får kunderna att komma tillbaka',
    ],
    steps: [
      'Vi sätter oss in i din marknad',
      'Vi lanserar och sköter kampanjerna varje dag',
      'Vi följer upp och optimerar resultaten',
    ],
    bookCall: 'Boka ett samtal',
    learnMore: 'Läs mer',
    cta: 'Boka ditt gratis strategisamtal',
    ctaPoints: ['Inga långa avtal', 'Pengarna tillbaka-garanti', 'Resultat på 30 dagar'],
    bookCallPath: '/sv/book-call',
  },
};

const privacy = {
  en: {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    sections: [
      'Who is responsible for your data',
      'Personal data we collect',
      'How we use your data',
      'Third-party services we use',
      'Cookies',
      'Legal bases for processing',
      'How long we keep your data',
      'Your rights under the GDPR',
      'Automated decisions and profiling',
      'How we protect your data',
      'Transfers outside the EU/EEA',
      'Children',
      'Changes to this policy',
      'Contact us',
      'Supervisory authority',
    ],
    switchLabel: 'Läs på svenska',
    back: 'Back',
  },
  sv: {
    path: '/sv/privacy-policy',
    heading: 'Integritetspolicy',
    sections: [
      'Vem som ansvarar för dina uppgifter',
      'Personuppgifter vi samlar in',
      'Hur vi använder dina uppgifter',
      'Tredjepartstjänster vi använder',
      'Cookies',
      'Rättslig grund för behandlingen',
      'Hur länge vi sparar dina uppgifter',
      'Dina rättigheter enligt GDPR',
      'Automatiserade beslut och profilering',
      'Så skyddar vi dina uppgifter',
      'Överföringar utanför EU/EES',
      'Barn',
      'Ändringar i policyn',
      'Kontakta oss',
      'Tillsynsmyndighet',
    ],
    switchLabel: 'Read in English',
    back: 'Tillbaka',
  },
};

const languages = ['en', 'sv'] as const;

async function serverHtml(path: string): Promise<string> {
  const response = await fetch(site.url + path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The text of every <h2> in the HTML, tags stripped, in order. */
function h2Texts(html: string): string[] {
  return [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map(([, inner]) =>
    inner!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''),
  );
}

/** Today as the policy shows it (the agency's time zone, the page's language). */
const todayIn = (language: 'en' | 'sv') => formatLongDate(new Date().toISOString(), language);

describe('the server-rendered HTML, without scripts', () => {
  for (const language of languages) {
    const t = home[language];
    it(`carries the whole ${language} home page`, async () => {
      const html = await serverHtml(t.path);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${t.headline}</h1>`));
      for (const text of [...t.services, ...t.steps, ...t.ctaPoints]) expect(html).toContain(text);
      expect(html).toMatch(/<section id="services"/);
      expect(html).toMatch(/<section id="process"/);
      expect(html).toContain(`href="#process"`);
      expect(html).toMatch(new RegExp(`<a [^>]*href="${t.bookCallPath}"[^>]*>${t.cta}</a>`));
      expect(html).toMatch(new RegExp(`<a [^>]*href="${t.bookCallPath}"[^>]*>${t.bookCall}</a>`));
    });

    const policy = privacy[language];
    it(`carries the ${language} privacy policy's fifteen sections and today's date`, async () => {
      const html = await serverHtml(policy.path);
      const numbered = policy.sections.map((heading, index) => `${index + 1}. ${heading}`);
      expect(h2Texts(html).filter((text) => /^\d+\. /.test(text))).toEqual(numbered);
      expect(html).toContain(todayIn(language));
    });
  }
});

describe('in the browser', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 800 } });

  it('Learn More brings the process section to the top of the window', async () => {
    const { page } = browsing;
    for (const language of languages) {
      const t = home[language];
      await gotoHydrated(page, site.url + t.path);
      const process = page.locator('#process');
      expect(
        await process.evaluate((element) => element.getBoundingClientRect().top),
      ).toBeGreaterThan(800);
      await page.getByRole('link', { name: t.learnMore, exact: true }).click();
      await page.waitForFunction(
        () => Math.abs(document.getElementById('process')!.getBoundingClientRect().top) < 2,
      );
      expect(await process.evaluate((element) => element === document.activeElement)).toBe(true);
      for (const step of t.steps) await process.getByRole('heading', { name: step }).waitFor();
    }
  });

  it('takes the Swedish final call to action to /sv/book-call', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/sv`);
    await page.getByRole('link', { name: 'Boka ditt gratis strategisamtal' }).click();
    await page.waitForURL(`${site.url}/sv/book-call`);
  });

  it('takes the English hero button to /book-call', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/`);
    await page.locator('.home-hero').getByRole('link', { name: 'Book a Call' }).click();
    await page.waitForURL(`${site.url}/book-call`);
  });

  it('shows the policy sections and today’s date in both languages, and switches to the twin', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/privacy-policy`);
    for (const [language, other] of [
      ['en', 'sv'],
      ['sv', 'en'],
    ] as const) {
      const policy = privacy[language];
      await page.getByRole('heading', { level: 1, name: policy.heading }).waitFor();
      const contents = page.getByRole('navigation', { name: /Contents|Innehåll/ });
      expect(await contents.getByRole('link').allTextContents()).toEqual(policy.sections);
      for (const [index, heading] of policy.sections.entries())
        await page.getByRole('heading', { level: 2, name: `${index + 1}. ${heading}` }).waitFor();
      expect(await page.locator('.privacy__updated time').textContent()).toBe(todayIn(language));

      await page.getByRole('link', { name: policy.switchLabel }).click();
      await page.waitForURL(site.url + privacy[other].path);
    }
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });

  it('jumps to a section from the contents', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/privacy-policy`);
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'How long we keep your data' })
      .click();
    await page.waitForURL(`${site.url}/privacy-policy#retention`);
    await page.waitForFunction(() => {
      const top = document.getElementById('retention')!.getBoundingClientRect().top;
      return top >= 0 && top < 100;
    });
  });

  it('Back returns to the page the visitor came from', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${site.url}/privacy-policy`);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('heading', { level: 1, name: home.en.headline }).waitFor();
  });

  it('Back returns to the previous page when both were opened by a full page load', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/blog`);
    await gotoHydrated(page, `${site.url}/privacy-policy`);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${site.url}/blog`);
  });

  it('Back goes to the Swedish home page in a fresh tab, with nothing to go back to', async () => {
    const { page, context } = browsing;
    await gotoHydrated(page, `${site.url}/sv`);
    // A link opened in a new tab: its history holds the policy alone.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(
        (url) => window.open(url, '_blank', 'noopener'),
        `${site.url}/sv/privacy-policy`,
      ),
    ]);
    await tab.waitForSelector('button.menu-button:not([disabled])', { state: 'attached' });
    expect(await tab.evaluate(() => window.history.length)).toBe(1);
    await tab.getByRole('button', { name: 'Tillbaka' }).click();
    await tab.waitForURL(`${site.url}/sv`);
    await tab.getByRole('heading', { level: 1, name: home.sv.headline }).waitFor();
  });
});

describe('on a 320 px screen', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 320, height: 640 } });

  it('no page scrolls sideways, and none reports an error', async () => {
    const { page } = browsing;
    for (const path of ['/', '/sv', '/privacy-policy', '/sv/privacy-policy']) {
      await gotoHydrated(page, site.url + path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(320);
    }
    // pagePerTest fails the test if any of these pages logged an error.
  });
});
