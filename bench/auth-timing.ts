// How long the embedded auth takes to answer for a member's address and for one nobody has:
// /otp, /recover and password sign-in with a wrong password, timed one request at a time from
// outside the site's process, the two kinds taking turns. Medians and quartiles in ms; printed,
// never asserted (decision 23). `node bench/auth-timing.ts` runs it alone.
import { addMembers, spread, timeAnswers, type Timings } from '../tests/support/auth-timing.ts';
import { startSite } from '../tests/support/site.ts';

const SAMPLES = Number(process.env.BENCH_AUTH_SAMPLES ?? 100);
const WARM_UP = 10;

export async function printAuthTiming(): Promise<void> {
  const site = await startSite({ SEED_DEMO: 'false', AUTH_RATE_LIMIT_EMAIL_SENT: '100000' });
  try {
    const per = SAMPLES + WARM_UP;
    const members = await addMembers(site, 'timed', 3 * per, 'the member password');
    const rows: Record<string, string | number>[] = [];
    const cases: [string, string, (email: string) => object][] = [
      ['/otp', '/otp', (email) => ({ email, create_user: false })],
      ['/recover', '/recover', (email) => ({ email })],
      [
        'password sign-in (wrong password)',
        '/token?grant_type=password',
        (email) => ({ email, password: 'not the password' }),
      ],
    ];
    for (const [round, [name, path, body]] of cases.entries()) {
      const mine = members.slice(round * per, (round + 1) * per);
      const strangers = mine.map((_, i) => `stranger-${round}-${i}@nobody.example`);
      const first = 1000 * round;
      await timeAnswers(site, path, mine.slice(0, WARM_UP), strangers, body, first);
      const timings: Timings = await timeAnswers(
        site,
        path,
        mine.slice(WARM_UP),
        strangers.slice(WARM_UP),
        body,
        first + WARM_UP,
      );
      for (const [who, samples] of [
        ['member', timings.member],
        ['nobody', timings.stranger],
      ] as const) {
        const { median, q1, q3 } = spread(samples);
        rows.push({ endpoint: name, address: who, answers: samples.length, q1, median, q3 });
      }
    }
    console.log(
      `\nAuth answers for a member's address and one nobody has (${SAMPLES} each, ms, one at a time):`,
    );
    console.table(rows);
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await printAuthTiming();
