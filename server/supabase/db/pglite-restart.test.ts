// The first statement after PGlite's worker was ended for a timeout is timed from when it runs,
// not from the new worker's warm-up, in a process with a single V8 helper thread, as the lean
// process runs (server/lean-process.ts): there a worker that compiled PGlite's WebAssembly itself
// kept the next statement waiting about two seconds, which a lead's 3 s timeout did not survive
// under load. The check runs in a child process, since the helper threads are fixed at start.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-restart-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const script = `
const { openPglite } = await import(${JSON.stringify(new URL('./pglite.ts', import.meta.url).href)});
const db = await openPglite(process.argv[2]);
const inHalfASecond = (sql) =>
  db.batch([{ sql: "select set_config('statement_timeout', '500ms', true)", params: [] }, { sql, params: [] }], { timeoutMs: 500 });
await db.exec('create table scratch (n int, body text)');
const outcomes = [];
for (let round = 0; round < 5; round++) {
  // Work enough for V8 to optimise PGlite's hot functions in the background.
  await db.query("insert into scratch select n, repeat('x', 200) from generate_series(1, 20000) n");
  const stopped = await inHalfASecond('select pg_sleep(5)').catch((error) => error.code);
  const next = await inHalfASecond("select 'answered' as answer").then(
    ({ rows }) => rows[0].answer,
    (error) => error.code,
  );
  outcomes.push([stopped, next]);
}
await db.close();
console.log(JSON.stringify(outcomes));
`;

it('runs the first statement after a restart within its own timeout', async () => {
  const file = path.join(dir, 'restart.mjs');
  await writeFile(file, script);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--v8-pool-size=1', file, path.join(dir, 'data')],
    { timeout: 120_000 },
  );
  expect(JSON.parse(stdout)).toEqual(Array(5).fill(['57014', 'answered']));
}, 150_000);
