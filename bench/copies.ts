// Several copies of the server on one PostgreSQL, as an operator runs them behind a balancer:
// requests per second for a cached page, a rendered page and a lead sent through the booking form
// with 1, 2 and 3 copies. The load is split evenly over the copies (one autocannon per copy, the
// connections shared out), as a round-robin balancer would; the balancer itself is not measured.
// The load generator, every copy and PostgreSQL share this machine's cores, so the figures show
// what more copies add on one machine, not on many. Printed, never asserted.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, startTestPostgres } from '../tests/support/databases.ts';
import { startSite, type RunningSite } from '../tests/support/site.ts';
import { browserHeaders, POST_PATH, RENDERING_COOKIE } from './server-throughput.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Connections in all, shared out over the copies. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 12);
const MAX_COPIES = 3;

interface Case {
  name: string;
  /** The status every answer should have: 200 for a page, 303 to the thank-you page for a lead. */
  status: number;
  options(copy: RunningSite): Promise<autocannon.Options>;
}

interface CopiesRow {
  case: string;
  copies: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** Answers with another status than the case's. */
  unexpected: number;
  errors: number;
}

/** Each lead from an address and e-mail of its own: a stored lead, never a held or dropped repeat. */
let leadNumber = 0;
function nextLead(formStart: string) {
  return (request: autocannon.Request): autocannon.Request => {
    const n = leadNumber++;
    return {
      ...request,
      headers: {
        ...request.headers,
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: new URLSearchParams({
        form_start: formStart,
        name: 'Bench Mark',
        email: `copies.${process.pid}.${n}@example.com`,
        phone_number: '070-123 45 67',
        company_name: 'Bench AB',
        problems: 'We need a steady flow of qualified leads every week.',
        how_found_us: 'Google',
        additional_info: '',
      }).toString(),
    };
  };
}

const cases: Case[] = [
  {
    name: `GET ${POST_PATH} (page cache)`,
    status: 200,
    options: async (copy) => ({ url: copy.url + POST_PATH, headers: browserHeaders }),
  },
  {
    name: `GET ${POST_PATH}, rendered`,
    status: 200,
    options: async (copy) => ({
      url: copy.url + POST_PATH,
      headers: { ...browserHeaders, cookie: RENDERING_COOKIE },
    }),
  },
  {
    name: 'POST /book-call (a lead, stored and queued for mail)',
    status: 303,
    options: async (copy) => {
      const page = await (await fetch(`${copy.url}/book-call`)).text();
      const formStart = page.match(/name="form_start" value="([^"]+)"/)?.[1];
      if (!formStart) throw new Error('The booking page has no form_start field');
      return {
        url: `${copy.url}/book-call`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        requests: [{ setupRequest: nextLead(formStart) }],
      };
    },
  },
];

/** One case on the first `count` copies at once; the figures summed (req/s) or the worst (p99). */
async function loadCopies(
  benchCase: Case,
  copies: RunningSite[],
  duration: number,
): Promise<Omit<CopiesRow, 'case' | 'copies'>> {
  const connections = Math.max(1, Math.floor(CONNECTIONS / copies.length));
  const results = await Promise.all(
    copies.map(async (copy) =>
      autocannon({ ...(await benchCase.options(copy)), connections, duration, timeout: 30 }),
    ),
  );
  return {
    'req/s': Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    'p50 ms': Math.max(...results.map((r) => r.latency.p50)),
    'p99 ms': Math.max(...results.map((r) => r.latency.p99)),
    unexpected: results.reduce(
      (sum, r) => sum + r.requests.total - (r.statusCodeStats?.[`${benchCase.status}`]?.count ?? 0),
      0,
    ),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

export async function measureCopies(): Promise<CopiesRow[]> {
  const database = await createTestDatabase();
  const copies: RunningSite[] = [];
  try {
    // What every copy shares: the database and the secret its sessions and forms are signed with.
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SEED_DEMO: 'true',
      FORM_MIN_FILL_SECONDS: '0',
    };
    const rows: CopiesRow[] = [];
    // Copies are added one at a time, so a measure with fewer copies has no idle one beside it.
    for (let count = 1; count <= MAX_COPIES; count += 1) {
      copies.push(await startSite(env));
      for (const benchCase of cases) {
        await loadCopies(benchCase, copies, 2); // warm-up: JIT, page caches, pools
        rows.push({
          case: benchCase.name,
          copies: count,
          ...(await loadCopies(benchCase, copies, DURATION_S)),
        });
      }
    }
    return rows.sort(
      (a, b) =>
        cases.findIndex((c) => c.name === a.case) - cases.findIndex((c) => c.name === b.case),
    );
  } finally {
    for (const copy of copies) await copy.stop();
    await database.drop();
  }
}

export async function printCopies(): Promise<void> {
  let rows: CopiesRow[];
  try {
    rows = await measureCopies();
  } catch (error) {
    console.log(`\nCopies not measured: ${(error as Error).message}`);
    return;
  }
  console.log(
    `\n1, 2 and 3 copies of the server on one PostgreSQL 17, ${CONNECTIONS} connections shared out ` +
      `over the copies, ${DURATION_S} s each (the load generator, the copies and PostgreSQL share ` +
      `this machine's ${navigator.hardwareConcurrency} cores):\n`,
  );
  console.table(rows);
  for (const benchCase of cases) {
    const [one, ...more] = rows.filter((row) => row.case === benchCase.name);
    if (!one || one['req/s'] === 0) continue;
    const ratios = more.map(
      (row) => `${row.copies} copies ${(row['req/s'] / one['req/s']).toFixed(2)}×`,
    );
    console.log(`${benchCase.name}: ${ratios.join(', ')} of one copy`);
  }
}

if (import.meta.main) {
  const postgres = await startTestPostgres();
  try {
    await printCopies();
  } finally {
    await postgres.stop();
  }
}
