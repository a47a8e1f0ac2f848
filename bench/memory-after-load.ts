// The Node process's memory after load: a fresh site (SEED_DEMO, the default embedded PostgreSQL),
// its memory idle, then ~10 s each of a cached post (50 connections), the same post rendered (a
// session cookie skips the page cache, 8 connections) and the data API's list of published posts
// as anon (10 connections); its memory right after, and after a full garbage collection asked
// through the inspector. Printed, never asserted. Alone: `node bench/memory-after-load.ts`
// (BENCH_HEAP_SNAPSHOTS=<dir> also writes a heap snapshot before and after the load there).
import path from 'node:path';
import autocannon from 'autocannon';
import { startSite } from '../tests/support/site.ts';
import { inspect } from './inspector.ts';
import { residentMemory } from './memory.ts';
import { browserHeaders, POST_PATH, RENDERING_COOKIE } from './server-throughput.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

const listPath =
  '/rest/v1/blog_posts?select=id,slug,title,summary,hero_image_url,author,published_date' +
  '&is_published=eq.true&language=eq.english&order=published_date.desc&limit=10';

async function hammer(url: string, connections: number, headers: Record<string, string>) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers, timeout: 30 });
  return {
    'req/s': Math.round(result.requests.average),
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

export interface MemoryAfterLoad {
  rows: Record<string, string | number>[];
  load: Record<string, string | number>[];
}

export async function measureMemoryAfterLoad(): Promise<MemoryAfterLoad> {
  const site = await startSite({
    SEED_DEMO: 'true',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim(),
  });
  const inspector = await inspect(site);
  const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
  const rows: Record<string, string | number>[] = [];
  const note = async (moment: string) => {
    const { nodeMb, databaseMb } = residentMemory(site.pid);
    const usage = await inspector.usage();
    rows.push({
      moment,
      'Node RSS MB': nodeMb,
      'V8 heap used MB': usage.heapUsed!,
      'V8 heap total MB': usage.heapTotal!,
      'external MB': usage.external!,
      'V8 malloced peak MB': usage.mallocedPeak!,
      'PostgreSQL PSS MB': databaseMb,
    });
  };
  try {
    const headers = { apikey: site.anonKey, authorization: `Bearer ${site.anonKey}` };
    // One request of each kind, so idle counts what the first page and query load once.
    await fetch(site.url + POST_PATH, { headers: browserHeaders }).then((r) => r.text());
    await fetch(site.url + listPath, { headers }).then((r) => r.text());
    await note('idle');
    if (snapshots) await inspector.snapshot(path.join(snapshots, 'before.heapsnapshot'));
    const load = [
      {
        case: `${POST_PATH} cached, 50 conn.`,
        ...(await hammer(site.url + POST_PATH, 50, browserHeaders)),
      },
      {
        case: `${POST_PATH} rendered, 8 conn.`,
        ...(await hammer(site.url + POST_PATH, 8, { ...browserHeaders, cookie: RENDERING_COOKIE })),
      },
      {
        case: '/rest/v1 10 posts as anon, 10 conn.',
        ...(await hammer(site.url + listPath, 10, headers)),
      },
    ];
    await note('right after the load');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await note('5 s later');
    await inspector.collectGarbage();
    await note('after a full GC');
    if (snapshots) await inspector.snapshot(path.join(snapshots, 'after.heapsnapshot'));
    return { rows, load };
  } finally {
    inspector.close();
    await site.stop();
  }
}

export async function printMemoryAfterLoad(): Promise<void> {
  let figures: MemoryAfterLoad;
  try {
    figures = await measureMemoryAfterLoad();
  } catch (error) {
    console.log(`\nMemory after load not measured: ${(error as Error).message}`);
    return;
  }
  console.log(
    `\nThe Node process after load, on the embedded PostgreSQL (${DURATION_S} s per case; target: ` +
      'Node under 250 MB after the load' +
      (process.env.LEAN_PROCESS === 'off'
        ? '; LEAN_PROCESS=off, so without its memory settings'
        : '') +
      '):\n',
  );
  console.table(figures.load);
  console.table(figures.rows);
}

if (import.meta.main) await printMemoryAfterLoad();
