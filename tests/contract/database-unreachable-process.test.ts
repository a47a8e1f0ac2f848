// The built server on a PostgreSQL (DATABASE_URL) that stops taking connections under it, as a
// hosted database does while it restarts or when it is full: the data API answers 503 PGRST001,
// which supabase-js retries; a page whose read still fails answers 503 with Retry-After, with the
// page's own failure text or its error page, is never kept, and logs one line, not a stack per
// request; signing in and the files answer 503 as well. Once the database takes connections
// again, the pages answer again.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '#shared/signed-token.ts';
import { createTestDatabase, testDatabaseUrl } from '../support/databases.ts';
import { startSite, type RunningSite } from '../support/site.ts';

let site: RunningSite;
let name: string;
let observer: pg.Client;
const FORM_SECRET = randomBytes(32).toString('base64url');
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  cleanups.push(database.drop);
  name = new URL(database.url).pathname.slice(1);
  observer = new pg.Client({ connectionString: testDatabaseUrl() });
  await observer.connect();
  cleanups.push(async () => {
    await observer.query(`alter database "${name}" allow_connections true`);
    await observer.end();
  });
  site = await startSite({
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    FORM_SECRET,
  });
  cleanups.push(() => site.stop());
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A session cookie skips the page cache: each request reads the database. */
const rendered = { cookie: 'sb-test-auth-token=none' };

const page = async (urlPath: string) => {
  const response = await fetch(site.url + urlPath, { headers: rendered });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    cacheControl: response.headers.get('cache-control'),
    text: await response.text(),
  };
};

describe('a database that takes no connections under a running site', () => {
  it('answers 503 with when to try again, logs one line, and answers again after', async () => {
    // Nothing read before: the site keeps what it read of the posts until they change.
    await observer.query(`alter database "${name}" allow_connections false`);
    await observer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [name],
    );
    const api = await fetch(`${site.url}/rest/v1/blog_posts?select=slug`, {
      headers: { apikey: site.anonKey },
    });
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ code: 'PGRST001' });
    // Signing in and the files answer 503 too, the sign-in with when to try again.
    const signIn = await fetch(`${site.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: site.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'not the password' }),
    });
    expect([signIn.status, signIn.headers.get('retry-after')]).toEqual([503, '5']);
    expect(await signIn.json()).toEqual({
      message: 'The database is unavailable: try again shortly.',
    });
    const file = await fetch(`${site.url}/storage/v1/object/public/blog-images/a.png`);
    expect(file.status).toBe(503);
    expect(await file.json()).toMatchObject({ code: 'DatabaseError' });

    // supabase-js retries the reads (1, 2 and 4 s) before the page gives up. A meeting's page
    // has no failure state of its own: its error page says it.
    const token = signToken('meeting', randomUUID(), Date.now() + 3_600_000, FORM_SECRET);
    // Two at a time: the render bound lets one address render two pages at once.
    const [english, meeting] = await Promise.all([
      page('/blog'),
      page(`/book-call/meeting/${token}`),
    ]);
    const swedish = await page('/sv/blog');
    for (const answer of [english, swedish, meeting]) {
      expect(answer).toMatchObject({ status: 503, retryAfter: '5', cacheControl: 'no-store' });
    }
    expect(english.text).toContain('Failed to load blog posts');
    expect(swedish.text).toContain('Misslyckades att ladda blogginlägg');
    const logged = site.output();
    expect(logged).toContain('Failed to load blog posts: the database is unavailable (');
    expect(logged).toContain('A page could not be answered (GET): the database is unavailable (');
    expect(logged).toContain('The database is unavailable (database ');
    expect(logged).toContain('Storage: the database is unavailable (database ');
    expect(logged).not.toMatch(/DataError|\n\s+at /);
    expect(logged).not.toContain(token);

    await observer.query(`alter database "${name}" allow_connections true`);
    await expect.poll(async () => (await page('/blog')).status, { timeout: 20_000 }).toBe(200);
    expect((await page('/blog')).text).toContain('No blog posts available yet.');
  }, 60_000);
});
