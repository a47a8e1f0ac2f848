// How close the server comes to what the machine allows, each case beside its reference measured
// in the same run: a cached post against nginx serving the same bytes (and a bare node:http
// server), the post rendered against the target of 1,000 req/s, the data API's list of posts
// against the database alone running the same statements, and the Node process's memory idle and
// after that load; then the same on two workers (WORKERS=2, limit-workers.ts). Printed, never
// asserted. Alone: `node bench/close-to-the-limit.ts` after `npm run build`. What each reference
// is: docs/operations.md, Benchmarks.
import {
  createTestDatabase,
  createTempDir,
  startTestPostgres,
} from '../tests/support/databases.ts';
import { startSite, type RunningSite } from '../tests/support/site.ts';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import {
  captureTransaction,
  replayFromNode,
  replayWithPgbench,
  type DatabaseAloneFigures,
  type SentStatement,
} from './database-alone.ts';
import { startBareDataApi } from './bare-data-api.ts';
import type { LoadFigures } from './load-tools.ts';
import { startBareNode, startNginx, type ReferenceServer } from './reference-servers.ts';
import { proportionalMemory } from './memory.ts';
import { browserHeaders, POST_PATH, RENDERING_COOKIE } from './server-throughput.ts';
import {
  aloneChecked,
  alone,
  identityHeaders,
  LIST_PATH,
  loadList,
  measure,
  percent,
  rate,
  REST_CONNECTIONS,
  REST_VISITORS,
  SECONDS,
  SERVER_POOL_SIZE,
  tools,
  warnings,
  type References,
  type Row,
} from './limit-measures.ts';
import { measureWorkers } from './limit-workers.ts';

/** Rows 1 and 2 on the embedded site: the cached post and its references, then rendered. */
async function measurePages(
  site: RunningSite,
  dir: string,
  references: References,
): Promise<Row[]> {
  // The second answer comes from the page cache, which says how long it has held the page (age).
  await fetch(site.url + POST_PATH, { headers: identityHeaders }).then((r) => r.arrayBuffer());
  const page = await fetch(site.url + POST_PATH, { headers: identityHeaders });
  const encoding = page.headers.get('content-encoding');
  if (!page.ok || encoding || !page.headers.has('age')) {
    throw new Error(
      `The post did not come uncompressed from the page cache: ${page.status}, ` +
        `content-encoding ${encoding ?? 'none'}, age ${page.headers.get('age') ?? 'none'}`,
    );
  }
  const body = new Uint8Array(await page.arrayBuffer());
  const skipped = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
  const headers = Object.fromEntries([...page.headers].filter(([name]) => !skipped.includes(name)));
  const url = site.url + POST_PATH;
  const kB = `${Math.round(body.length / 1024)} kB`;

  const cachedLoad = { connections: 50, headers: identityHeaders };
  const cached = await measure('cached post', { url, ...cachedLoad, pid: site.pid });
  const cachedRow = async (name: string, reference: ReferenceServer | undefined, what: string) => {
    try {
      const figures =
        reference &&
        (await measure(name, {
          url: reference.url,
          ...cachedLoad,
          ...(reference.pid === undefined ? {} : { pid: reference.pid }),
        }));
      if (name === 'nginx') references.nginx = figures;
      return {
        case:
          name === 'nginx' ? 'a post from the page cache, 50 conn.' : '  the same, against Node',
        'this server': rate(cached),
        'the reference': figures ? `${what}: ${rate(figures)}` : what,
        ratio: figures ? percent(cached['req/s'], figures['req/s']) : 'n/a',
        target: name === 'nginx' ? '≥ 80 % of nginx' : '',
      };
    } finally {
      await reference?.stop();
    }
  };
  const nginx = await startNginx(dir, POST_PATH, body);
  const rows: Row[] = [
    await cachedRow(
      'nginx',
      nginx,
      nginx ? `nginx, the same ${kB} as a static file` : 'nginx is not installed here',
    ),
    await cachedRow(
      'bare node:http',
      await startBareNode(dir, POST_PATH, body, headers),
      'bare node:http, own process, same bytes and headers',
    ),
  ];

  const rendering = { ...browserHeaders, cookie: RENDERING_COOKIE };
  const fresh = await fetch(url, { headers: rendering });
  await fresh.arrayBuffer();
  if (!fresh.ok || fresh.headers.has('age'))
    throw new Error('The session cookie did not skip the cache');
  for (const connections of [2, 8, 16]) {
    const rendered = await measure(`rendered post, ${connections} conn.`, {
      url,
      connections,
      headers: rendering,
      pid: site.pid,
    });
    rows.push({
      case: `the same post rendered, ${connections} conn.`,
      'this server': rate(rendered),
      'the reference': connections === 8 ? '1,000 req/s with p99 under 20 ms' : '1,000 req/s',
      ratio: percent(rendered['req/s'], 1000),
      target: connections === 8 ? '100 %, p99 < 20 ms' : '',
    });
  }
  return rows;
}

/** Row 3: the data API's figures beside the database alone running the same transaction. */
async function listRows(
  what: string,
  { api, visitors }: { api: LoadFigures; visitors: LoadFigures },
  databaseUrl: string,
  transaction: SentStatement[],
  { dir, pgbench }: { dir: string; pgbench: boolean },
  references?: References,
): Promise<Row[]> {
  const rows: Row[] = [];
  const row = (reference: string, figures: DatabaseAloneFigures | undefined) =>
    rows.push({
      case: `/rest/v1 10 posts as anon, ${what}, ${REST_CONNECTIONS} conn.`,
      'this server': rate(api),
      'the reference': figures ? `${reference}: ${alone(figures)}` : reference,
      ratio: figures ? percent(api['req/s'], figures['tx/s']) : 'n/a',
      target: '≥ 60 % of the database alone',
    });
  const options = {
    connections: REST_CONNECTIONS,
    poolSize: SERVER_POOL_SIZE,
    seconds: SECONDS,
    dir,
  };
  const fromNode = await replayFromNode(databaseUrl, transaction, options);
  if (references) references.databaseAlone = fromNode;
  row(
    "the database alone (Node, the server's pool)",
    aloneChecked(`database alone, ${what}`, fromNode),
  );
  // One client runs three at a time through the API's gate; the database alone runs ten.
  rows.push({
    case: `  the same as ${REST_VISITORS} visitors, ${REST_CONNECTIONS} conn.`,
    'this server': rate(visitors),
    'the reference': `the database alone above: ${alone(fromNode)}`,
    ratio: percent(visitors['req/s'], fromNode['tx/s']),
    target: '≥ 60 % of the database alone',
  });
  // Node's HTTP around the same statements and pool, with nothing of the API's own.
  const bare = await startBareDataApi(dir, databaseUrl, transaction, SERVER_POOL_SIZE);
  try {
    const figures = await measure(`bare node:http and the statements, ${what}`, {
      url: bare.url,
      connections: REST_CONNECTIONS,
      ...(bare.pid === undefined ? {} : { pid: bare.pid }),
    });
    rows.push({
      case: '  the same, against Node',
      'this server': rate(api),
      'the reference':
        'bare node:http running the same statements through the same pool, own process: ' +
        `${rate(figures)} (${percent(figures['req/s'], fromNode['tx/s'])} of the database alone)`,
      ratio: percent(api['req/s'], figures['req/s']),
      target: '',
    });
  } finally {
    await bare.stop();
  }
  if (pgbench) {
    const figures = await replayWithPgbench(databaseUrl, transaction, options);
    if (figures)
      row('pgbench, the same statements pipelined', aloneChecked(`pgbench, ${what}`, figures));
    else row('pgbench is not installed here', undefined);
  }
  return rows;
}

export interface CloseToTheLimit {
  rows: Row[];
  /** What the database alone ran: the data API's transaction for the list. */
  transaction: SentStatement[];
}

export async function measureCloseToTheLimit(): Promise<CloseToTheLimit> {
  const { dir, cleanup } = await createTempDir('leadgen-limit-');
  const database = await createTestDatabase();
  try {
    const transaction = await captureTransaction(database.url, LIST_PATH, /\bblog_posts\b/);
    const rows: Row[] = [];
    const references: References = {};

    const site = await startSite({ SEED_DEMO: 'true' });
    try {
      // One request of each kind first, so idle counts what the first page and query load once.
      const apiHeaders = { apikey: site.anonKey, authorization: `Bearer ${site.anonKey}` };
      await fetch(site.url + POST_PATH, { headers: browserHeaders }).then((r) => r.text());
      await fetch(site.url + LIST_PATH, { headers: apiHeaders }).then((r) => r.text());
      const idle = proportionalMemory(site.pid);
      rows.push(...(await measurePages(site, dir, references)));
      const api = await loadList('embedded', site, site.pid);
      const visitors = await loadList('embedded, visitors', site, site.pid, REST_VISITORS);
      // Before the database alone, whose own connections would count in PostgreSQL's memory.
      const loaded = proportionalMemory(site.pid);
      const embeddedUrl = await embeddedPostgresUrl(`${site.dataDir}/postgres`);
      const what = 'embedded';
      const options = { dir, pgbench: false };
      const figures = { api, visitors };
      rows.push(...(await listRows(what, figures, embeddedUrl, transaction, options, references)));
      rows.push({
        case: 'memory (proportional set size)',
        'this server':
          `Node ${idle.nodeMb} + PostgreSQL ${idle.databaseMb} MB idle, ` +
          `Node ${loaded.nodeMb} + PostgreSQL ${loaded.databaseMb} MB after load`,
        'the reference': 'Node under 250 MB after the load',
        ratio: percent(loaded.nodeMb, 250),
        target: '≤ 100 %',
      });
    } finally {
      await site.stop();
    }

    const given = await startSite({ SEED_DEMO: 'true', DATABASE_URL: database.url });
    const figures = await (async () => ({
      api: await loadList('DATABASE_URL', given, given.pid),
      visitors: await loadList('DATABASE_URL, visitors', given, given.pid, REST_VISITORS),
    }))().finally(() => given.stop());
    const what = 'DATABASE_URL';
    const listed = await listRows(what, figures, database.url, transaction, {
      dir,
      pgbench: true,
    });
    // Beside the embedded rows, before the memory.
    rows.splice(rows.length - 1, 0, ...listed);
    rows.push(...(await measureWorkers(references)));
    return { rows, transaction };
  } finally {
    await database.drop();
    await cleanup();
  }
}

/** The start of each statement: `select set_config('role', $1, true), …; select count(*)…`. */
const summary = (transaction: SentStatement[]) =>
  transaction.map(({ sql }) => sql.replace(/\s+/g, ' ').trim().slice(0, 40) + '…').join('; ');

export async function printCloseToTheLimit(): Promise<void> {
  let figures: CloseToTheLimit;
  warnings.length = 0;
  tools.clear();
  try {
    figures = await measureCloseToTheLimit();
  } catch (error) {
    console.log(`\nClose to the limit not measured: ${(error as Error).message}`);
    return;
  }
  const tool = tools.has('wrk') ? 'wrk' : 'autocannon (wrk is not installed here)';
  console.log(
    `\nClose to the limit: each case beside its reference, measured in this run (${SECONDS} s each, ` +
      `load by ${tool}, on this machine's ${navigator.hardwareConcurrency} cores).\n` +
      'The cached post is asked for uncompressed (accept-encoding: identity), so every server sends the same bytes; ' +
      'rendered, it is asked for as a browser does (br) with a session cookie that skips the cache.\n' +
      'Ghost is not available here to render the same post: the rendered rows are against the target alone.\n' +
      "DATABASE_URL: a database on the bench's PostgreSQL (TEST_DATABASE_URL's, else a 17 it starts). " +
      'The database alone runs the statements captured from the data API for the list (as anon, ' +
      `prepared, ${SERVER_POOL_SIZE} connections): ${summary(figures.transaction)}\n`,
  );
  console.table(figures.rows);
  for (const warning of warnings)
    console.log(`\n!!! WARNING: ${warning}: its figures do not count.`);
}

if (import.meta.main) {
  const postgres = await startTestPostgres();
  try {
    await printCloseToTheLimit();
  } finally {
    await postgres.stop();
  }
}
