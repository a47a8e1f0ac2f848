// The Node process: config → database → migrations → admin and demo content → HTTP.
import './production-env.ts';
import { loadConfig, type Config } from './config.ts';
import { restartLeanIfNeeded } from './lean-process.ts';

function describeDatabase(config: Config): string {
  if (config.DATABASE_URL) return 'PostgreSQL (DATABASE_URL)';
  return config.EMBEDDED_DATABASE === 'pglite'
    ? `PGlite in ${config.dataDir}`
    : `PostgreSQL 17 in ${config.dataDir} (files and mail beside it)`;
}

async function main() {
  const config = loadConfig();
  // V8's heap bound and glibc's arenas are read only at start (decision 35).
  restartLeanIfNeeded(config.PAGE_CACHE_MB);
  // Loaded after that, so a restart does not load the whole site twice.
  const { startServer } = await import('./app.ts');
  const starting = startServer(config, { dev: process.argv.includes('--dev') });

  // Handlers are installed before anything is printed: a stop requested while the server is
  // still starting waits for the start to finish, then stops cleanly. A stop finishes what is in
  // flight within SHUTDOWN_TIMEOUT_SECONDS (decision 32); a second signal, or the bound, ends the
  // process at once (the embedded PostgreSQL is stopped on the way out).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} received again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    const timeout = config.SHUTDOWN_TIMEOUT_SECONDS;
    console.log(`\n${signal} received: shutting down.`);
    console.log(`Finishing the requests and sends in flight (at most ${timeout} s).`);
    setTimeout(() => {
      console.error(
        `Shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS (${timeout} s): exiting, cutting what was still in flight.`,
      );
      process.exit(1);
    }, timeout * 1000);
    try {
      // A start that failed is reported, with exit code 1, where it is awaited below.
      const server = await starting.catch(() => undefined);
      if (!server) return;
      // Ctrl-C at a terminal has no balancer to tell: it skips the grace.
      const graceSeconds = signal === 'SIGTERM' ? config.SHUTDOWN_GRACE_SECONDS : 0;
      await server.shutdown(graceSeconds * 1000);
      console.log('Stopped: every request in flight was answered.');
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const server = await starting;
  if (stopping) return;

  // One write, with the "running at" line last: whoever waits for it has the rest too.
  const lines = server.backend
    ? [
        `Supabase URL: ${server.url}   (auth at /auth/v1, data at /rest/v1, files at /storage/v1)`,
        `Anon key:     ${server.backend.anonKey}`,
        `Data:         ${describeDatabase(config)}`,
      ]
    : [`Backend:      hosted Supabase at ${config.SUPABASE_URL}`];
  console.log(['', ...lines, `The site is running at ${server.url}`, ''].join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
