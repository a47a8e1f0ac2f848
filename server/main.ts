// The Node process: config → database → migrations → admin and demo content → HTTP; with
// WORKERS > 1, the first process starts the database and the workers, which serve (decision 39).
import './production-env.ts';
import { loadConfig, type Config } from './config.ts';
import { restartLeanIfNeeded } from './lean-process.ts';
import cluster from 'node:cluster';
import { WORKER_NUMBER, type WorkerMessage, type WorkerReady } from './worker-messages.ts';

function describeDatabase(config: Config): string {
  if (config.DATABASE_URL) return 'PostgreSQL (DATABASE_URL)';
  return config.EMBEDDED_DATABASE === 'pglite'
    ? `PGlite in ${config.dataDir}`
    : `PostgreSQL 17 in ${config.dataDir} (files and mail beside it)`;
}

/** What the server prints once it serves, with the "running at" line last. */
function startupLines(config: Config, ready: WorkerReady, processes?: string): string {
  const lines = ready.anonKey
    ? [
        `Supabase URL: ${ready.url}   (auth at /auth/v1, data at /rest/v1, files at /storage/v1)`,
        `Anon key:     ${ready.anonKey}`,
        `Data:         ${describeDatabase(config)}`,
      ]
    : [`Backend:      hosted Supabase at ${config.SUPABASE_URL}`];
  if (processes) lines.push(`Processes:    ${processes}`);
  return ['', ...lines, `The site is running at ${ready.url}`, ''].join('\n');
}

async function main() {
  const config = loadConfig();
  // V8's heap bound, its helper threads and glibc's arenas are read only at start (decisions 35, 41).
  restartLeanIfNeeded(config.PAGE_CACHE_MB, config.WORKERS);
  const dev = process.argv.includes('--dev');
  if (dev && config.WORKERS > 1)
    console.log('WORKERS is not used by npm run dev: one process serves.');
  if (!dev && config.WORKERS > 1 && cluster.isPrimary) return supervise(config);
  // Set in a worker that the first process started (decision 39).
  const workerNumber = process.env[WORKER_NUMBER];
  // Workers after the first keep their start's notices to themselves: the first has said the same.
  let quiet = Number(workerNumber) > 1;
  const prefix = workerNumber ? `Worker ${workerNumber}: ` : '';
  const say = (line: string) => quiet || console.log(prefix + line);
  const complain = (line: string) => console.error(prefix + line);

  // Loaded after that, so a restart does not load the whole site twice.
  const { startServer } = await import('./app.ts');
  const starting = startServer(config, { dev, log: say });

  // Handlers are installed before anything is printed: a stop requested while the server is
  // still starting waits for the start to finish, then stops cleanly. A stop finishes what is in
  // flight within SHUTDOWN_TIMEOUT_SECONDS (decision 32); a second signal, or the bound, ends the
  // process at once (the embedded PostgreSQL is stopped on the way out).
  const stopper = onStop(config, { say, complain }, async (graceMs) => {
    const server = await starting.catch(() => undefined);
    // A start that failed is reported, with exit code 1, where it is awaited below.
    if (!server) return new Promise<void>(() => {});
    await server.shutdown(graceMs);
  });
  if (workerNumber) {
    // The first process stops its workers over their channel; a worker outlives it by no more
    // than its own stop.
    process.on('message', (message: WorkerMessage) => {
      if ('stop' in message) stopper.stop('The first process is stopping', message.stop.graceMs);
    });
    process.on('disconnect', () => stopper.stop('The first process is gone', 0));
  }

  const server = await starting;
  if (stopper.stopping()) return;
  quiet = false;
  const ready: WorkerReady = { url: server.url, anonKey: server.backend?.anonKey };
  if (workerNumber) process.send?.({ ready } satisfies WorkerMessage);
  // One write, with the "running at" line last: whoever waits for it has the rest too.
  else console.log(startupLines(config, ready));
}

/** WORKERS processes of the site under this one, which serves none itself. */
async function supervise(config: Config) {
  const log = (line: string) => console.log(line);
  const complain = (line: string) => console.error(line);
  const { superviseWorkers } = await import('./workers.ts');
  const starting = superviseWorkers(config, log);
  // As in a worker: a stop during the start waits for it, then stops what started.
  const stopper = onStop(config, { say: log, complain }, async (graceMs) => {
    const started = await starting.catch(() => undefined);
    if (!started) return new Promise<void>(() => {});
    await started.supervisor.stop(graceMs);
  });
  const { supervisor, ready } = await starting;
  if (stopper.stopping()) return;
  const pids = supervisor.pids().join(', ');
  console.log(
    startupLines(
      config,
      ready,
      `${config.WORKERS} workers (${pids}) under ${process.pid} (WORKERS)`,
    ),
  );
}

/**
 * SIGTERM (with SHUTDOWN_GRACE_SECONDS for the balancer) and Ctrl-C (without) stop the process
 * through `shutdown`, bounded by SHUTDOWN_TIMEOUT_SECONDS; a second signal ends it at once. A stop
 * asked otherwise (a worker's first process) while one is under way changes nothing.
 */
function onStop(
  config: Config,
  { say, complain }: { say: (line: string) => void; complain: (line: string) => void },
  shutdown: (graceMs: number) => Promise<void>,
) {
  let stopping = false;
  const stop = (why: string, graceMs: number) => {
    if (stopping) return;
    stopping = true;
    const timeout = config.SHUTDOWN_TIMEOUT_SECONDS;
    say(`${why}: shutting down.`);
    say(`Finishing the requests and sends in flight (at most ${timeout} s).`);
    setTimeout(() => {
      complain(
        `Shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS (${timeout} s): exiting, cutting what was still in flight.`,
      );
      process.exit(1);
    }, timeout * 1000);
    shutdown(graceMs).then(
      () => {
        say('Stopped: every request in flight was answered.');
        process.exit(0);
      },
      (error: unknown) => {
        complain(`Shutdown failed: ${error instanceof Error ? error.stack : error}`);
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      complain(`${signal} received again: exiting without waiting.`);
      process.exit(1);
    }
    // Ctrl-C at a terminal has no balancer to tell: it skips the grace.
    stop(`\n${signal} received`, signal === 'SIGTERM' ? config.SHUTDOWN_GRACE_SECONDS * 1000 : 0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return { stop, stopping: () => stopping };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
