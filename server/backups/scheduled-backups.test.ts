import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { backupFileName } from './manifest.ts';
import {
  BACKUP_JOB,
  backupsDir,
  pruneBackups,
  startScheduledBackups,
} from './scheduled-backups.ts';

const DAY = 24 * 60 * 60 * 1000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'scheduled-backups-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('pruning the backups', () => {
  it('deletes those past the days kept, keeps the newest always, and leaves other files', async () => {
    const folder = path.join(dir, 'prune');
    await mkdir(folder);
    const now = new Date('2026-11-27T06:00:00Z');
    const taken = [30, 8, 6, 1].map((days) => backupFileName(new Date(now.getTime() - days * DAY)));
    for (const name of [...taken, 'notes.txt']) await writeFile(path.join(folder, name), 'x');
    // A backup being written by a process that is gone (the pid is past any real one).
    await mkdir(path.join(folder, '.taking-99999999-abc'));

    expect(await pruneBackups(folder, 7, now)).toEqual(taken.slice(0, 2));
    expect((await readdir(folder)).sort()).toEqual([...taken.slice(2), 'notes.txt'].sort());
  });

  it('keeps the newest backup however old it is', async () => {
    const folder = path.join(dir, 'only-old');
    await mkdir(folder);
    const name = backupFileName(new Date('2026-01-01T00:00:00Z'));
    await writeFile(path.join(folder, name), 'x');
    expect(await pruneBackups(folder, 7, new Date('2026-11-27T00:00:00Z'))).toEqual([]);
  });
});

describe('the schedule', () => {
  let db: Database;
  const dataDir = () => path.join(dir, 'site');

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db, { log: () => undefined });
  });
  afterAll(() => db?.close());

  it('takes none at a first start, and one once the interval has passed since the last', async () => {
    const lines: string[] = [];
    const job = await startScheduledBackups({
      db,
      dataDir: dataDir(),
      intervalHours: 24,
      keepDays: 7,
      log: (line) => lines.push(line),
      checkIntervalMs: 3_600_000, // checks when the test asks (and once at start)
    });
    try {
      expect(await job.check()).toBe(false);
      expect(await readdir(backupsDir(dataDir())).catch(() => [])).toEqual([]);

      await db.query(
        `update private.job_runs set finished_at = now() - interval '25 hours' where job = $1`,
        [BACKUP_JOB],
      );
      expect(await job.check()).toBe(true);
      const taken = await readdir(backupsDir(dataDir()));
      expect(taken).toHaveLength(1);
      expect(taken[0]).toMatch(/^backup-\d{8}T\d{9}Z\.tar\.gz$/);
      expect(lines.join('\n')).toContain(
        `Backup taken: ${path.join(backupsDir(dataDir()), taken[0]!)}`,
      );

      // Just taken: not due again.
      expect(await job.check()).toBe(false);
    } finally {
      await job.stop();
    }
  });
});
