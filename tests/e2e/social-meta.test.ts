// Share tags and structured data in the server HTML of the built site, with SITE_URL set: every
// public page in both languages has Open Graph and Twitter tags with absolute URLs from SITE_URL,
// the home page describes the agency and a post describes itself and its breadcrumb trail as
// JSON-LD that parses, and a post title with markup can never close its script element.
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../support/site.ts';
import { sitePerFile } from '../support/site-and-browser.ts';

const siteUrl = 'https://agency.example';
const englishPost = 'google-business-profile-30-minute-tune-up';
const swedishPost = 'svara-snabbt-pa-forfragningar';
const hostile = {
  slug: 'script-i-rubriken',
  title: 'Rubrik </script><script>window.pwned=1</script> & "citat"',
  summary: 'En sammanfattning med <b>taggar</b>.',
  author: 'Anna Svensson',
  hero_image_url: 'https://images.example.com/hero.jpg',
};

const site = sitePerFile({ SEED_DEMO: 'true', SITE_URL: siteUrl });

interface Head {
  document: Document;
  html: string;
  /** Every content of the meta tags with this property or name. */
  meta(key: string): string[];
  /** The page's JSON-LD blocks, parsed. */
  jsonLd(): Array<Record<string, unknown>>;
}

async function head(path: string): Promise<Head> {
  const response = await fetch(site.url + path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  return {
    document,
    html,
    meta: (key) =>
      Array.from(
        document.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`),
        (tag) => tag.getAttribute('content') ?? '',
      ),
    jsonLd: () =>
      Array.from(
        document.querySelectorAll('script[type="application/ld+json"]'),
        (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
      ),
  };
}

async function publishHostilePost() {
  const client = await signedInAdmin(site);
  const now = new Date().toISOString();
  const { error } = await client.from('blog_posts').insert({
    ...hostile,
    content: 'Brödtext.',
    is_published: true,
    language: 'swedish',
    published_date: now,
    created_at: now,
    updated_at: now,
  });
  if (error) throw error;
  await client.auth.signOut();
}

beforeAll(async () => {
  await publishHostilePost();
});

const publicPages = [
  '/',
  '/sv',
  '/blog',
  '/sv/blog',
  '/book-call',
  '/sv/book-call',
  '/book-call/thank-you',
  '/newsletter',
  '/sv/newsletter/thank-you',
  '/newsletter/almost-there',
  '/privacy-policy',
  '/sv/privacy-policy',
  '/free-meta-ads-guide',
  `/blog/${englishPost}`,
  `/sv/blog/${swedishPost}`,
];

describe('share tags', () => {
  it.each(publicPages)(
    '%s has one of each Open Graph and Twitter tag, all absolute',
    async (path) => {
      const page = await head(path);
      const swedish = path === '/sv' || path.startsWith('/sv/');
      const post = path.includes('/blog/');
      const canonical = page.document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      // The thank-you pages stay out of search engines (no canonical link) but can still be shared.
      const noindex = /thank-you|almost-there/.test(path);
      expect(canonical).toBe(noindex ? undefined : siteUrl + path);
      const title = page.document.title;
      const description = page.document
        .querySelector('meta[name="description"]')
        ?.getAttribute('content');

      expect(page.meta('og:type')).toEqual([post ? 'article' : 'website']);
      expect(page.meta('og:title')).toEqual([title]);
      expect(page.meta('og:description')).toEqual([description]);
      expect(page.meta('og:url')).toEqual([siteUrl + path]);
      expect(page.meta('og:site_name')).toEqual(['Nordic Lead Agency']);
      expect(page.meta('og:locale')).toEqual([swedish ? 'sv_SE' : 'en_US']);
      if (!post) expect(page.meta('og:locale:alternate')).toEqual([swedish ? 'en_US' : 'sv_SE']);
      expect(page.meta('twitter:card')).toEqual(['summary_large_image']);
      expect(page.meta('twitter:title')).toEqual([title]);
      expect(page.meta('twitter:description')).toEqual([description]);

      const [image] = page.meta('og:image');
      expect(page.meta('og:image')).toHaveLength(1);
      expect(page.meta('twitter:image')).toEqual([image]);
      expect(image).toBe(`${siteUrl}/og-default.png`);
      expect(page.meta('og:image:width')).toEqual(['1200']);
      expect(page.meta('og:image:height')).toEqual(['630']);
      expect(page.meta('og:image:alt')).toHaveLength(1);
      if (post) {
        expect(page.meta('article:published_time')).toHaveLength(1);
        expect(page.meta('article:author')).toHaveLength(1);
      }
    },
  );

  it('serves the default share image as a 1200×630 PNG', async () => {
    const response = await fetch(`${site.url}/og-default.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('shares a post with a hero image by that image, without the default’s dimensions', async () => {
    const page = await head(`/sv/blog/${hostile.slug}`);
    expect(page.meta('og:image')).toEqual([hostile.hero_image_url]);
    expect(page.meta('twitter:image')).toEqual([hostile.hero_image_url]);
    expect(page.meta('og:image:width')).toEqual([]);
    expect(page.meta('article:author')).toEqual([hostile.author]);
  });
});

describe('structured data', () => {
  it.each([
    ['/', `${siteUrl}/`, 'en'],
    ['/sv', `${siteUrl}/sv`, 'sv-SE'],
  ])('%s describes the agency as a ProfessionalService', async (path, url, inLanguage) => {
    const [agency, ...rest] = (await head(path)).jsonLd();
    expect(rest).toEqual([]);
    expect(agency).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: 'Nordic Lead Agency',
      url,
      logo: `${siteUrl}/og-default.png`,
      address: { '@type': 'PostalAddress', addressLocality: 'Stockholm', addressCountry: 'SE' },
      areaServed: { '@type': 'Country', name: 'Sweden' },
      sameAs: expect.arrayContaining([expect.stringMatching(/^https:\/\/www\.linkedin\.com\//)]),
      inLanguage,
    });
  });

  it.each([
    [`/blog/${englishPost}`, 'en', ['Home', 'Blog'], ''],
    [`/sv/blog/${swedishPost}`, 'sv-SE', ['Hem', 'Blogg'], '/sv'],
  ])('%s is a BlogPosting with a breadcrumb trail', async (path, inLanguage, names, prefix) => {
    const page = await head(path);
    const headline = page.document.querySelector('h1')?.textContent;
    const [posting, breadcrumbs] = page.jsonLd();
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline,
      datePublished: expect.any(String),
      dateModified: expect.any(String),
      author: { '@type': 'Organization' },
      publisher: { '@type': 'Organization', name: 'Nordic Lead Agency' },
      image: `${siteUrl}/og-default.png`,
      mainEntityOfPage: { '@id': siteUrl + path },
      inLanguage,
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: names[0], item: `${siteUrl}${prefix || '/'}` },
        { '@type': 'ListItem', position: 2, name: names[1], item: `${siteUrl}${prefix}/blog` },
        { '@type': 'ListItem', position: 3, name: headline, item: siteUrl + path },
      ],
    });
  });

  it('keeps a post title with markup inside its JSON-LD script', async () => {
    const page = await head(`/sv/blog/${hostile.slug}`);
    const [posting, breadcrumbs] = page.jsonLd();
    expect(posting).toMatchObject({
      headline: hostile.title,
      author: { '@type': 'Person', name: hostile.author },
      image: hostile.hero_image_url,
    });
    expect(breadcrumbs).toMatchObject({ itemListElement: [{}, {}, { name: hostile.title }] });
    expect(page.html).not.toContain('window.pwned=1</script>');
    expect(page.document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2);
  });
});
