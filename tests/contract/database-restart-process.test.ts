// The built server on its embedded PostgreSQL when the database stops under it (killed by the
// kernel's out-of-memory killer, or by hand): the Node process stays up, says so on its health
// endpoint, starts PostgreSQL again on the same data, and serves the pages and the data API again
// on new connections, with nothing committed lost.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from '#tests/support/site.ts';

let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ SEED_DEMO: 'true' });
}, 60_000);

afterAll(async () => {
  await site?.stop();
});

const postmaster = async () =>
  Number(
    (await readFile(path.join(site.dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8')).split(
      '\n',
    )[0],
  );

const status = async (urlPath: string, headers: Record<string, string> = {}) =>
  (await fetch(site.url + urlPath, { headers })).status;

describe('the embedded PostgreSQL killed under a running site', () => {
  it('is started again and the site answers again, from the same process', async () => {
    const api = { apikey: site.anonKey, authorization: `Bearer ${site.anonKey}` };
    const list = '/rest/v1/blog_posts?select=slug&is_published=eq.true&order=slug';
    const before = await (await fetch(site.url + list, { headers: api })).json();
    expect(before).not.toHaveLength(0);

    process.kill(await postmaster(), 'SIGKILL');

    // Rendered (a session cookie skips the page cache), so each poll asks the database. A read
    // that finds no connection is answered 503 and retried by supabase-js: the page waits for the
    // database rather than fail with a 500.
    const rendered = { cookie: 'sb-test-auth-token=none' };
    const pages: number[] = [];
    await expect
      .poll(
        async () => {
          const answers = [await status('/healthz'), await status('/blog', rendered)];
          pages.push(answers[1]!);
          return answers;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([200, 200]);
    expect(pages).not.toContain(500);
    expect(site.output()).not.toContain('Failed to load blog posts');
    expect(await (await fetch(site.url + list, { headers: api })).json()).toEqual(before);
    expect(site.output()).toContain('PostgreSQL stopped unexpectedly: starting it again in 1 s.');
    expect(site.output()).toContain('PostgreSQL is running again.');
    // The same process: it did not end with the lost connections.
    expect(() => process.kill(site.pid, 0)).not.toThrow();
  }, 60_000);
});
