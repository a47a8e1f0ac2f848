// Two copies of the server on one PostgreSQL 17, as an operator runs them behind a balancer: a
// post edited through copy A (supabase-js), or by plain SQL past every copy, shows on the cached
// pages of copy B, and of A, within a second, as does a change to the agency's details, and still
// after the database has ended the copies' listening connections: each copy listens for the
// database's notices of a change (server/product/site/page-changes.ts,
// docs/decisions/0029-pages-fresh-on-every-copy.md).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { createTestDatabase } from '../support/databases.ts';
import { getPage } from '../support/page-flood.ts';
import { aPostSlug, postInput } from '../support/posts.ts';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

const VISITOR = { 'x-forwarded-for': '198.51.100.41' };
/** How soon every copy shows a write. */
const WITHIN_MS = 1000;

const englishSlug = aPostSlug('copies');
const swedishSlug = aPostSlug('kopior');
const unique = () => randomBytes(4).toString('hex');

let a: RunningSite;
let b: RunningSite;
let databaseUrl: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  cleanups.push(database.drop);
  databaseUrl = database.url;
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
  };
  // One after the other: the first applies the migrations, the second finds them applied.
  a = await startSite(env);
  cleanups.push(() => a.stop());
  b = await startSite(env);
  cleanups.push(() => b.stop());

  const admin = await signedInAdmin(a);
  const { error } = await admin
    .from('blog_posts')
    .insert([
      postInput(englishSlug, { title: 'Copies agree in English' }),
      postInput(swedishSlug, { title: 'Kopiorna är överens', language: 'swedish' }),
    ]);
  if (error) throw error;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Asks for the page until it is served from the cache (its Age set), and answers that body. */
async function warmed(site: RunningSite, path: string): Promise<string> {
  for (let tries = 0; tries < 5; tries += 1) {
    const answer = await getPage(site.url, path, VISITOR);
    expect(answer.status, `${path} on ${site.url}`).toBe(200);
    if (answer.age !== null) return answer.body;
  }
  throw new Error(`${path} on ${site.url} is never served from the page cache`);
}

/**
 * Polls each copy's pages, all at once, until each contains `text`: every one within WITHIN_MS of
 * the write, which has just returned.
 */
async function allShowWithinASecond(pages: string[], text: string) {
  await Promise.all(
    [a, b].flatMap((site) =>
      pages.map((path) =>
        expect
          .poll(async () => (await getPage(site.url, path, VISITOR)).body, {
            timeout: WITHIN_MS,
            interval: 20,
            message: `${path} on ${site.url} shows "${text}" within ${WITHIN_MS} ms`,
          })
          .toContain(text),
      ),
    ),
  );
}

describe('two copies of the server on one PostgreSQL', () => {
  it('shows a post edited through copy A on copy B within a second, in English', async () => {
    const pages = [`/blog/${englishSlug}`, '/blog'];
    for (const site of [a, b]) {
      for (const path of pages) expect(await warmed(site, path)).toContain('Copies agree');
    }

    const title = `Edited through copy A ${unique()}`;
    const admin = await signedInAdmin(a);
    const { error } = await admin.from('blog_posts').update({ title }).eq('slug', englishSlug);
    expect(error).toBeNull();

    await allShowWithinASecond(pages, title);
  });

  it('shows a post edited by plain SQL on both copies within a second, in Swedish', async () => {
    const pages = [`/sv/blog/${swedishSlug}`, '/sv/blog'];
    for (const site of [a, b]) {
      for (const path of pages) expect(await warmed(site, path)).toContain('Kopiorna');
    }

    // As psql or the hosted dashboard would: no copy's data API sees this write.
    const title = `Ändrad med SQL ${unique()}`;
    const sql = await openPostgres(databaseUrl, 1);
    try {
      const { rowCount } = await sql.query(
        'update public.blog_posts set title = $1 where slug = $2',
        [title, swedishSlug],
      );
      expect(rowCount).toBe(1);
    } finally {
      await sql.close();
    }

    await allShowWithinASecond(pages, title);
  });

  it('shows a change to the agency’s details, made by plain SQL, in every page’s footer', async () => {
    const pages = ['/newsletter', '/sv/newsletter'];
    for (const site of [a, b]) for (const path of pages) await warmed(site, path);
    const city = `Kopparberg ${unique()}`;
    const sql = await openPostgres(databaseUrl, 1);
    try {
      // The one row of the agency's details, saved as /admin/settings would, past every copy.
      await sql.query(
        `insert into public.agency_settings
           (legal_name, organisation_number, street_address, postal_code, city, contact_email)
         values ('Copies AB', '556016-0680', 'Storgatan 1', '111 22', $1, 'hej@example.com')
         on conflict (id) do update set city = excluded.city`,
        [city],
      );
    } finally {
      await sql.close();
    }
    await allShowWithinASecond(pages, city);
  });

  it('hears again after the database ends the copies’ listening connections', async () => {
    const sql = await openPostgres(databaseUrl, 1);
    const listening = async () =>
      (
        await sql.query<{ pid: string }>(
          `select pid::text from pg_stat_activity
           where datname = current_database() and query ilike 'listen %'`,
        )
      ).rows.map((row) => row.pid);
    try {
      const before = await listening();
      expect(before).toHaveLength(2);
      await sql.query('select pg_terminate_backend(pid::int) from unnest($1::text[]) pid', [
        before,
      ]);
      // Both copies listen again, each on a new connection.
      await expect
        .poll(async () => (await listening()).filter((pid) => !before.includes(pid)), {
          timeout: 5000,
        })
        .toHaveLength(2);

      const pages = [`/blog/${englishSlug}`, `/sv/blog/${swedishSlug}`];
      for (const site of [a, b]) for (const path of pages) await warmed(site, path);
      const title = `Heard again ${unique()}`;
      await sql.query('update public.blog_posts set title = $1 where slug = any($2)', [
        title,
        [englishSlug, swedishSlug],
      ]);
      await allShowWithinASecond(pages, title);
    } finally {
      await sql.close();
    }
  });
});
