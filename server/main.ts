// The Node process: config → database → migrations → admin and demo content → HTTP.
import { loadConfig } from './config.ts';
import { startServer } from './app.ts';

async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`\nThe site is running at ${server.url}`);
  if (server.backend) {
    console.log(`Supabase URL: ${server.url}   (auth at /auth/v1, data at /rest/v1)`);
    console.log(`Anon key:     ${server.backend.anonKey}`);
    console.log(
      `Data:         ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}`,
    );
  } else {
    console.log(`Backend: hosted Supabase at ${config.SUPABASE_URL}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: shutting down.`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
