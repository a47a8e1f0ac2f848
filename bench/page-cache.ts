// The page cache for the visitors it exists for, on PGlite and on the default embedded
// PostgreSQL. A published post asked for plainly, with a cookie (a consent choice), with a unique
// query string as every ad click carries, and plainly while 20 other connections flood the server
// with unique query strings: first ad clicks' (one cached copy), then blog pages that each cost a
// render (bounded: over the bound, 503 with Retry-After). The server in its own process,
// autocannon in this one. Printed, never asserted (targets: each variant ≥ 90 % of the plain
// figure, the plain page's p99 during a flood ≤ 20 ms). One more row: the plain page
// with a browser's user agent, which the cookieless statistics count and write.
import autocannon from 'autocannon';
import { startSite } from '../tests/support/site.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 50);
const FLOOD_CONNECTIONS = 20;

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A demo post (SEED_DEMO). */
const POST_PATH = '/blog/three-email-welcome-sequence';

/**
 * No user agent: the statistics take the load generator for a script and leave it uncounted, so
 * the rows below measure the cache alone, except the one that sends a browser's user agent.
 */
const browserHeaders = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
};

interface Row {
  backend: string;
  request: string;
  'req/s': number;
  '% of plain': number | string;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  errors: number;
}

let unique = 0;
/** Every request an address no one asked for before: ad clicks', or blog pages'. */
const uniquePaths = (kind: 'ad click' | 'blog page'): autocannon.Request[] => [
  {
    setupRequest: (request) => {
      unique += 1;
      const id = `${process.pid}x${unique}`;
      return {
        ...request,
        path:
          kind === 'ad click'
            ? `${POST_PATH}?utm_source=news&utm_medium=paid&fbclid=IwAR${id}&gclid=Cj0K${id}`
            : `/blog?page=${1000 + unique}&msclkid=${id}`,
      };
    },
  },
];

/** Distinct ad-click addresses for the variant row, each one no earlier run has sent. */
const AD_CLICKS = 5000;
function adClickPool(): autocannon.Request[] {
  const run = `${process.pid}x${Date.now()}`;
  return Array.from({ length: AD_CLICKS }, (_, n) => ({
    method: 'GET',
    path: `${POST_PATH}?utm_source=news&utm_medium=paid&fbclid=IwAR${run}x${n}&gclid=Cj0K${run}x${n}`,
  }));
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ duration: DURATION_S, timeout: 10, ...options });
}

function row(backend: string, request: string, result: autocannon.Result): Row {
  return {
    backend,
    request,
    'req/s': Math.round(result.requests.average),
    '% of plain': '',
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

async function benchBackend(backend: string, env: Record<string, string>): Promise<Row[]> {
  const site = await startSite({ SEED_DEMO: 'true', ...env });
  try {
    const url = site.url + POST_PATH;
    const plain = { url, connections: CONNECTIONS, headers: browserHeaders };
    await run({ ...plain, duration: 2 }); // warm-up: JIT, and the post in the cache
    const rows = [
      row(backend, 'plain (from the page cache)', await run(plain)),
      row(
        backend,
        'with a cookie (cookie_consent=rejected)',
        await run({ ...plain, headers: { ...browserHeaders, cookie: 'cookie_consent=rejected' } }),
      ),
      // Built once, then cycled: rebuilding each request (as uniquePaths does) costs autocannon,
      // on the same 2 cores, more than the server spends on it (measured: 89 % vs 111 %).
      row(
        backend,
        `with ad-click query strings (${AD_CLICKS.toLocaleString('en-US')} distinct utm_*, fbclid, gclid)`,
        await run({ ...plain, requests: adClickPool() }),
      ),
      // Each request counted as a page view (a browser's user agent), and written.
      row(
        backend,
        'plain, each counted as a visit (cookieless statistics)',
        await run({ ...plain, headers: { ...browserHeaders, 'user-agent': BROWSER } }),
      ),
    ];
    for (const kind of ['ad click', 'blog page'] as const) {
      // The flood comes from one outside client, through a trusted proxy's X-Forwarded-For.
      const flood = run({
        url: site.url,
        connections: FLOOD_CONNECTIONS,
        headers: { ...browserHeaders, 'x-forwarded-for': '203.0.113.99' },
        requests: uniquePaths(kind),
      });
      const measured = await run({ ...plain, connections: CONNECTIONS - FLOOD_CONNECTIONS });
      const flooded = await flood;
      rows.push(
        row(
          backend,
          `plain, while ${FLOOD_CONNECTIONS} connections send unique ${kind === 'ad click' ? 'ad clicks' : 'blog pages (each a render)'}`,
          measured,
        ),
      );
      const statuses = Object.entries(flooded.statusCodeStats ?? {})
        .map(([status, { count }]) => `${count ?? 0}× ${status}`)
        .join(', ');
      rows.push({
        ...row(backend, `  the flood itself (${statuses})`, flooded),
        'non-2xx': flooded.non2xx,
      });
    }
    // The variants against the plain figure; under a flood, the connections are split.
    const base = rows[0]!['req/s'];
    for (const r of rows.slice(1, 4)) r['% of plain'] = Math.round((r['req/s'] / base) * 100);
    return rows;
  } finally {
    await site.stop();
  }
}

export async function printPageCache(): Promise<void> {
  const rows = [
    ...(await benchBackend('PGlite', { EMBEDDED_DATABASE: 'pglite' })),
    ...(await benchBackend('PostgreSQL', {})),
  ];
  console.log(
    `\nThe page cache: a published post, ${CONNECTIONS} connections, ${DURATION_S} s each; ` +
      `under a flood, ${CONNECTIONS - FLOOD_CONNECTIONS} connections ask plainly while ${FLOOD_CONNECTIONS} flood\n` +
      '(targets: each variant ≥ 90 % of plain; the plain p99 during a flood ≤ 20 ms)\n',
  );
  console.table(rows);
}

if (import.meta.main) await printPageCache();
