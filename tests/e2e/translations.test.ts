// A post and its translation, in a real browser: the writer links a Swedish post to an
// English demo post in the blog manager; then each post's head names the other in hreflang
// (x-default the English one), the header's EN/SV toggle leads from one to the other with and
// without JavaScript, the sitemaps list them as alternates, and a translation turned back into a
// draft stops being named anywhere.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, pagePerTest, signInThroughForm } from '../support/browser.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const siteUrl = 'https://agency.example';
const english = {
  slug: 'google-business-profile-30-minute-tune-up',
  title: 'Google Business Profile: The 30-Minute Tune-Up That Brings In Calls',
};
const swedish = {
  title: 'Google-företagsprofilen på 30 minuter',
  slug: 'google-foretagsprofilen-pa-30-minuter',
};
const englishPath = `/blog/${english.slug}`;
const swedishPath = `/sv/blog/${swedish.slug}`;

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true', SITE_URL: siteUrl });

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

/** The hreflang → href alternates in a page's head. */
async function hreflangs(page: Page): Promise<Record<string, string | null>> {
  const links = await page.locator('head link[rel="alternate"][hreflang]').all();
  return Object.fromEntries(
    await Promise.all(
      links.map(async (link) => [
        await link.getAttribute('hreflang'),
        await link.getAttribute('href'),
      ]),
    ),
  );
}

const toggle = (page: Page, label: 'EN' | 'SV') =>
  page.getByRole('group', { name: /language|språk/i }).getByRole('link', { name: label });

/** A sitemap's <url> entry for `loc`, with its alternates, as text. */
async function sitemapEntry(language: 'en' | 'sv', loc: string): Promise<string | undefined> {
  const xml = await (await fetch(`${site.url}/sitemap-${language}.xml`)).text();
  return xml.split('<url>').find((entry) => entry.includes(`<loc>${loc}</loc>`));
}

describe('a post and its translation', () => {
  it('is linked in the blog manager, then named by both posts, their toggles and the sitemaps', async () => {
    const { page } = browsing;
    await signInThroughForm(page, site.url);
    await page.getByRole('button', { name: 'Create New Post' }).click();
    await page.getByRole('radio', { name: 'Swedish Blog' }).check();
    await page.getByLabel('Title', { exact: true }).fill(swedish.title);
    await page.getByLabel('Summary', { exact: true }).fill('Checklistan för kartan.');
    await page.getByLabel('Content (Markdown supported)').fill('Kartan ger fler samtal.');
    const translation = page.getByLabel('Translation (optional)');
    await translation.selectOption({ label: `${english.title} (${englishPath})` });
    await page.getByRole('button', { name: 'Create Post' }).click();
    const card = page.getByRole('article', { name: swedish.title, exact: true });
    await card.getByText(english.title).waitFor();
    await page
      .getByRole('article', { name: english.title, exact: true })
      .getByText(swedish.title)
      .waitFor();

    const expected = {
      en: `${siteUrl}${englishPath}`,
      sv: `${siteUrl}${swedishPath}`,
      'x-default': `${siteUrl}${englishPath}`,
    };
    await gotoHydrated(page, site.url + englishPath);
    expect(await hreflangs(page)).toEqual(expected);
    expect(await toggle(page, 'SV').getAttribute('href')).toBe(swedishPath);
    await toggle(page, 'SV').click();
    await page.waitForURL(site.url + swedishPath);
    await page.getByRole('heading', { level: 1, name: swedish.title }).waitFor();
    expect(await hreflangs(page)).toEqual(expected);
    await toggle(page, 'EN').click();
    await page.waitForURL(site.url + englishPath);
    await page.getByRole('heading', { level: 1, name: english.title }).waitFor();

    for (const [language, loc] of [
      ['en', expected.en],
      ['sv', expected.sv],
    ] as const) {
      const entry = await sitemapEntry(language, loc);
      expect(entry, `${language} sitemap`).toContain(
        `<xhtml:link rel="alternate" hreflang="sv" href="${expected.sv}"/>`,
      );
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${expected.en}"/>`);
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${expected.en}"/>`,
      );
    }
  });

  it('leads to the translation without JavaScript too', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(site.url + swedishPath);
      await toggle(page, 'EN').click();
      await page.waitForURL(site.url + englishPath);
      await page.getByRole('heading', { level: 1, name: english.title }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('stops naming a translation that went back to draft', async () => {
    const { page } = browsing;
    await signInThroughForm(page, site.url);
    await page.getByRole('button', { name: `Edit “${swedish.title}”` }).click();
    await page.getByRole('radio', { name: 'Draft' }).check();
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog Posts Management' }).waitFor();

    await gotoHydrated(page, site.url + englishPath);
    expect(await hreflangs(page)).toEqual({});
    expect(await toggle(page, 'SV').getAttribute('href')).toBe('/sv/blog');
    const entry = await sitemapEntry('en', `${siteUrl}${englishPath}`);
    expect(entry).toBeDefined();
    expect(entry).not.toContain('xhtml:link');
  });
});
