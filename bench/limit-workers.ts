// The close-to-the-limit bench's cases on `WORKERS=2 npm start` (decision 39): two processes
// serving the site under a first that shares the connections out, against the references the
// same run measured for one process. Printed, never asserted.
import { startSite } from '../tests/support/site.ts';
import { browserHeaders, POST_PATH, RENDERING_COOKIE } from './server-throughput.ts';
import { proportionalMemory, workersPss } from './memory.ts';
import {
  alone,
  identityHeaders,
  loadList,
  measure,
  percent,
  rate,
  REST_CONNECTIONS,
  type References,
  type Row,
} from './limit-measures.ts';

/** The rows for two workers, beside `references` (nginx, the database alone) from the same run. */
export async function measureWorkers(references: References): Promise<Row[]> {
  const site = await startSite({ SEED_DEMO: 'true', WORKERS: '2' });
  try {
    const url = site.url + POST_PATH;
    await fetch(url, { headers: identityHeaders }).then((r) => r.arrayBuffer());
    const cached = await measure('cached post, WORKERS=2', {
      url,
      connections: 50,
      headers: identityHeaders,
    });
    const rendered = await measure('rendered post, 8 conn., WORKERS=2', {
      url,
      connections: 8,
      headers: { ...browserHeaders, cookie: RENDERING_COOKIE },
    });
    const api = await loadList('WORKERS=2', site);
    const { nginx, databaseAlone } = references;
    const workers = workersPss(site.pid);
    const first = proportionalMemory(site.pid);
    return [
      {
        case: 'WORKERS=2: a post from the page cache, 50 conn.',
        'this server': rate(cached),
        'the reference': nginx ? `nginx above: ${rate(nginx)}` : 'nginx is not installed here',
        ratio: nginx ? percent(cached['req/s'], nginx['req/s']) : 'n/a',
        target: '≥ 80 % of nginx',
      },
      {
        case: 'WORKERS=2: the same post rendered, 8 conn.',
        'this server': rate(rendered),
        'the reference': '1,000 req/s with p99 under 20 ms',
        ratio: percent(rendered['req/s'], 1000),
        target: '100 %, p99 < 20 ms',
      },
      {
        case: `WORKERS=2: /rest/v1 10 posts as anon, embedded, ${REST_CONNECTIONS} conn.`,
        'this server': rate(api),
        'the reference': databaseAlone
          ? `the database alone above: ${alone(databaseAlone)}`
          : 'the database alone: not measured',
        ratio: databaseAlone ? percent(api['req/s'], databaseAlone['tx/s']) : 'n/a',
        target: '≥ 60 % of the database alone',
      },
      {
        case: 'WORKERS=2: memory (PSS) after the load',
        'this server':
          `workers ${workers.join(' + ')} MB, first process ${first.nodeMb} MB, ` +
          `PostgreSQL ${first.databaseMb} MB`,
        'the reference': 'each Node process under 250 MB',
        ratio: percent(Math.max(...workers), 250),
        target: '≤ 100 %',
      },
    ];
  } finally {
    await site.stop();
  }
}
