// The blog in a real browser against the demo posts: server-rendered lists per language, newest
// first, drafts left out; a card leads to its post with the Markdown body and the call to action;
// unknown and other-language slugs answer 404 in the language of the path.
// Long because its pages share one site with the demo posts and the drafts saved before them:
// another file would start another site in the serial browser run.
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated, pagePerTest } from '../support/browser.ts';
import { SITE_ADMIN_EMAIL, SITE_ADMIN_PASSWORD } from '../support/site.ts';
import { siteAndBrowserPerFile } from '../support/site-and-browser.ts';

/** The demo posts (supabase/seed.sql), newest first. */
const englishTitles = [
  'The 3-Email Welcome Sequence That Turns Sign-Ups Into Booked Jobs',
  'Meta Ads for Service Businesses: Lead Forms or Landing Pages?',
  'Local Search Ads: Stop Paying for the Wrong Clicks',
  'Google Business Profile: The 30-Minute Tune-Up That Brings In Calls',
];
const swedishTitles = [
  'Svara snabbt – den billigaste marknadsföringen du har',
  'Facebookannonser för hantverkare: visa jobbet, inte loggan',
  'Så får du fler recensioner på Google – utan att tjata',
];
const englishPost = {
  slug: 'local-search-ads-negative-keywords-call-assets',
  title: 'Local Search Ads: Stop Paying for the Wrong Clicks',
};
const swedishPost = {
  slug: 'svara-snabbt-pa-forfragningar',
  title: 'Svara snabbt – den billigaste marknadsföringen du har',
};
const drafts = {
  english: 'Draft: English Post Nobody May See Yet',
  swedish: 'Utkast: svenskt inlägg som ingen får se än',
};

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'true' });

/** A draft in each language, saved by the administrator as the blog manager does. */
async function saveDrafts() {
  const client = createClient(site.url, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error: signInError } = await client.auth.signInWithPassword({
    email: SITE_ADMIN_EMAIL,
    password: SITE_ADMIN_PASSWORD,
  });
  if (signInError) throw signInError;
  const now = new Date().toISOString();
  const { error } = await client.from('blog_posts').insert(
    (['english', 'swedish'] as const).map((language) => ({
      slug: `draft-${language}`,
      title: drafts[language],
      summary: 'Not published.',
      content: 'Not published.',
      author: 'Nordic Lead Agency Team',
      is_published: false,
      language,
      published_date: null,
      created_at: now,
      updated_at: now,
    })),
  );
  if (error) throw error;
  await client.auth.signOut();
}

beforeAll(async () => {
  await saveDrafts();
});

/** The card titles of a list page's markup, in order. */
function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h2 class="post-card__title"><a [^>]*>([^<]*)<\/a><\/h2>/g)].map(
    (match) => decodeEntities(match[1]!),
  );
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('the server-rendered HTML', () => {
  it.each([
    {
      language: 'English',
      path: '/blog',
      lang: 'en',
      heading: 'Marketing Insights &amp; Tips',
      titles: englishTitles,
      href: '/blog/local-search-ads-negative-keywords-call-assets',
      readingTime: 'min read',
      twin: '/sv/blog',
      others: swedishTitles,
    },
    {
      language: 'Swedish',
      path: '/sv/blog',
      lang: 'sv',
      heading: 'Marknadsföringsinsikter &amp; tips',
      titles: swedishTitles,
      href: '/sv/blog/svara-snabbt-pa-forfragningar',
      readingTime: 'min läsning',
      twin: '/blog',
      others: englishTitles,
    },
  ])('lists the published $language posts only on $path, newest first', async (list) => {
    const response = await fetch(`${site.url}${list.path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${list.lang}"`);
    expect(html).toContain(`<h1>${list.heading}</h1>`);
    expect(cardTitles(html)).toEqual(list.titles);
    expect(html).toContain(`href="${list.href}"`);
    expect(html).toContain(list.readingTime);
    // The list has a twin in the other language (unlike a post).
    expect(html).toMatch(new RegExp(`<link rel="alternate" [^>]*href="[^"]*${list.twin}"`));
    for (const title of [...list.others, drafts.english, drafts.swedish])
      expect(html).not.toContain(title);
  });

  it('carries the whole post: title, body with its table, CTA and its own meta', async () => {
    const response = await fetch(`${site.url}/blog/${englishPost.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 class="blog-post__title">${englishPost.title}</h1>`);
    expect(html).toContain('<table>');
    expect(html).toContain('Find new ones in the search terms report');
    expect(html).toContain('Ready to Grow Your Business?');
    expect(html).toContain(`<title>${englishPost.title} | Nordic Lead Agency</title>`);
    expect(html).toContain('<meta name="description" content="Negative keywords, call assets');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/blog/${englishPost.slug}"`));
    // A post exists in one language: no hreflang twin (its feed link is rel="alternate" too).
    expect(html).not.toMatch(/<link rel="alternate"[^>]*hrefLang/i);
  });

  it('answers 404 with the localized not-found page for unknown slugs', async () => {
    const english = await fetch(`${site.url}/blog/no-such-post`);
    expect(english.status).toBe(404);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<h1>Blog post not found</h1>');
    expect(englishHtml).toContain('<meta name="robots" content="noindex"');

    const swedish = await fetch(`${site.url}/sv/blog/no-such-post`);
    expect(swedish.status).toBe(404);
    const swedishHtml = await swedish.text();
    expect(swedishHtml).toContain('<h1>Blogginlägget hittades inte</h1>');
    expect(swedishHtml).toContain('Blogginlägget du letar efter finns inte eller har tagits bort.');
  });

  it('finds a post only under its own language and never a draft', async () => {
    for (const path of [
      `/blog/${swedishPost.slug}`,
      `/sv/blog/${englishPost.slug}`,
      '/blog/draft-english',
      '/sv/blog/draft-swedish',
    ]) {
      const response = await fetch(site.url + path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('in the browser', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 1280, height: 800 } });

  it('opens an English post from its card, with its Markdown and the call to action', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/blog`);
    await page.getByRole('link', { name: englishPost.title, exact: true }).click();
    await page.waitForURL(`${site.url}/blog/${englishPost.slug}`);
    await page.getByRole('heading', { level: 1, name: englishPost.title }).waitFor();
    expect(await page.title()).toBe(`${englishPost.title} | Nordic Lead Agency`);

    const article = page.getByRole('article');
    await article.getByRole('table').waitFor();
    expect(await article.getByRole('columnheader').allTextContents()).toEqual([
      'Negative keywords',
      'What they filter out',
    ]);
    expect(await article.locator('.markdown ol > li').count()).toBeGreaterThan(0);
    expect(await article.locator('.markdown ul > li').count()).toBeGreaterThan(0);
    await article.getByRole('heading', { level: 2, name: /Negative keywords/ }).waitFor();

    const external = article.getByRole('link', { name: 'negative keywords', exact: true });
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');

    const cta = page.getByRole('complementary', { name: 'Ready to Grow Your Business?' });
    const book = cta.getByRole('link', { name: 'Book Your Free Strategy Call' });
    expect(await book.getAttribute('href')).toBe('/book-call');

    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(`${site.url}/blog`);
    await page.getByRole('heading', { level: 1, name: 'Marketing Insights & Tips' }).waitFor();
  });

  it('takes the language toggle on a post to the other language’s blog list, not a 404', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/sv/blog/${swedishPost.slug}`);
    await page.getByRole('link', { name: 'EN', exact: true }).click();
    await page.waitForURL(`${site.url}/blog`);
    await page.getByRole('heading', { level: 1, name: 'Marketing Insights & Tips' }).waitFor();
  });

  it('stays under /sv/blog in Swedish, from the list to a post and back', async () => {
    const { page } = browsing;
    await gotoHydrated(page, `${site.url}/sv/blog`);
    await page.getByRole('link', { name: swedishPost.title, exact: true }).click();
    await page.waitForURL(`${site.url}/sv/blog/${swedishPost.slug}`);
    await page.getByRole('heading', { level: 1, name: swedishPost.title }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    await page.getByRole('article').getByRole('table').waitFor();
    expect(await page.getByRole('article').textContent()).toContain('min läsning');

    const cta = page.getByRole('complementary', { name: 'Redo att växa ditt företag?' });
    const book = cta.getByRole('link', { name: 'Boka ditt gratis strategisamtal' });
    expect(await book.getAttribute('href')).toBe('/sv/book-call');

    await page.getByRole('link', { name: 'Tillbaka till bloggen' }).click();
    await page.waitForURL(`${site.url}/sv/blog`);
    await page.getByRole('heading', { level: 1, name: 'Marknadsföringsinsikter & tips' }).waitFor();
  });

  it('shows the post spinner while the clicked post loads, in a visit that runs React (from sign-in)', async () => {
    const { page } = browsing;
    // Public pages load no React of their own; a visit that began on the sign-in page navigates
    // inside the app, and there the loading state shows.
    await gotoHydrated(page, `${site.url}/login`);
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await page.waitForURL(`${site.url}/blog`);
    await page.getByRole('heading', { level: 1, name: 'Marketing Insights & Tips' }).waitFor();
    // Hold the post's data request until the spinner has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith(`/blog/${englishPost.slug}`),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole('link', { name: englishPost.title, exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Loading blog post...' }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: englishPost.title }).waitFor();
    expect(await page.getByRole('status').count()).toBe(0);
  });

  it('shows the not-found page with a way back in both languages', async () => {
    const { page } = browsing;
    const english = await page.goto(`${site.url}/blog/no-such-post`);
    expect(english?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Blog post not found' }).waitFor();
    await page
      .getByText("The blog post you're looking for doesn't exist or has been removed.")
      .waitFor();
    expect(await page.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe(
      '/blog',
    );

    const swedish = await page.goto(`${site.url}/sv/blog/no-such-post`);
    expect(swedish?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Blogginlägget hittades inte' }).waitFor();
    await page
      .getByText('Blogginlägget du letar efter finns inte eller har tagits bort.')
      .waitFor();
    await page.locator('button.menu-button:not([disabled])').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Tillbaka till bloggen' }).click();
    await page.waitForURL(`${site.url}/sv/blog`);
    await page.getByRole('heading', { level: 1, name: 'Marknadsföringsinsikter & tips' }).waitFor();
  });

  it('keeps a post with a table within a 320 px screen', async () => {
    const { page } = browsing;
    await page.setViewportSize({ width: 320, height: 640 });
    await gotoHydrated(page, `${site.url}/blog/meta-lead-forms-vs-landing-pages`);
    await page.getByRole('article').getByRole('table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    // The table scrolls in its own box, which shows it: shadows at the edges, moving with it.
    const box = await page
      .locator('.markdown__table')
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          scrolls: element.scrollWidth > element.clientWidth,
          shadows: (style.backgroundImage.match(/gradient/g) ?? []).length,
          attachment: style.backgroundAttachment,
        };
      });
    expect(box).toEqual({
      scrolls: true,
      shadows: 4,
      attachment: 'local, local, scroll, scroll, scroll',
    });
  });
});

describe('Swedish headings on a phone', () => {
  const browsing = pagePerTest(() => browser, { viewport: { width: 320, height: 700 } });

  it.each(['/sv/blog', '/sv/blog/svara-snabbt-pa-forfragningar', '/sv'])(
    'on %s are Swedish and hyphenate (lang + hyphens: auto) rather than break mid-word',
    async (path) => {
      const { page } = browsing;
      await gotoHydrated(page, site.url + path);
      const headings = await page.locator('main :is(h1, h2, h3)').evaluateAll((elements) =>
        elements.map((element) => {
          const style = getComputedStyle(element);
          return {
            text: element.textContent,
            lang: element.closest('[lang]')?.getAttribute('lang'),
            hyphens: style.hyphens || style.getPropertyValue('-webkit-hyphens'),
          };
        }),
      );
      expect(headings.length).toBeGreaterThan(0);
      for (const heading of headings) {
        expect(heading, heading.text ?? '').toMatchObject({ lang: 'sv', hyphens: 'auto' });
      }
    },
  );
});
