// The site's own reads through each transport: the same supabase-js read of ten published posts
// (the blog list's) with the anon key, against one embedded backend on PostgreSQL, over
// a loopback socket and through the in-process fetch (docs/decisions/0034), in alternating rounds
// so both see the same machine. The client and the server share this process, so its CPU time per
// read is what one read costs the site, whatever else the machine runs. Printed, never asserted.
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '#server/config.ts';
import { startServer } from '#server/app.ts';
import { createTempDir, createTestDatabase, startTestPostgres } from '#tests/support/databases.ts';

const READS = Number(process.env.BENCH_READS ?? 2000);
const ROUNDS = 6;

interface Figures {
  transport: string;
  'reads/s': number;
  'mean µs': number;
  'CPU µs/read': number;
}

export async function measureInProcessReads(): Promise<Figures[]> {
  const { dir, cleanup } = await createTempDir();
  const database = await createTestDatabase();
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: database.url,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'correct-horse-battery-staple',
      SEED_DEMO: 'true',
    }),
    { site: false, log: () => {} },
  );
  try {
    const { anonKey } = server.backend!;
    // The loaders' client as app/data/supabase.server.ts makes it.
    const clientOver = (fetch: typeof globalThis.fetch) =>
      createClient(server.url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { fetch },
      });
    const transports = {
      'loopback socket': clientOver(fetch),
      'in process': clientOver(server.fetch!),
    };
    const totals = new Map<string, { wallMs: number; cpuUs: number; reads: number }>();
    const readAll = async (client: ReturnType<typeof clientOver>, reads: number) => {
      for (let i = 0; i < reads; i++) {
        const { data, error } = await client
          .from('blog_posts')
          .select('slug, title, summary, published_date')
          .eq('language', 'english')
          .order('published_date', { ascending: false })
          .limit(10);
        if (error || !data?.length)
          throw new Error(`The read failed: ${error?.message ?? 'no rows'}`);
      }
    };
    for (const client of Object.values(transports)) await readAll(client, 200); // warm up
    for (let round = 0; round < ROUNDS; round++) {
      const order = Object.entries(transports);
      if (round % 2) order.reverse();
      for (const [name, client] of order) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        await readAll(client, READS / ROUNDS);
        const wallMs = performance.now() - started;
        const used = process.cpuUsage(cpu);
        const total = totals.get(name) ?? { wallMs: 0, cpuUs: 0, reads: 0 };
        total.wallMs += wallMs;
        total.cpuUs += used.user + used.system;
        total.reads += READS / ROUNDS;
        totals.set(name, total);
      }
    }
    return [...totals].map(([transport, { wallMs, cpuUs, reads }]) => ({
      transport,
      'reads/s': Math.round((reads / wallMs) * 1000),
      'mean µs': Math.round((wallMs / reads) * 1000),
      'CPU µs/read': Math.round(cpuUs / reads),
    }));
  } finally {
    await server.close();
    await database.drop();
    await cleanup();
  }
}

export async function printInProcessReads(): Promise<void> {
  console.log(
    `\nThe site's own read of ten posts, one at a time, ${READS} reads per transport on PostgreSQL` +
      ' (the server and the client in this process):',
  );
  console.table(await measureInProcessReads());
}

if (import.meta.main) {
  const postgres = await startTestPostgres();
  try {
    await printInProcessReads();
  } finally {
    await postgres.stop();
  }
}
