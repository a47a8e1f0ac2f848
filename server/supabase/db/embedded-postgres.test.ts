import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '#tests/support/databases.ts';
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
