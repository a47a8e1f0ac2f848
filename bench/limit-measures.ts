// What the close-to-the-limit bench's tables are made of: one measure under load (a warm-up,
// then the figures, a warning when any answer failed), the rows' wording and ratios, and the data
// API's list of posts as the blog's supabase-js asks for it. Shared by close-to-the-limit.ts and
// limit-workers.ts.
import type { RunningSite } from '../tests/support/site.ts';
import type { DatabaseAloneFigures } from './database-alone.ts';
import { generateLoad, type LoadFigures, type LoadOptions } from './load-tools.ts';
import { browserHeaders } from './server-throughput.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
/** The server's pool to PostgreSQL holds 10 connections (openPostgres's default). */
export const SERVER_POOL_SIZE = 10;
export const REST_CONNECTIONS = 10;
/** The data API's list again as this many visitors, one connection's worth each. */
export const REST_VISITORS = 10;

/** What the blog list's supabase-js asks for its first ten posts (app/data/posts.ts). */
export const LIST_PATH =
  '/rest/v1/blog_posts?select=id,slug,title,summary,hero_image_url,author,published_date,reading_minutes' +
  '&is_published=eq.true&language=eq.english&order=published_date.desc,id.desc&offset=0&limit=10';

/** A browser's request that asks for no compression: the same bytes from every server. */
export const identityHeaders = { ...browserHeaders, 'accept-encoding': 'identity' };

export interface Row {
  case: string;
  'this server': string;
  'the reference': string;
  ratio: string;
  target: string;
}

export const warnings: string[] = [];
export const tools = new Set<string>();

/** A warm-up (JIT, caches, pools), then the measure, noted for the warnings when any answer failed. */
export async function measure(what: string, options: Omit<LoadOptions, 'seconds'>) {
  await generateLoad({ ...options, seconds: WARM_UP_SECONDS });
  const figures = await generateLoad({ ...options, seconds: SECONDS });
  tools.add(figures.tool);
  if (figures['non-2xx'] || figures.errors) {
    warnings.push(
      `${what}: ${figures['non-2xx']} non-2xx answers, ${figures.errors} socket errors`,
    );
  }
  return figures;
}

export const number = (n: number) => n.toLocaleString('en-GB');
const tenths = (ms: number) => Math.round(ms * 10) / 10;
export const rate = (f: LoadFigures) =>
  `${number(f['req/s'])} req/s, p99 ${tenths(f['p99 ms'])} ms` +
  (f['CPU µs/req'] === undefined ? '' : `, ${number(f['CPU µs/req'])} µs CPU/req`);
export const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)} %` : 'n/a';
export const alone = (f: DatabaseAloneFigures) =>
  `${number(f['tx/s'])} tx/s` +
  (Number.isNaN(f['p99 ms'])
    ? `, mean ${tenths(f['mean ms'])} ms`
    : `, p99 ${tenths(f['p99 ms'])} ms`);

export function aloneChecked(what: string, figures: DatabaseAloneFigures): DatabaseAloneFigures {
  if (figures.errors) warnings.push(`${what}: ${figures.errors} transactions failed`);
  return figures;
}

/** What the WORKERS=2 rows are set against, from the same run's rows for one process. */
export interface References {
  nginx?: LoadFigures;
  databaseAlone?: DatabaseAloneFigures;
}

/**
 * The list through the data API; with `pid` (the one process serving), its CPU per answer. As one
 * client (the load generator's address), which the API's gate lets run three requests at a time
 * whatever its connections (decision 21); with `clients`, as that many visitors in turn.
 */
export function loadList(
  what: string,
  site: RunningSite,
  pid?: number,
  clients?: number,
): Promise<LoadFigures> {
  const headers = { apikey: site.anonKey, authorization: `Bearer ${site.anonKey}` };
  const url = site.url + LIST_PATH;
  return measure(`/rest/v1 list, ${what}`, {
    url,
    connections: REST_CONNECTIONS,
    headers,
    ...(pid === undefined ? {} : { pid }),
    ...(clients === undefined ? {} : { clients }),
  });
}
