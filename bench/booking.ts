// What booking costs. The free slots of a 60-day horizon with 500 meetings booked
// (pure computation, as the thank-you step does it per request), and bookings per second when
// every attempt is for the same time: the exclusion constraint lets one through and refuses the
// rest (23P01), on PGlite and on PostgreSQL, through the data API with the service key as the
// site's server books; and what a burst of fresh leads and one lead's cancel-and-rebook cycles
// manage to take under the booking bounds (decision 22). Printed, never asserted.
// BENCH_SLOTS_ONLY=1: the computation alone.
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createServer } from 'vite';
import type { Availability, BusyTime } from '../app/data/availability.ts';
import type { freeSlots as FreeSlots } from '../app/features/booking/slots.ts';
import type { startTestBackend as StartTestBackend } from '../tests/support/backend.ts';
import { startTestPostgres, type BackendKind } from '../tests/support/databases.ts';

const availability: Availability = {
  timeZone: 'Europe/Stockholm',
  weeklyHours: Object.fromEntries([1, 2, 3, 4, 5].map((day) => [day, [{ start: 480, end: 1080 }]])),
  meetingMinutes: 30,
  bufferMinutes: 15,
  minimumNoticeMinutes: 240,
  horizonDays: 60,
  blockedDates: [],
  openedHolidays: [],
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Modules as the site and the contract tests run them: through Vite, which resolves the app's `~/`
 * imports (tests/support/backend.ts reads posts through app/data). Open until close().
 */
async function viteModules() {
  const root = path.resolve(import.meta.dirname, '..');
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    resolve: { alias: { '~': path.join(root, 'app') } },
  });
  return {
    load: (file: string) => vite.ssrLoadModule(file),
    close: () => vite.close(),
  };
}

/** Set by printBooking, from the module Vite loads. */
let startTestBackend: typeof StartTestBackend;

async function slotComputation(freeSlots: typeof FreeSlots) {
  const now = Date.parse('2026-11-30T06:00:00Z');
  // 500 meetings on weekday working hours across the horizon.
  const busy: BusyTime[] = Array.from({ length: 500 }, (_, i) => {
    const day = Math.floor((i * 60) / 500);
    const start = now + day * 86_400_000 + (2 + (i % 9)) * 3_600_000;
    return { start, end: start + 45 * 60_000 };
  });
  for (let i = 0; i < 20; i += 1) freeSlots(availability, busy, now); // warm-up
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < 200; i += 1) {
    const started = performance.now();
    slots = freeSlots(availability, busy, now).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    'free slots': slots,
    'median ms': Number(percentile(times, 50).toFixed(2)),
    'p99 ms': Number(percentile(times, 99).toFixed(2)),
  };
}

async function contention(kind: BackendKind, attempts: number, concurrency: number) {
  const backend = await startTestBackend(kind);
  try {
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.consultations (name, email, phone_number, problems, company_name, how_found_us)
       select 'Bench ' || n, 'bench.' || n || '.' || gen_random_uuid() || '@example.se', '070-000 00 00',
              'We need more qualified leads for our business.', 'Bench AB', 'Google'
         from generate_series(1, $1::int) as n
       returning id`,
      [attempts],
    );
    const service = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const start = new Date('2026-12-01T09:00:00Z');
    const meeting = {
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
      busy_until: new Date(start.getTime() + 45 * 60_000).toISOString(),
    };
    const queue = rows.map((row) => row.id);
    let booked = 0;
    let refused = 0;
    let failed = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let id = queue.pop(); id; id = queue.pop()) {
          const { error } = await service
            .from('meetings')
            .insert({ consultation_id: id, ...meeting });
          if (!error) booked += 1;
          else if (error.code === '23P01') refused += 1;
          else failed += 1;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    return {
      backend: kind === 'pglite' ? 'PGlite' : 'PostgreSQL 17',
      attempts,
      concurrency,
      'attempts/s': Math.round(attempts / seconds),
      booked,
      'refused (23P01)': refused,
      'other errors': failed,
    };
  } finally {
    await backend.close();
  }
}

/**
 * What a burst manages to take (decision 22): 20 fresh leads from 4 addresses, each trying the
 * default hours' times of one Tuesday and the days after in order until one is booked, as the
 * site's server books for them; then one lead's 20 cancel-and-rebook cycles and its invitations.
 */
async function burst(kind: BackendKind) {
  const backend = await startTestBackend(kind);
  try {
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.consultations (name, email, phone_number, problems, company_name, how_found_us)
       select 'Burst ' || n, 'burst.' || n || '.' || gen_random_uuid() || '@example.se', '070-000 00 00',
              'We need more qualified leads for our business.', 'Burst AB', 'Google'
         from generate_series(1, 21) as n
       returning id`,
    );
    const service = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const times = (start: number) => ({
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 30 * 60_000).toISOString(),
      busy_until: new Date(start + 45 * 60_000).toISOString(),
    });
    // Tuesday 2 June 2099 09:00 in Stockholm, every 45 minutes to 16:30, five weekdays on.
    const candidates = [0, 1, 2, 3, 6].flatMap((day) =>
      Array.from(
        { length: 10 },
        (_, i) => Date.parse('2099-06-02T07:00:00Z') + day * 86_400_000 + i * 45 * 60_000,
      ),
    );
    const refusals: Record<string, number> = {};
    const leads = rows
      .slice(0, 20)
      .map((row, i) => ({ id: row.id, address: `203.0.113.${11 + (i % 4)}` }));
    let booked = 0;
    for (const lead of leads) {
      for (const start of candidates) {
        const { error } = await service
          .from('meetings')
          .insert({ consultation_id: lead.id, ...times(start) })
          .setHeader('x-forwarded-for', lead.address);
        if (!error) {
          booked += 1;
          break;
        }
        const reason = error.hint ?? error.code ?? 'error';
        refusals[reason] = (refusals[reason] ?? 0) + 1;
        if (error.hint === 'meetings_per_address') break;
      }
    }
    const held = await backend.db.query<{ day: string; calls: string; minutes: string }>(
      `select (starts_at at time zone 'Europe/Stockholm')::date::text as day, count(*)::text as calls,
              round(sum(extract(epoch from busy_until - starts_at) / 60))::text as minutes
         from public.meetings where status = 'active' group by 1 order by 1 limit 1`,
    );

    // One lead cancels and books again 20 times.
    const cycler = rows[20]!.id;
    let cycles = 0;
    for (let i = 0; i < 20; i++) {
      const made = await service
        .from('meetings')
        .insert({
          consultation_id: cycler,
          ...times(Date.parse('2099-07-01T07:00:00Z') + i * 86_400_000),
        })
        .select('id, sequence')
        .single();
      if (made.error) continue;
      cycles += 1;
      await service
        .from('meetings')
        .update({ status: 'cancelled', sequence: made.data.sequence + 1 })
        .eq('id', made.data.id);
    }
    const mails = await backend.db.query<{ now: string; held: string }>(
      `select count(*) filter (where not mm.held)::text as now, count(*) filter (where mm.held)::text as held
         from public.meeting_mails mm join public.meetings m on m.id = mm.meeting_id
        where m.consultation_id = $1 and mm.kind = 'visitor_invitation'`,
      [cycler],
    );
    const first = held.rows[0];
    return {
      backend: kind === 'pglite' ? 'PGlite' : 'PostgreSQL 17',
      'burst booked (of 20)': booked,
      'refused: per address': refusals.meetings_per_address ?? 0,
      'refused: share of day': refusals.meetings_share_of_day ?? 0,
      'refused: taken': refusals['23P01'] ?? 0,
      'first day held': first ? `${first.calls} calls, ${first.minutes} of 480 min` : 'none',
      'cycles booked (of 20)': cycles,
      'visitor invitations now / held': `${mails.rows[0]!.now} / ${mails.rows[0]!.held}`,
    };
  } finally {
    await backend.close();
  }
}

export async function printBooking(): Promise<void> {
  console.log(
    '\nBooking: free slots of a 60-day horizon, weekdays 08-18, 30-minute meetings with a 15-minute buffer, 500 meetings booked (200 runs)',
  );
  const modules = await viteModules();
  const slots = (await modules.load('/app/features/booking/slots.ts')) as {
    freeSlots: typeof FreeSlots;
  };
  const backend = (await modules.load('/tests/support/backend.ts')) as {
    startTestBackend: typeof StartTestBackend;
  };
  startTestBackend = backend.startTestBackend;
  const postgres = await startTestPostgres();
  try {
    console.table([await slotComputation(slots.freeSlots)]);
    const rows = process.env.BENCH_SLOTS_ONLY
      ? []
      : [await contention('pglite', 200, 20), await contention('postgres', 200, 20)];
    console.log(
      '\nBookings under contention: every attempt for the same time, 20 at once, through /rest/v1',
    );
    console.table(rows);
    if (!process.env.BENCH_SLOTS_ONLY) {
      console.log(
        '\nWhat a burst takes: 20 fresh leads from 4 addresses each booking the first time it can, and one lead cancelling and booking again 20 times',
      );
      console.table([await burst('pglite'), await burst('postgres')]);
    }
  } finally {
    await postgres.stop();
    await modules.close();
  }
}

if (import.meta.main) await printBooking();
