// Issue 15: what booking costs. The free slots of a 60-day horizon with 500 meetings booked
// (pure computation, as the thank-you step does it per request), and bookings per second when
// every attempt is for the same time: the exclusion constraint lets one through and refuses the
// rest (23P01), on PGlite and on PostgreSQL, through the data API with the service key as the
// site's server books. Printed, never asserted. BENCH_SLOTS_ONLY=1: the computation alone.
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createServer } from 'vite';
import type {
  Availability,
  BusyTime,
  freeSlots as FreeSlots,
} from '../app/features/booking/slots.ts';
import { startTestBackend, type BackendKind } from '../tests/support/backend.ts';
import { startTestPostgres } from '../tests/support/databases.ts';

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

/** The app's module as the site runs it: through Vite, which resolves the app's `~/` imports. */
async function loadFreeSlots(): Promise<typeof FreeSlots> {
  const root = path.resolve(import.meta.dirname, '..');
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    resolve: { alias: { '~': path.join(root, 'app') } },
  });
  try {
    const module = (await vite.ssrLoadModule('/app/features/booking/slots.ts')) as {
      freeSlots: typeof FreeSlots;
    };
    return module.freeSlots;
  } finally {
    await vite.close();
  }
}

async function slotComputation() {
  const freeSlots = await loadFreeSlots();
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

export async function printBooking(): Promise<void> {
  console.log(
    '\nBooking (issue 15): free slots of a 60-day horizon, weekdays 08-18, 30-minute meetings with a 15-minute buffer, 500 meetings booked (200 runs)',
  );
  console.table([await slotComputation()]);
  const postgres = await startTestPostgres();
  try {
    const rows = process.env.BENCH_SLOTS_ONLY
      ? []
      : [await contention('pglite', 200, 20), await contention('postgres', 200, 20)];
    console.log(
      '\nBookings under contention: every attempt for the same time, 20 at once, through /rest/v1',
    );
    console.table(rows);
  } finally {
    await postgres.stop();
  }
}

if (import.meta.main) await printBooking();
