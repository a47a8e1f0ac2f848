// A backup taken from one PGlite database and restored into another holds every row (types,
// identities and generated columns as they were), the sequences' positions, the stored files and
// the secrets; a damaged backup and a target with data are refused before anything is written.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '#server/supabase/auth/admin.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { makeTeamAdmin } from '#server/product/team/team-admin.ts';
import { BadManifestError } from './manifest.ts';
import { openBackup, restoreFiles } from './opened-backup.ts';
import { loadBackup, RestoreRefusedError } from './restore-backup.ts';
import { takeBackup, type TakenBackup } from './take-backup.ts';
import { BadArchiveError } from './tar.ts';

const silent = () => undefined;
const PROBE = `create table public.backup_probe (
  id bigint generated always as identity primary key,
  body text not null,
  bytes bytea,
  at timestamptz,
  tags text[],
  doc jsonb,
  total numeric,
  body_length int generated always as (length(body)) stored
)`;

let dir: string;
let source: Database;
let backup: TakenBackup;
const opened: Database[] = [];

async function freshDatabase(): Promise<Database> {
  const db = await openPglite('memory://');
  opened.push(db);
  return db;
}

const probeRows = (db: Database) =>
  db.query(
    `select id::text, body, encode(bytes, 'hex') as bytes, at::text, tags::text, doc::text,
            total::text, body_length from public.backup_probe order by id`,
  );
const admins = (db: Database) =>
  db.query(
    `select u.email, u.encrypted_password, m.role from auth.users u
       join public.team_members m on m.user_id = u.id order by u.email`,
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'backup-restore-'));
  source = await freshDatabase();
  await migrate(source, { log: silent });
  await ensureAdmin(source, {
    email: 'owner@example.com',
    password: 'correct-horse-battery-staple',
    log: silent,
    grantAdmin: makeTeamAdmin,
  });
  await source.exec(PROBE);
  await source.query(
    `insert into public.backup_probe (body, bytes, at, tags, doc, total) values
       ('hej', '\\x00ff10', '2026-11-27 06:00:00.123456+00', '{a,"b c"}', '{"n": [1, 2]}', 12.50),
       ('line one\nline "two"', null, null, '{}', 'null', 'NaN')`,
  );
  // Moves the identity on, past the rows: a restored insert must not reuse an id.
  await source.query(`insert into public.backup_probe (body) values ('gone')`);
  await source.query(`delete from public.backup_probe where body = 'gone'`);
  const sourceDir = path.join(dir, 'source');
  await mkdir(path.join(sourceDir, 'storage', 'blog-images', 'covers'), { recursive: true });
  await writeFile(path.join(sourceDir, 'storage', 'blog-images', 'covers', 'one.png#v1'), 'PNG!');
  await writeFile(path.join(sourceDir, 'jwt-secret'), 'the-site-secret');
  await source.query(
    `insert into storage.objects (bucket_id, name, version, metadata)
     values ('blog-images', 'covers/one.png', 'v1', '{"size": 4}'),
            ('blog-images', 'covers/deleted.png', 'v9', '{"size": 1}')`,
  );
  backup = await takeBackup({
    db: source,
    into: path.join(sourceDir, 'backups'),
    dataDir: sourceDir,
  });
});

afterAll(async () => {
  for (const db of opened) await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a backup', () => {
  it('is one complete file under its final name, with nothing half-written beside it', async () => {
    expect(await readdir(path.join(dir, 'source', 'backups'))).toEqual([
      path.basename(backup.file),
    ]);
  });

  it('counts the rows of every table and names the schema it was taken at', async () => {
    const { manifest } = backup;
    const { rows } = await source.query<{ version: string }>(
      'select max(version) as version from supabase_migrations.schema_migrations',
    );
    expect(manifest.migrations.at(-1)).toBe(rows[0]!.version);
    const count = (name: string) => manifest.tables.find((table) => table.name === name)?.rows;
    expect(count('public.backup_probe')).toBe(2);
    expect(count('auth.users')).toBe(1);
    expect(count('storage.objects')).toBe(2);
    expect(manifest.objects.map((object) => object.entry)).toEqual([
      'files/blog-images/covers/one.png#v1',
    ]);
    expect(manifest.missingObjects).toEqual(['blog-images/covers/deleted.png']);
  });
});

describe('restoring it', () => {
  let target: Database;
  const targetDir = () => path.join(dir, 'target');

  beforeAll(async () => {
    target = await freshDatabase();
    // The probe table is the test's own, not a migration's: the target has it already.
    await target.exec(PROBE);
    const restoring = await openBackup(backup.file, dir);
    try {
      await loadBackup(target, restoring, { log: silent });
      await restoreFiles(restoring, targetDir());
    } finally {
      await restoring.close();
    }
  });

  it('brings back every row as it was', async () => {
    expect((await probeRows(target)).rows).toEqual((await probeRows(source)).rows);
    expect((await admins(target)).rows).toEqual((await admins(source)).rows);
  });

  it('continues the identities after the last one used', async () => {
    const { rows } = await target.query<{ id: string }>(
      `insert into public.backup_probe (body) values ('new') returning id::text`,
    );
    expect(rows[0]!.id).toBe('4');
  });

  it('brings back the stored files and the secrets', async () => {
    const file = path.join(targetDir(), 'storage', 'blog-images', 'covers', 'one.png#v1');
    expect(await readFile(file, 'utf8')).toBe('PNG!');
    expect(await readFile(path.join(targetDir(), 'jwt-secret'), 'utf8')).toBe('the-site-secret');
  });

  it('refuses a database that has the schema already, and changes nothing in it', async () => {
    const restoring = await openBackup(backup.file, dir);
    try {
      await expect(loadBackup(target, restoring, { log: silent })).rejects.toThrow(
        RestoreRefusedError,
      );
    } finally {
      await restoring.close();
    }
    expect((await target.query('select 1 from public.backup_probe')).rows).toHaveLength(3);
  });
});

describe('a damaged backup', () => {
  it('is refused before a row is written', async () => {
    const bytes = await readFile(backup.file);
    const damaged = path.join(dir, 'damaged.tar.gz');
    await writeFile(damaged, bytes.subarray(0, bytes.length - 100));
    await expect(openBackup(damaged, dir)).rejects.toThrow(BadArchiveError);
    expect((await readdir(dir)).filter((name) => name.startsWith('.restoring-'))).toEqual([]);
  });

  it('is refused when a table does not hold the rows its manifest counts', async () => {
    const restoring = await openBackup(backup.file, dir);
    const target = await freshDatabase();
    await target.exec(PROBE);
    try {
      const probe = restoring.manifest.tables.find((t) => t.name === 'public.backup_probe')!;
      probe.rows = 3;
      await expect(loadBackup(target, restoring, { log: silent })).rejects.toThrow(
        BadManifestError,
      );
    } finally {
      await restoring.close();
    }
    expect((await target.query('select 1 from public.backup_probe')).rows).toHaveLength(0);
  });
});

describe('restoring only the public schema, as onto hosted Supabase', () => {
  let target: Database;

  beforeAll(async () => {
    target = await freshDatabase();
    // `supabase db push` has put the schema in place.
    await migrate(target, { log: silent });
    await target.exec(PROBE);
  });

  async function loadPublic(replace: boolean) {
    const restoring = await openBackup(backup.file, dir);
    try {
      return await loadBackup(target, restoring, { schemas: ['public'], replace, log: silent });
    } finally {
      await restoring.close();
    }
  }

  it('loads the public tables and leaves the accounts to the target', async () => {
    await loadPublic(false);
    expect((await probeRows(target)).rows).toEqual((await probeRows(source)).rows);
    expect((await target.query('select 1 from auth.users')).rows).toHaveLength(0);
    const members = await target.query('select 1 from public.team_members');
    expect(members.rows).toHaveLength(1);
  });

  it('loads over those rows again only when told --replace', async () => {
    await expect(loadPublic(false)).rejects.toThrow(/holds rows: say --replace/);
    await loadPublic(true);
    expect((await probeRows(target)).rows).toEqual((await probeRows(source)).rows);
  });

  it('is made whole by the clean-up docs/operations.md gives for accounts that did not move', async () => {
    const cleanUp = (await readFile(path.join(import.meta.dirname, 'hosted-clean-up.sql'), 'utf8'))
      .replace(/^begin;$/m, '')
      .replace(/^commit;$/m, '');
    await target.transaction((tx) => tx.exec(cleanUp));
    expect((await target.query('select 1 from public.team_members')).rows).toHaveLength(0);
  });

  it('refuses a schema a backup does not hold', async () => {
    const restoring = await openBackup(backup.file, dir);
    try {
      await expect(
        loadBackup(target, restoring, { schemas: ['pg_catalog'], replace: true, log: silent }),
      ).rejects.toThrow(/holds no schema pg_catalog/);
    } finally {
      await restoring.close();
    }
  });
});
