// The newsletter, confirmation-pending, newsletter thank-you and free guide pages in a real
// browser. The machine has no internet, so the provider's form never loads inside its frame: this
// is the "no network" case, in which everything else on the page must still be complete.
// Long because its pages share one site configured with the sign-up forms: another file would
// start another site in the serial browser run.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const forms = {
  NEWSLETTER_ACCOUNT_ID: '424242',
  NEWSLETTER_FORM_ID_EN: '111111111111111111',
  NEWSLETTER_FORM_ID_SV: '222222222222222222',
  GUIDE_FORM_ID_EN: '333333333333333333',
  GUIDE_FORM_ID_SV: '444444444444444444',
};
const formUrl = (formId: string) =>
  `https://preview.mailerlite.io/forms/${forms.NEWSLETTER_ACCOUNT_ID}/${formId}/share`;

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true', ...forms });

/** The visitor allowed marketing: until then the frames wait behind a placeholder. */
const allowMarketing = (context: BrowserContext) =>
  context.addCookies([{ name: 'cookie_consent', value: 'marketing', url: site.url }]);

/** The page's HTML as the server sends it, with the few entities React writes decoded. */
async function serverHtml(path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.text())
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

/** Slugs of the newest published posts of a language, read through the public data API. */
async function newestSlugs(language: 'english' | 'swedish'): Promise<string[]> {
  const query = `select=slug&is_published=eq.true&language=eq.${language}&order=published_date.desc&limit=3`;
  const response = await fetch(`${site.url}/rest/v1/blog_posts?${query}`, {
    headers: { apikey: site.anonKey, authorization: `Bearer ${site.anonKey}` },
  });
  const rows = (await response.json()) as { slug: string }[];
  return rows.map((row) => row.slug);
}

const pages = [
  {
    path: '/newsletter',
    lang: 'en',
    texts: [
      '<h1>Join our Newsletter</h1>',
      'Weekly marketing tips',
      'The latest marketing news',
      'Exclusive offers and insights',
      'If the form does not show, please refresh the page.',
      `src="${formUrl(forms.NEWSLETTER_FORM_ID_EN)}"`,
      'title="Newsletter sign-up form"',
    ],
    otherLanguage: 'Gå med i vårt nyhetsbrev</h1>',
  },
  {
    path: '/sv/newsletter',
    lang: 'sv',
    texts: [
      '<h1>Gå med i vårt nyhetsbrev</h1>',
      'Veckovisa marknadsföringstips',
      'De senaste marknadsföringsnyheterna',
      'Exklusiva erbjudanden och insikter',
      'Om formuläret inte visas, vänligen ladda om sidan.',
      `src="${formUrl(forms.NEWSLETTER_FORM_ID_SV)}"`,
      'title="Anmälningsformulär för nyhetsbrevet"',
    ],
    otherLanguage: 'Weekly marketing tips',
  },
  {
    path: '/newsletter/almost-there',
    lang: 'en',
    texts: [
      "<h1>You're Almost There!</h1>",
      'within 5 minutes',
      'Check your spam',
      'to your contacts',
      'While You Wait: Latest Marketing Tips',
      'Read More',
      'Return to Homepage',
    ],
    otherLanguage: 'Du är nästan framme!',
  },
  {
    path: '/sv/newsletter/almost-there',
    lang: 'sv',
    texts: [
      '<h1>Du är nästan framme!</h1>',
      'inom 5 minuter',
      'skräppostmapp',
      'bland dina kontakter',
      'Medan du väntar: de senaste marknadsföringstipsen',
      'Läs mer',
      'Tillbaka till startsidan',
    ],
    otherLanguage: "You're Almost There!",
  },
  {
    path: '/newsletter/thank-you',
    lang: 'en',
    texts: [
      '<h1>Thank You for Subscribing!</h1>',
      'What comes next?',
      'Every week you get practical marketing tips',
      'href="/blog"',
      'href="/free-meta-ads-guide"',
      'Read More',
    ],
    otherLanguage: 'Tack för att du prenumererar!',
  },
  {
    path: '/sv/newsletter/thank-you',
    lang: 'sv',
    texts: [
      '<h1>Tack för att du prenumererar!</h1>',
      'Vad händer nu?',
      'Varje vecka får du praktiska marknadsföringstips',
      'href="/sv/blog"',
      'href="/sv/free-meta-ads-guide"',
      'Läs mer',
    ],
    otherLanguage: 'Thank You for Subscribing!',
  },
  {
    path: '/free-meta-ads-guide',
    lang: 'en',
    texts: [
      'Get Your FREE Meta Ads Guide',
      'What you will learn',
      'Why Meta Ads outperform other platforms',
      'How to attract clients cheaply',
      'Campaigns that produce steady leads',
      'Common costly mistakes',
      'Instant download',
      'No spam',
      'Free forever',
      'Get The Guide',
      'href="#get-the-guide"',
      'If the form does not show, please refresh the page.',
      `src="${formUrl(forms.GUIDE_FORM_ID_EN)}"`,
      'loading="lazy"',
    ],
    otherLanguage: 'Få din GRATIS Meta Ads Guide',
  },
  {
    path: '/sv/free-meta-ads-guide',
    lang: 'sv',
    texts: [
      'Få din GRATIS Meta Ads Guide',
      'Det här lär du dig',
      'Varför Meta Ads presterar bättre än andra plattformar',
      'Hur du lockar kunder till en låg kostnad',
      'Kampanjer som ger ett jämnt flöde av leads',
      'Vanliga och kostsamma misstag',
      'Direkt nedladdning',
      'Ingen spam',
      'Gratis för alltid',
      'Få guiden',
      'Om formuläret inte visas, vänligen ladda om sidan.',
      `src="${formUrl(forms.GUIDE_FORM_ID_SV)}"`,
    ],
    otherLanguage: 'Get Your FREE Meta Ads Guide',
  },
];

describe('the server-rendered HTML', () => {
  it.each(pages)('of $path has its heading and content in its language', async (page) => {
    const html = await serverHtml(page.path);
    expect(html).toContain(`<html lang="${page.lang}"`);
    for (const text of page.texts) expect(html, text).toContain(text);
    expect(html).not.toContain(page.otherLanguage);
  });

  it('gives the frames their 400 px minimum height and a name before any script runs, once marketing is allowed', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await allowMarketing(context);
      const page = await context.newPage();
      for (const path of ['/newsletter', '/sv/free-meta-ads-guide']) {
        await page.goto(site.url + path);
        const frame = page.locator('iframe.signup-frame__frame');
        expect(await frame.getAttribute('title'), path).toBeTruthy();
        expect(await frame.evaluate((element) => getComputedStyle(element).minHeight), path).toBe(
          '400px',
        );
        // As narrow as a phone, the frame keeps the minimum.
        await page.setViewportSize({ width: 320, height: 640 });
        expect((await frame.boundingBox())?.height).toBeGreaterThanOrEqual(400);
        await page.setViewportSize({ width: 1280, height: 720 });
      }
    } finally {
      await context.close();
    }
  });

  it('brings the frames in after the page has loaded, in the space kept for them', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      await allowMarketing(context);
      const page = await context.newPage();
      // Records when the page loaded and when a frame first appeared, and the slot's height then.
      await page.addInitScript(() => {
        const record: Record<string, number> = {};
        (window as unknown as { frameTimes: Record<string, number> }).frameTimes = record;
        addEventListener('load', () => (record.loaded = performance.now()));
        new MutationObserver(() => {
          const frame = document.querySelector('iframe.signup-frame__frame');
          if (!frame || record.inserted !== undefined) return;
          record.inserted = performance.now();
          record.slotHeight = frame.parentElement!.getBoundingClientRect().height;
        }).observe(document, { childList: true, subtree: true });
        document.addEventListener('DOMContentLoaded', () => {
          const slot = document.querySelector('.signup-frame__slot');
          if (slot) record.slotHeightBefore = slot.getBoundingClientRect().height;
        });
      });
      for (const path of ['/free-meta-ads-guide', '/sv/newsletter']) {
        await page.goto(site.url + path);
        const frame = page.locator('.signup-frame__slot > iframe.signup-frame__frame');
        await frame.waitFor({ state: 'attached' });
        const record = await page.evaluate(
          () => (window as unknown as { frameTimes: Record<string, number> }).frameTimes,
        );
        expect(record.inserted, path).toBeGreaterThan(record.loaded!);
        expect(record.slotHeightBefore, path).toBeGreaterThanOrEqual(400);
        expect(record.slotHeight, path).toBe(record.slotHeightBefore);
        expect(await frame.getAttribute('src'), path).toBe(
          formUrl(path.startsWith('/sv') ? forms.NEWSLETTER_FORM_ID_SV : forms.GUIDE_FORM_ID_EN),
        );
      }
    } finally {
      await context.close();
    }
  });

  it.each([
    ['/newsletter/almost-there', 'english', '/blog/'],
    ['/sv/newsletter/almost-there', 'swedish', '/sv/blog/'],
    ['/newsletter/thank-you', 'english', '/blog/'],
    ['/sv/newsletter/thank-you', 'swedish', '/sv/blog/'],
  ] as const)('of %s lists the 3 newest %s posts', async (path, language, prefix) => {
    const slugs = await newestSlugs(language);
    expect(slugs).toHaveLength(3);
    const html = await serverHtml(path);
    const linked = [...html.matchAll(/<a class="post-card__more"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(linked).toEqual(slugs.map((slug) => `${prefix}${slug}`));
  });
});

/**
 * Whether the form has been brought into view: the sign-up card starts at the top of the viewport
 * and its frame begins within the viewport (on a small screen the whole frame cannot fit).
 */
function formInView(): boolean {
  const card = document.getElementById('get-the-guide')!.getBoundingClientRect();
  const frame = document
    .querySelector('#get-the-guide .signup-frame__slot')!
    .getBoundingClientRect();
  return card.top >= 0 && card.top <= 40 && frame.top < window.innerHeight;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 320, height: 640 },
]) {
  describe(`in a browser ${viewport.width} px wide`, () => {
    const browsing = pagePerTest(() => browser, { viewport });

    it('renders every page fully, without horizontal scrolling, while the form cannot load', async () => {
      const { page } = browsing;
      for (const { path } of pages) {
        await gotoHydrated(page, `${site.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBe(0);
      }
    });

    it('scrolls the guide’s form into view with “Get The Guide” and moves the focus to it', async () => {
      const { page } = browsing;
      await gotoHydrated(page, `${site.url}/free-meta-ads-guide`);
      expect(await page.evaluate(formInView)).toBe(false);

      await page.getByRole('link', { name: 'Get The Guide' }).click();
      await page.waitForFunction(formInView);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('get-the-guide');
    });
  });
}

describe('in a browser', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 800 } });

  it.each([
    {
      language: 'Swedish',
      prefix: '/sv',
      stored: 'swedish',
      readMore: 'Läs mer',
      name: /^Läs mer/,
    },
    {
      language: 'English',
      prefix: '',
      stored: 'english',
      readMore: 'Read More',
      name: /^Read more/,
    },
  ] as const)(
    'lists the 3 newest $language posts with $readMore links on the $language almost-there page',
    async ({ prefix, stored, readMore, name }) => {
      const { page } = browsing;
      const slugs = await newestSlugs(stored);
      await gotoHydrated(page, `${site.url}${prefix}/newsletter/almost-there`);
      const links = page.getByRole('link', { name });
      expect(await links.count()).toBe(3);
      const hrefs = await links.evaluateAll((all) => all.map((l) => l.getAttribute('href')));
      expect(hrefs).toEqual(slugs.map((slug) => `${prefix}/blog/${slug}`));
      for (const text of await links.allTextContents()) expect(text).toContain(readMore);

      await links.first().click();
      await page.waitForURL(`${site.url}${prefix}/blog/${slugs[0]}`);
    },
  );

  it('loads a new frame with the other language’s form when the language changes', async () => {
    const { page, context } = browsing;
    await allowMarketing(context);
    await gotoHydrated(page, `${site.url}/free-meta-ads-guide`);
    await page.getByRole('link', { name: 'SV', exact: true }).click();
    await page.waitForURL(`${site.url}/sv/free-meta-ads-guide`);
    await page.getByRole('heading', { name: 'Få din GRATIS Meta Ads Guide' }).waitFor();
    expect(await page.locator('#get-the-guide iframe').getAttribute('src')).toBe(
      formUrl(forms.GUIDE_FORM_ID_SV),
    );

    await page.getByRole('link', { name: 'Gå med i vårt nyhetsbrev' }).first().click();
    await page.waitForURL(`${site.url}/sv/newsletter`);
    expect(await page.getByTitle('Anmälningsformulär för nyhetsbrevet').getAttribute('src')).toBe(
      formUrl(forms.NEWSLETTER_FORM_ID_SV),
    );
  });

  it('jumps to the guide’s form without animation for visitors who prefer reduced motion', async () => {
    const { page } = browsing;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, `${site.url}/sv/free-meta-ads-guide`);
    await page.getByRole('link', { name: 'Få guiden' }).click();
    // An instant jump: the form is in view as soon as the click has been handled.
    expect(await page.evaluate(formInView)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('get-the-guide');
  });
});

describe('without JavaScript', () => {
  it('“Get The Guide” is an in-page link to the form', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/free-meta-ads-guide`);
      await page.getByRole('link', { name: 'Get The Guide' }).click();
      await page.waitForURL(`${site.url}/free-meta-ads-guide#get-the-guide`);
      expect(await page.evaluate(formInView)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
