// Vitest's global setup: one PostgreSQL server for every test file that needs one.
import { startTestPostgres } from './databases.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const postgres = await startTestPostgres();
  return postgres.stop;
}
