import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '#tests/support/databases.ts';
import { isRunning } from '#server/data-dir.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';

describe('the embedded PostgreSQL', () => {
  let server: EmbeddedPostgres;
  let cleanup: () => Promise<void>;
  let client: pg.Client;

  beforeAll(async () => {
    const temp = await createTempDir('leadgen-embedded-');
    cleanup = temp.cleanup;
    server = await startEmbeddedPostgres({
      directory: path.join(temp.dir, 'cluster'),
      settings: { fsync: 'off', work_mem: '2MB' },
    });
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await server?.stop();
    await cleanup?.();
  });

  const setting = async (name: string) =>
    (await client.query<{ setting: string }>('select current_setting($1) as setting', [name]))
      .rows[0]!.setting;

  it('runs with the settings sized for a small machine', async () => {
    expect(await setting('max_connections')).toBe('30');
    expect(await setting('shared_buffers')).toBe('64MB');
    expect(await setting('maintenance_work_mem')).toBe('32MB');
    expect(await setting('autovacuum_max_workers')).toBe('2');
    expect(await setting('max_parallel_workers_per_gather')).toBe('0');
    expect(await setting('effective_cache_size')).toBe('256MB');
  });

  it("lets the caller's settings win over them", async () => {
    expect(await setting('work_mem')).toBe('2MB');
  });
});

describe('the embedded PostgreSQL stopped from outside', () => {
  it('starts again on the same data, and not once it was told to stop', async () => {
    const temp = await createTempDir('leadgen-embedded-');
    const directory = path.join(temp.dir, 'cluster');
    const logged: string[] = [];
    const server = await startEmbeddedPostgres({
      directory,
      settings: { fsync: 'off' },
      log: (line) => logged.push(line),
    });
    const postmaster = async () =>
      Number(
        (await readFile(path.join(directory, 'data', 'postmaster.pid'), 'utf8')).split('\n')[0],
      );
    const ask = async (sql: string) => {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        return (await client.query<{ v: string }>(sql)).rows;
      } finally {
        await client.end();
      }
    };
    try {
      await ask("create table kept as select 'committed' as v");
      const first = await postmaster();
      process.kill(first, 'SIGKILL'); // as the kernel's out-of-memory killer would

      await expect
        .poll(() => ask('select v from kept').catch((error: Error) => error.message), {
          timeout: 20_000,
          interval: 250,
        })
        .toEqual([{ v: 'committed' }]);
      expect(await postmaster()).not.toBe(first);
      expect(logged).toContain('PostgreSQL stopped unexpectedly: starting it again in 1 s.');
      expect(logged).toContain('PostgreSQL is running again.');

      const second = await postmaster();
      await server.stop();
      expect(isRunning(second)).toBe(false);
      // Past the first restart's wait: nothing started it again.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await postmaster().catch(() => 'no server')).toBe('no server');
    } finally {
      await server.stop();
      await temp.cleanup();
    }
  }, 60_000);
});
