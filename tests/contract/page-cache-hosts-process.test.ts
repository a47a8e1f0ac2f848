// The page cache under a flood of made-up Host headers (and unique query strings, ad-click ids,
// odd spellings of an address and cookies no one set) from 20 outside addresses: the pages
// visitors ask for stay in the cache and keep answering 200 from it, with SITE_URL set (every
// Host gets the site's own copy) and without (only the few hosts in use keep copies). The cache is
// given 2 MiB (PAGE_CACHE_MB), and the flood runs until its answers would have filled that five
// times over had they been kept; the 32 MiB default takes it longer to fill, not more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodPages, getPage } from '../support/page-flood.ts';
import { startSite, type RunningSite } from '../support/site.ts';

const VISITOR = { 'x-forwarded-for': '198.51.100.40' };
const PAGES = ['/', '/newsletter', '/sv', '/sv/blog', '/blog/three-email-welcome-sequence'];
const CACHE_MB = 2;
/** The flood lasts until it has been answered this many bytes of pages. */
const FLOOD_BYTES = 5 * CACHE_MB * 1024 * 1024;

function runSite(env: Record<string, string>) {
  const running = { site: undefined as unknown as RunningSite };
  beforeAll(async () => {
    running.site = await startSite({ SEED_DEMO: 'true', PAGE_CACHE_MB: String(CACHE_MB), ...env });
  });
  afterAll(async () => running.site?.stop());
  return running;
}

async function floodThenProbe(site: RunningSite) {
  for (const path of PAGES) {
    expect((await getPage(site.url, path, VISITOR)).status, path).toBe(200);
    expect((await getPage(site.url, path, VISITOR)).age, path).not.toBeNull();
  }

  const flood = floodPages(site.url, 20);
  while (flood.pageBytes() < FLOOD_BYTES) await new Promise((resolve) => setTimeout(resolve, 50));
  // Asked for while the flood still runs, and not since it began.
  const answers = await Promise.all(PAGES.map((path) => getPage(site.url, path, VISITOR)));
  const statuses = await flood.stop();

  for (const [n, answer] of answers.entries()) {
    expect(answer.status, PAGES[n]).toBe(200);
    expect(answer.age, `${PAGES[n]} from the cache`).not.toBeNull();
  }
  // The flood was answered (a copy, a render, or a fast 503 over the render bound), never dropped.
  expect([...statuses.keys()].every((status) => [200, 503].includes(status))).toBe(true);
  expect(statuses.get(200)).toBeGreaterThan(0);
}

describe('a flood of made-up Host headers, with SITE_URL', () => {
  const running = runSite({ SITE_URL: 'https://agency.example' });

  it('leaves the pages visitors ask for in the cache, answering 200', async () => {
    await floodThenProbe(running.site);
  });

  it('answers any Host with the site’s own copy, which never shows that Host', async () => {
    const host = { ...VISITOR, host: 'poison.example' };
    const answer = await getPage(running.site.url, '/newsletter', host);
    expect(answer.status).toBe(200);
    expect(answer.age).not.toBeNull();
    expect(answer.body).not.toContain('poison.example');
    expect(answer.body).toContain('https://agency.example/newsletter');
  });
});

describe('a flood of made-up Host headers, without SITE_URL', () => {
  const running = runSite({});

  it('leaves the pages visitors ask for in the cache, answering 200', async () => {
    await floodThenProbe(running.site);
  });

  it('keeps no copy for a Host beyond the few in use', async () => {
    const host = { ...VISITOR, host: 'one-more.example' };
    const first = await getPage(running.site.url, '/newsletter', host);
    const second = await getPage(running.site.url, '/newsletter', host);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toContain('http://one-more.example/newsletter');
    expect(second.age).toBeNull();
  });
});
