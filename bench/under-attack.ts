// Issue 13: what visitors get while an outside client keeps 20 hostile regular expressions
// running against /rest/v1. One visitor at a time asks for the home page and a post (both past
// the page cache, as a signed-in member would), and sends the booking form, for the same time
// without and then with the attack; p50 and p99 of each are printed, with the attack's own
// answers. Printed, never asserted.
import { attack } from '../tests/support/attack.ts';
import { postBookingForm, startSite, type RunningSite } from '../tests/support/site.ts';
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
      Object.keys(checks).forEach((name, i) => {
        const { ms, failed } = timings[i]!;
        rows.push({
          phase,
          request: name,
          answered: ms.length,
          failed,
          'p50 ms': percentile(ms, 50),
          'p99 ms': percentile(ms, 99),
        });
      });
      if (hostile) {
        const answers = [...hostile.statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
        console.log(
          `\nThe attack on ${label}: ${hostile.sent} hostile requests answered (${answers})`,
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
