// robots.txt, the sitemaps and the feeds of the built site against the demo posts, with SITE_URL
// set: absolute URLs from it, every public page and exactly the published posts of each language
// (a draft saved by the administrator never shows), and the feed linked from the pages' heads.
import { createClient } from '@supabase/supabase-js';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../support/site.ts';
import { sitePerFile } from '../support/site-and-browser.ts';

const siteUrl = 'https://agency.example';
const xhtml = 'http://www.w3.org/1999/xhtml';
const atom = 'http://www.w3.org/2005/Atom';

/** A published Swedish post whose title and summary need escaping, and a draft in each language. */
const trickyPost = {
  slug: 'annonser-och-leads',
  title: 'Annonser & <leads> "för" små företag – så når du fler',
  summary: 'Räkna ut kostnad per lead & jämför <kanaler>.',
  author: "Åsa Öberg & O'Brien",
};
const draftSlugs = ['draft-english-seo', 'draft-swedish-seo'];

const site = sitePerFile({ SEED_DEMO: 'true', SITE_URL: siteUrl });
const { DOMParser } = new JSDOM('').window;

function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent ?? ''}`);
  return document;
}

const texts = (parent: Document | Element, name: string) =>
  Array.from(parent.getElementsByTagNameNS('*', name), (node) => node.textContent);

async function get(path: string) {
  const response = await fetch(site.url + path);
  return { response, body: await response.text() };
}

/** The administrator saves two drafts and publishes one Swedish post, as the blog manager does. */
async function savePosts() {
  const client = await signedInAdmin(site);
  const now = new Date().toISOString();
  const common = { content: 'Body.', created_at: now, updated_at: now };
  const { error } = await client.from('blog_posts').insert([
    {
      ...common,
      ...trickyPost,
      is_published: true,
      language: 'swedish',
      published_date: now,
    },
    ...(['english', 'swedish'] as const).map((language, index) => ({
      ...common,
      slug: draftSlugs[index] ?? '',
      title: `Draft ${language}`,
      summary: 'Not published.',
      author: 'Nordic Lead Agency Team',
      is_published: false,
      language,
      published_date: null,
    })),
  ]);
  if (error) throw error;
  await client.auth.signOut();
}

/** The published slugs of a language as the public API tells anyone, newest first. */
async function publishedSlugs(language: 'english' | 'swedish'): Promise<string[]> {
  const anon = createClient(site.url, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await anon
    .from('blog_posts')
    .select('slug')
    .eq('language', language)
    .order('published_date', { ascending: false });
  if (error) throw error;
  return data.map((row) => row.slug);
}

beforeAll(async () => {
  await savePosts();
});

describe('robots.txt', () => {
  it('allows the public site, keeps crawlers out of admin and sign-in, and names the sitemap', async () => {
    const { response, body } = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /login',
        'Sitemap: https://agency.example/sitemap.xml',
      ]),
    );
  });
});

describe('the sitemaps', () => {
  it('indexes one sitemap per language', async () => {
    const { response, body } = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const document = parseXml(body);
    expect(document.documentElement.localName).toBe('sitemapindex');
    expect(texts(document, 'loc')).toEqual([
      'https://agency.example/sitemap-en.xml',
      'https://agency.example/sitemap-sv.xml',
    ]);
  });

  for (const [language, prefix, postLanguage] of [
    ['en', '', 'english'],
    ['sv', '/sv', 'swedish'],
  ] as const) {
    it(`lists the ${language} pages with their twins, and exactly the published ${postLanguage} posts`, async () => {
      const { response, body } = await get(`/sitemap-${language}.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const urls = Array.from(parseXml(body).getElementsByTagName('url'));
      const locs = urls.map((url) => texts(url, 'loc')[0] ?? '');
      expect(locs.every((loc) => loc.startsWith(`${siteUrl}/`))).toBe(true);

      const pages = [
        '/',
        '/blog',
        '/newsletter',
        '/book-call',
        '/free-meta-ads-guide',
        '/privacy-policy',
      ];
      const pageUrl = (path: string, target: string) =>
        siteUrl + (target === 'sv' ? (path === '/' ? '/sv' : `/sv${path}`) : path);
      expect(locs.slice(0, pages.length)).toEqual(pages.map((path) => pageUrl(path, language)));
      for (const [index, path] of pages.entries()) {
        const links = Array.from(urls[index]?.getElementsByTagNameNS(xhtml, 'link') ?? []);
        expect(
          Object.fromEntries(
            links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
          ),
        ).toEqual({
          en: pageUrl(path, 'en'),
          sv: pageUrl(path, 'sv'),
          'x-default': pageUrl(path, 'en'),
        });
      }
      expect(locs.some((loc) => /thank-you|almost-there|admin|login/.test(loc))).toBe(false);

      const posts = urls.filter((url) => texts(url, 'loc')[0]?.includes('/blog/'));
      const published = await publishedSlugs(postLanguage);
      expect(published.length).toBeGreaterThan(0);
      expect(posts.map((url) => texts(url, 'loc')[0])).toEqual(
        published.map((slug) => `${siteUrl}${prefix}/blog/${slug}`),
      );
      for (const post of posts) {
        expect(texts(post, 'lastmod')[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(post.getElementsByTagNameNS(xhtml, 'link')).toHaveLength(0);
      }
      expect(body).not.toContain('draft-');
    });
  }

  it('answers 404 for a language the site does not have', async () => {
    const { response } = await get('/sitemap-de.xml');
    expect(response.status).toBe(404);
  });
});

describe('the feeds', () => {
  for (const [language, prefix, postLanguage, feedLanguage, title] of [
    ['en', '', 'english', 'en', 'Nordic Lead Agency – Marketing Insights & Tips'],
    ['sv', '/sv', 'swedish', 'sv-SE', 'Nordic Lead Agency – Marknadsföringsinsikter & tips'],
  ] as const) {
    it(`serves the ${language} blog as RSS 2.0 with its published posts, newest first`, async () => {
      const { response, body } = await get(`${prefix}/blog/rss.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      const document = parseXml(body);
      expect(document.documentElement.getAttribute('version')).toBe('2.0');
      const channel = document.getElementsByTagName('channel')[0];
      if (!channel) throw new Error('the feed has no channel');
      const own = (name: string) =>
        Array.from(channel.children).find((child) => child.tagName === name)?.textContent;
      expect(own('title')).toBe(title);
      expect(own('link')).toBe(`${siteUrl}${prefix}/blog`);
      expect(own('language')).toBe(feedLanguage);
      expect(document.getElementsByTagNameNS(atom, 'link')[0]?.getAttribute('href')).toBe(
        `${siteUrl}${prefix}/blog/rss.xml`,
      );

      const items = Array.from(document.getElementsByTagName('item'));
      const published = await publishedSlugs(postLanguage);
      expect(items.map((item) => texts(item, 'link')[0])).toEqual(
        published.map((slug) => `${siteUrl}${prefix}/blog/${slug}`),
      );
      for (const item of items) {
        const guid = item.getElementsByTagName('guid')[0];
        expect(guid?.getAttribute('isPermaLink')).toBe('true');
        expect(guid?.textContent).toBe(texts(item, 'link')[0]);
        expect(texts(item, 'pubDate')[0]).toMatch(
          /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
        );
        expect(texts(item, 'description')[0]).not.toBe('');
        expect(texts(item, 'creator')[0]).not.toBe('');
      }
      expect(body).not.toContain('draft-');
    });
  }

  it('keeps a Swedish title with &, <, quotes and å ä ö intact', async () => {
    const { body } = await get('/sv/blog/rss.xml');
    const [newest] = Array.from(parseXml(body).getElementsByTagName('item'));
    if (!newest) throw new Error('the feed has no items');
    expect(texts(newest, 'title')).toEqual([trickyPost.title]);
    expect(texts(newest, 'description')).toEqual([trickyPost.summary]);
    expect(texts(newest, 'creator')).toEqual([trickyPost.author]);
    expect(texts(newest, 'link')).toEqual([`${siteUrl}/sv/blog/${trickyPost.slug}`]);
  });

  it('is linked from the head of home, the blog list and a post, in the page language', async () => {
    const cases = [
      ['/', 'en'],
      ['/blog', 'en'],
      ['/sv', 'sv'],
      ['/sv/blog', 'sv'],
      [`/sv/blog/${trickyPost.slug}`, 'sv'],
    ] as const;
    for (const [path, language] of cases) {
      const { body } = await get(path);
      const head = new JSDOM(body).window.document.head;
      const links = Array.from(
        head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]'),
      );
      expect(links, path).toHaveLength(1);
      expect(links[0]?.getAttribute('href')).toBe(
        `${siteUrl}${language === 'sv' ? '/sv' : ''}/blog/rss.xml`,
      );
      expect(links[0]?.getAttribute('title')).toBe(
        language === 'sv'
          ? 'Nordic Lead Agency blogg (RSS, svenska)'
          : 'Nordic Lead Agency blog (RSS, English)',
      );
    }
    const { body } = await get('/book-call');
    expect(
      new JSDOM(body).window.document.head.querySelector('link[type="application/rss+xml"]'),
    ).toBeNull();
  });
});
