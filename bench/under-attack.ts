// What visitors get while an outside client keeps 20 hostile regular expressions running against
// /rest/v1. One visitor at a time asks for the home page and a post (both past
// the page cache, as a signed-in member would), and sends the booking form, for the same time
// without and then with the attack; p50 and p99 of each are printed, with the attack's own
// answers. Then the data API's plain read, for an outside visitor and for a signed-in team
// member, quiet and while twenty addresses each keep a hostile regex in flight (decision 21).
// Printed, never asserted.
import {
  attack,
  attackerAddresses,
  sustainedAttack as attackFromAddresses,
} from '../tests/support/attack.ts';
import {
  postBookingForm,
  signedInAdmin,
  startSite,
  type RunningSite,
} from '../tests/support/site.ts';
import { RENDERING_COOKIE } from './server-throughput.ts';

const SECONDS = Number(process.env.BENCH_ATTACK_SECONDS ?? 15);

type Probe = (n: number) => Promise<Response>;

async function timeLoop(probe: Probe, until: number): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  let failed = 0;
  for (let n = 0; Date.now() < until; n++) {
    const started = performance.now();
    const response = await probe(n).catch(() => undefined);
    await response?.arrayBuffer();
    ms.push(performance.now() - started);
    if (!response || response.status >= 400) failed++;
  }
  return { ms, failed };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0,
  );
};

/** One line of a table: how many answered and failed, and the latency's p50, p99 and worst. */
function timingRow(
  phase: string,
  request: string,
  { ms, failed }: { ms: number[]; failed: number },
) {
  return {
    phase,
    request,
    answered: ms.length,
    failed,
    'p50 ms': percentile(ms, 50),
    'p99 ms': percentile(ms, 99),
    'max ms': Math.round(Math.max(...ms)),
  };
}

/** "12× 500, 3× 429" */
const statusCounts = (statuses: Map<number, number>) =>
  [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');

let leads = 0;
function probes(site: RunningSite, postPath: string): Record<string, Probe> {
  return {
    'GET / (rendered)': () => fetch(`${site.url}/`, { headers: { cookie: RENDERING_COOKIE } }),
    [`GET ${postPath} (rendered)`]: () =>
      fetch(site.url + postPath, { headers: { cookie: RENDERING_COOKIE } }),
    'POST /book-call (a lead)': () => {
      const n = leads++;
      return postBookingForm(
        site.url,
        {
          name: 'Bench Visitor',
          email: `visitor.${process.pid}.${n}@example.com`,
          phone_number: '070 000 00 00',
          company_name: 'Bench AB',
          problems: 'We need a steady flow of qualified leads every week.',
          how_found_us: 'Google',
        },
        { 'X-Forwarded-For': `198.51.${(n >> 8) & 255}.${n & 255}` },
      );
    },
  };
}

/** Keeps `count` hostile requests in flight until `until`. */
async function sustainedAttack(site: RunningSite, count: number, until: number) {
  let sent = 0;
  const statuses = new Map<number, number>();
  const worker = async () => {
    while (Date.now() < until) {
      const [answer] = await attack(site, 1).answers;
      sent++;
      statuses.set(answer!.status, (statuses.get(answer!.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: count }, worker));
  return { sent, statuses };
}

export async function printUnderAttack(env: Record<string, string>, label: string): Promise<void> {
  const site = await startSite({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0', ...env });
  try {
    const slug = (await (await fetch(`${site.url}/blog`)).text()).match(
      /href="\/blog\/([^"/]+)"/,
    )?.[1];
    const checks = probes(site, `/blog/${slug}`);
    const rows: Record<string, string | number>[] = [];
    for (const phase of ['quiet', 'under attack'] as const) {
      const until = Date.now() + SECONDS * 1000;
      const attacking = phase === 'under attack' ? sustainedAttack(site, 20, until) : undefined;
      const timings = await Promise.all(
        Object.values(checks).map((probe) => timeLoop(probe, until)),
      );
      const hostile = await attacking;
      Object.keys(checks).forEach((name, i) => rows.push(timingRow(phase, name, timings[i]!)));
      if (hostile) {
        console.log(
          `\nThe attack on ${label}: ${hostile.sent} hostile requests answered (${statusCounts(hostile.statuses)})`,
        );
      }
    }
    console.log(
      `One visitor at a time for ${SECONDS} s, quiet and with 20 hostile regexes in flight (${label}):`,
    );
    console.table(rows);
  } finally {
    await site.stop();
  }
}

/**
 * The plain read the blog's first page makes, as an outside visitor (one address of its own) and
 * as the signed-in administrator, quiet and while twenty addresses each loop one hostile regex:
 * more than the outside callers' connections can run at once.
 */
export async function printFairShare(env: Record<string, string>, label: string): Promise<void> {
  const site = await startSite({ SEED_DEMO: 'true', ...env });
  try {
    const session = await (await signedInAdmin(site)).auth.getSession();
    const token = session.data.session?.access_token ?? '';
    const read = `${site.url}/rest/v1/blog_posts?limit=3`;
    const checks: Record<string, Probe> = {
      'GET blog_posts?limit=3, a visitor': () =>
        fetch(read, { headers: { apikey: site.anonKey, 'X-Forwarded-For': '198.51.100.50' } }),
      'GET blog_posts?limit=3, a team member': () =>
        fetch(read, {
          headers: {
            apikey: site.anonKey,
            Authorization: `Bearer ${token}`,
            'X-Forwarded-For': '198.51.100.51',
          },
        }),
    };
    const rows: Record<string, string | number>[] = [];
    for (const phase of ['quiet', 'under attack'] as const) {
      const hostile =
        phase === 'under attack' ? attackFromAddresses(site, attackerAddresses(20), 1) : undefined;
      const until = Date.now() + SECONDS * 1000;
      const timings = await Promise.all(
        Object.values(checks).map((probe) => timeLoop(probe, until)),
      );
      const statuses = await hostile?.stop();
      Object.keys(checks).forEach((name, i) => rows.push(timingRow(phase, name, timings[i]!)));
      if (statuses) {
        console.log(`\nThe attack from 20 addresses on ${label}: ${statusCounts(statuses)}`);
      }
    }
    console.log(
      `The data API's plain read, one request at a time for ${SECONDS} s each, quiet and with 20 ` +
        `addresses each looping a hostile regex (${label}):`,
    );
    console.table(rows);
  } finally {
    await site.stop();
  }
}
