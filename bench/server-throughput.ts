// Server throughput of the pages themselves: a server-rendered post, and the English blog
// list with 100 and with 10,000 published posts, on PostgreSQL, with the server in its own process
// and autocannon generating load from this one. Printed, never asserted.
import autocannon from 'autocannon';
import pg from 'pg';
import { createTestDatabase } from '../tests/support/databases.ts';
import { startSite } from '../tests/support/site.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_S = 2;

/** A cookie of the kind a signed-in session carries: its requests skip the page cache. */
export const RENDERING_COOKIE = 'sb-bench-auth-token=bench';

/** A demo post (SEED_DEMO). */
export const POST_PATH = '/blog/three-email-welcome-sequence';

/** What a current desktop Chrome sends for a page, so the server compresses as it would for it. */
export const browserHeaders = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
};

export interface ThroughputRow {
  scenario: string;
  connections: number;
  'req/s': number;
  'mean ms': number;
  'p50 ms': number;
  'p99 ms': number;
  'kB/response': number;
  'non-2xx': number;
  errors: number;
}

async function load(
  scenario: string,
  url: string,
  { connections = CONNECTIONS, duration = DURATION_S, fresh = false } = {},
): Promise<ThroughputRow> {
  // A response may take seconds: wait for it rather than drop it. `fresh` asks past the server's
  // page cache with a signed-in session's cookie (a visitor's no-cache does not),
  // so every page renders.
  const result = await autocannon({
    url,
    headers: fresh ? { ...browserHeaders, cookie: RENDERING_COOKIE } : browserHeaders,
    connections,
    duration,
    timeout: 30,
  });
  const responses = result.requests.total || 1;
  return {
    scenario,
    connections,
    // Tenths below 10 req/s, where rounding would hide the difference.
    'req/s':
      result.requests.average < 10
        ? Math.round(result.requests.average * 10) / 10
        : Math.round(result.requests.average),
    'mean ms': Math.round(result.latency.mean * 10) / 10,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'kB/response': Math.round(result.throughput.total / responses / 102.4) / 10,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

/**
 * Published English posts numbered from..to, inserted straight into the server's own table:
 * titles, summaries and bodies of realistic length (about 1,000 words), distinct slugs, publication
 * dates spread over ten years.
 */
async function insertPosts(db: pg.Client, from: number, to: number): Promise<void> {
  await db.query(
    `insert into public.blog_posts
       (slug, title, summary, content, hero_image_url, author, is_published, language, published_date)
     select
       'bench-post-' || n,
       'How agency number ' || n || ' doubled its qualified leads in one quarter',
       'A practical walk-through of the campaign structure, audiences and follow-up sequence that ' ||
         'turned cold traffic into booked calls for client ' || n || ', with the numbers.',
       '## Where we started' || chr(10) || chr(10) ||
         repeat('Lead generation works when the offer, the audience and the follow-up agree. ' ||
           'We tested three hooks against each other for client ' || n || ' and kept the winner. ', 40) ||
         chr(10) || chr(10) || '## What changed' || chr(10) || chr(10) ||
         repeat('Every enquiry got an answer within five minutes, and booked calls rose week on week. ', 40),
       'https://images.example.com/posts/' || n || '.jpg',
       'Nordic Lead Agency Team',
       true,
       'english',
       timestamptz '2026-11-01' - (n * 7919 % 3650) * interval '1 day' - n * interval '1 second'
     from generate_series($1::int, $2::int) as n`,
    [from, to],
  );
  await db.query('analyze public.blog_posts');
}

export async function measureServerThroughput(): Promise<ThroughputRow[]> {
  const database = await createTestDatabase();
  try {
    const site = await startSite({ SEED_DEMO: 'true', DATABASE_URL: database.url });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const rows: ThroughputRow[] = [];
      await load('warm-up', site.url + POST_PATH, { duration: WARM_UP_S });
      rows.push(await load(`GET ${POST_PATH}`, site.url + POST_PATH));
      // The same post rendered for every request: what a visitor's first view after an edit
      // costs, and what the server sustains without its page cache.
      rows.push(await load(`GET ${POST_PATH}, rendered`, site.url + POST_PATH, { fresh: true }));

      // The list's cost per request, rendered, one connection so queueing does not count: with
      // exactly 100 published English posts (the demo's replaced by generated ones), then 10,000.
      const list = { connections: 1, fresh: true };
      await db.query(`delete from public.blog_posts where language = 'english'`);
      await insertPosts(db, 1, 100);
      await load('warm-up', site.url + '/blog', { ...list, duration: WARM_UP_S });
      rows.push(await load('GET /blog, 100 posts, rendered', site.url + '/blog', list));

      await insertPosts(db, 101, 10_000);
      await load('warm-up', site.url + '/blog', { ...list, duration: WARM_UP_S });
      rows.push(await load('GET /blog, 10,000 posts, rendered', site.url + '/blog', list));
      return rows;
    } finally {
      await db.end();
      await site.stop();
    }
  } finally {
    await database.drop();
  }
}

export async function printServerThroughput(): Promise<void> {
  let rows: ThroughputRow[];
  try {
    rows = await measureServerThroughput();
  } catch (error) {
    console.log(`\nServer throughput not measured: ${(error as Error).message}`);
    return;
  }
  console.log(
    `\nServer-rendered pages on PostgreSQL, as a browser asks for them (br/gzip), ${DURATION_S} s each` +
      '\n(targets: the post ≥ 1,000 req/s with p99 ≤ 50 ms; ' +
      '/blog with 10,000 posts at most 2× the time of 100; "rendered" asks past the page cache)\n',
  );
  console.table(rows);
  const [, , small, large] = rows;
  if (small && large && small['mean ms'] > 0 && large['mean ms'] > 0) {
    const ratio = Math.round((large['mean ms'] / small['mean ms']) * 10) / 10;
    console.log(`/blog, 10,000 posts ÷ 100 posts, mean time per request: ${ratio}×`);
  } else {
    console.log('/blog, 10,000 posts ÷ 100 posts: not measured (no response completed)');
  }
}

if (import.meta.main) await printServerThroughput();
