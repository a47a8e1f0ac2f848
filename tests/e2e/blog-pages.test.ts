// The blog list in pages: with more posts than a page holds, every post is still reached,
// newest first, 30 to a page, through links and rel=prev/next; a later page is its own canonical
// address with no twin, and a page that does not exist is the localized 404.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { signedInAdmin } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

const siteUrl = 'https://agency.example';
const POSTS = 35;

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false', SITE_URL: siteUrl });

/** Post n was published n days after 1 October 2026: the highest number is the newest. */
const title = (n: number) => `Post number ${n}`;

beforeAll(async () => {
  const admin = await signedInAdmin(site);
  const { error } = await admin.from('blog_posts').insert(
    Array.from({ length: POSTS }, (_, i) => {
      const n = i + 1;
      const published = new Date(Date.UTC(2026, 9, 1 + n, 8)).toISOString();
      return {
        slug: `post-number-${n}`,
        title: title(n),
        summary: `Summary ${n}.`,
        content: 'Body.',
        author: 'Nordic Lead Agency Team',
        is_published: true,
        language: 'english',
        published_date: published,
        created_at: published,
        updated_at: published,
      };
    }),
  );
  if (error) throw error;
});

const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 900 } });

const cardTitles = (page: Page) =>
  page.locator('.post-grid').getByRole('heading', { level: 2 }).allTextContents();

const head = (page: Page, selector: string, attribute = 'href') =>
  page
    .locator(`head ${selector}`)
    .evaluateAll(
      (elements, name) => elements.map((element) => element.getAttribute(name)),
      attribute,
    );

describe('the blog in pages', () => {
  it('shows the 30 newest posts first, and the rest on the next page, newest first', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/blog`);
    expect(await cardTitles(page)).toEqual(Array.from({ length: 30 }, (_, i) => title(POSTS - i)));
    expect(await head(page, 'link[rel="next"]')).toEqual([`${siteUrl}/blog?page=2`]);
    expect(await head(page, 'link[rel="prev"]')).toEqual([]);
    expect(await head(page, 'link[rel="canonical"]')).toEqual([`${siteUrl}/blog`]);

    await page.getByRole('link', { name: /Older posts/ }).click();
    await page.waitForURL(`${site.url}/blog?page=2`);
    await page.getByRole('heading', { level: 2, name: title(5) }).waitFor();
    expect(await cardTitles(page)).toEqual([5, 4, 3, 2, 1].map(title));
    expect(await page.title()).toBe('Marketing Insights & Tips – Page 2 | Nordic Lead Agency');
    expect(await head(page, 'link[rel="canonical"]')).toEqual([`${siteUrl}/blog?page=2`]);
    expect(await head(page, 'link[rel="prev"]')).toEqual([`${siteUrl}/blog`]);
    expect(await head(page, 'link[rel="next"]')).toEqual([]);
    expect(await head(page, 'link[rel="alternate"][hreflang]')).toEqual([]);
    expect(await page.getByRole('link', { name: 'SV', exact: true }).getAttribute('href')).toBe(
      '/sv/blog',
    );

    await page.getByRole('link', { name: /Newer posts/ }).click();
    await page.waitForURL(`${site.url}/blog`);
    await page.getByRole('heading', { level: 2, name: title(POSTS) }).waitFor();
    expect(await cardTitles(page)).toHaveLength(30);
  });

  it('serves the second page without JavaScript too', async () => {
    const response = await fetch(`${site.url}/blog?page=2`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Post number 5');
    expect(html).not.toContain('Post number 6<');
  });

  it.each(['/blog?page=3', '/blog?page=0', '/blog?page=two', '/sv/blog?page=2'])(
    'answers %s with the 404 page',
    async (path) => {
      const { page } = browsing;
      const response = await page.goto(site.url + path);
      expect(response?.status()).toBe(404);
      await page
        .getByRole('heading', {
          level: 1,
          name: path.startsWith('/sv') ? 'Sidan hittades inte' : 'Page not found',
        })
        .waitFor();
    },
  );
});
