// More than one process of the site on this machine (WORKERS > 1, decision 39), with Node's
// cluster. The first process serves no page: it holds DATA_DIR, starts the embedded PostgreSQL
// and prepares the database (migrations, demo posts, administrator), then forks WORKERS processes
// of the site, each on that database through DATABASE_URL as copies on several machines are
// (README, "Deploy it on many copies": edits heard through the database's notices, jobs once
// through their leases). It owns the port and hands each new connection to the next worker in
// turn, starts a worker that ends again, and on SIGTERM or Ctrl-C stops them all (each drains as a
// copy does) before its database.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Config } from './config.ts';
import { openDatabase, prepareDatabase } from './database.ts';
import { v8HelperThreads, withHelperThreads } from './lean-process.ts';
import { WORKER_NUMBER, type WorkerMessage, type WorkerReady } from './worker-messages.ts';

/** A worker that ended sooner than this after its start counts as failing: the next start waits longer. */
const STEADY_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const LONGEST_RESTART_DELAY_MS = 30_000;

/** The wait before starting a worker again after `failures` ends in a row. */
export function restartDelayMs(failures: number): number {
  return Math.min(
    LONGEST_RESTART_DELAY_MS,
    FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, failures - 1),
  );
}

interface Slot {
  number: number;
  worker?: Worker;
  exited?: Promise<void>;
  failures: number;
  restart?: NodeJS.Timeout;
}

export interface Supervisor {
  /** The process ids of the workers running now. */
  pids(): number[];
  /**
   * Asks every worker to stop as on SIGTERM (health draining for graceMs, then finishing what is in
   * flight), waits for them, then stops the database.
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * Starts the database and the workers; resolves once every worker serves, with what the first
 * one said. A worker that ends before it serves fails the whole start (its error is on stderr).
 */
export async function superviseWorkers(
  config: Config,
  log: (line: string) => void,
): Promise<{ supervisor: Supervisor; ready: WorkerReady }> {
  // Against hosted Supabase there is no database to prepare here; with DATABASE_URL this process
  // prepares it and every worker opens it too.
  const embedded = !config.SUPABASE_URL && !config.DATABASE_URL;
  const database = config.SUPABASE_URL ? undefined : await openDatabase(config, log);
  const stopDatabase = async () => {
    await database?.db.close();
    database?.release();
  };
  try {
    if (database) await prepareDatabase(database.db, config, log);
  } catch (error) {
    await stopDatabase();
    throw error;
  }
  // The workers reach the embedded database as copies do; a DATABASE_URL they inherit.
  const env: NodeJS.ProcessEnv = embedded && database?.url ? { DATABASE_URL: database.url } : {};

  // Each worker with its share of the cores for V8's helper threads, as this process was given
  // already unless it runs with LEAN_PROCESS=off (decision 41).
  cluster.setupPrimary({
    execArgv: withHelperThreads(
      process.execArgv,
      process.env.NODE_OPTIONS,
      v8HelperThreads(availableParallelism(), config.WORKERS),
    ),
  });
  let serving = false;
  let stopping = false;
  const slots: Slot[] = Array.from({ length: config.WORKERS }, (_, i) => ({
    number: i + 1,
    failures: 0,
  }));

  /** Forks the slot's worker; resolves once it serves, rejects when it ends before. */
  function fork(slot: Slot): Promise<WorkerReady> {
    const startedAt = Date.now();
    const worker = cluster.fork({ ...env, [WORKER_NUMBER]: String(slot.number) });
    slot.worker = worker;
    return new Promise<WorkerReady>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if ('ready' in message) resolve(message.ready);
      });
      slot.exited = new Promise<void>((exited) => {
        worker.once('exit', (code, signal) => {
          exited();
          if (slot.worker === worker) slot.worker = undefined;
          const how = signal ?? `exit code ${code}`;
          reject(new Error(`Worker ${slot.number} ended before it served (${how}).`));
          if (stopping || !serving) return;
          slot.failures = Date.now() - startedAt < STEADY_MS ? slot.failures + 1 : 1;
          const delay = restartDelayMs(slot.failures);
          log(
            `Worker ${slot.number} (process ${worker.process.pid}) ended (${how}): starting it again in ${delay / 1000} s.`,
          );
          slot.restart = setTimeout(() => {
            slot.restart = undefined;
            if (!stopping) fork(slot).catch(() => {}); // its end is logged and retried above
          }, delay);
        });
      });
    });
  }

  const supervisor: Supervisor = {
    pids: () =>
      slots.flatMap((slot) => (slot.worker?.process.pid ? [slot.worker.process.pid] : [])),
    async stop(graceMs) {
      stopping = true;
      await Promise.all(
        slots.map(async (slot) => {
          clearTimeout(slot.restart);
          const worker = slot.worker;
          if (!worker || worker.isDead()) return;
          // Over the channel, not a signal: a worker stopping already (Ctrl-C reaches the whole
          // process group) takes a second signal as "exit at once".
          if (!worker.isConnected()) worker.kill('SIGTERM');
          else
            worker.send({ stop: { graceMs } } satisfies WorkerMessage, (error: Error | null) => {
              if (error) worker.kill('SIGTERM');
            });
          await slot.exited;
        }),
      );
      await stopDatabase();
    },
  };

  try {
    const [first] = await Promise.all(slots.map(fork));
    serving = true;
    return { supervisor, ready: first! };
  } catch (error) {
    await supervisor.stop(0);
    throw error;
  }
}
