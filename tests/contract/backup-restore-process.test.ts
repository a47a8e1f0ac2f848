// Backups that restore, as an owner runs them: the built site on its embedded PostgreSQL 17 with
// posts in both languages, leads, an uploaded image and the administrator's account; `npm run
// backup` while leads keep arriving; the DATA_DIR destroyed; `npm run restore` into a fresh one;
// the site started on it serves the same posts, leads, image and account, and every lead
// acknowledged before the backup began is there. The same backup loaded into a plain PostgreSQL 17
// (`--database-url`) runs the site there, as `npm run move-database` does in one command; and a
// restore over a DATA_DIR with data takes `--replace` and keeps what was there
// (docs/decisions/0033-backups-that-restore.md).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { createTempDir, createTestDatabase } from '#tests/support/databases.ts';
import { aLead } from '#tests/support/leads.ts';
import { getPage } from '#tests/support/page-flood.ts';
import { aPostSlug, postInput } from '#tests/support/posts.ts';
import { imageFile, sampleImages } from '#tests/support/storage.ts';
import {
  signedInAdmin,
  SITE_ADMIN_EMAIL,
  startSite,
  storeLeadAsVisitor,
  type RunningSite,
} from '#tests/support/site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ENV = { SEED_DEMO: 'false', TRUST_PROXY: '1' };
/** A restored site is not told the administrator's password: it must have kept the account. */
const RESTORED_ENV = { ...ENV, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
const IMAGE = 'covers/backed-up.png';
const english = { path: '/blog', slug: aPostSlug('backup'), title: 'Kept through a restore' };
const swedish = {
  path: '/sv/blog',
  slug: aPostSlug('backup-sv'),
  title: 'Kvar efter återställning',
};

interface Ran {
  code: number | null;
  output: string;
}

/** Runs one of the package's commands (`node scripts/<name>.ts …`) as an owner would. */
function runCommand(script: string, args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _url, EMBEDDED_DATABASE: _engine, ...inherited } = process.env;
    const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Each lead from an address of its own, so that no per-address limit holds it. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

async function storeLead(site: RunningSite): Promise<string> {
  const lead = aLead();
  const response = await storeLeadAsVisitor(site, lead, nextAddress());
  expect(response.status, await response.text()).toBe(201);
  return lead.email;
}

async function storedLeadEmails(site: RunningSite): Promise<Set<string>> {
  const admin = await signedInAdmin(site);
  const emails = new Set<string>();
  for (let from = 0; ; from += 1000) {
    const { data, error } = await admin
      .from('consultations')
      .select('email')
      .order('id')
      .range(from, from + 999);
    if (error) throw error;
    for (const row of data) emails.add(row.email);
    if (data.length < 1000) return emails;
  }
}

const cleanups: Array<() => Promise<void>> = [];
let work: string;
let site: RunningSite;
let backupFile: string;
/** Leads acknowledged before the backup command was started, and all those acknowledged. */
const before: string[] = [];
const acknowledged: string[] = [];
let acknowledgedDuringBackup = 0;
/** A lead the restored site took, which a later backup of its DATA_DIR holds. */
let leadAfterRestore: string;

beforeAll(async () => {
  const temp = await createTempDir('leadgen-backup-');
  cleanups.push(temp.cleanup);
  work = temp.dir;
  site = await startSite(ENV, { dataDir: path.join(work, 'site') });
  cleanups.push(() => site.stop());
  const admin = await signedInAdmin(site);
  const { error } = await admin
    .from('blog_posts')
    .insert([
      postInput(english.slug, { title: english.title }),
      postInput(swedish.slug, { title: swedish.title, language: 'swedish' }),
    ]);
  if (error) throw error;
  const upload = await admin.storage
    .from('blog-images')
    .upload(IMAGE, imageFile('image/png', 'backed-up.png'), { contentType: 'image/png' });
  if (upload.error) throw upload.error;
  for (let i = 0; i < 5; i += 1) before.push(await storeLead(site));
  acknowledged.push(...before);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a backup taken while the site runs', () => {
  it('waits for none: a second backup while one is being taken is refused', async () => {
    // Holds the lock a backup in progress holds, from outside the site.
    const client = new pg.Client({
      connectionString: await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')),
    });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(7411033)');
      const ran = await runCommand('backup', ['--into', path.join(work, 'refused')], {
        DATA_DIR: site.dataDir,
      });
      expect(ran.code, ran.output).toBe(1);
      expect(ran.output).toContain('A backup is being taken already');
      expect(await readdir(path.join(work, 'refused'))).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('holds every lead acknowledged before it began, while leads keep arriving', async () => {
    let writing = true;
    let backupStarted = false;
    const writer = (async () => {
      while (writing) {
        const email = await storeLead(site);
        acknowledged.push(email);
        if (backupStarted) acknowledgedDuringBackup += 1;
        else before.push(email);
      }
    })();
    // A few acknowledged with the writer running, then the backup starts between two leads.
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(8);
    backupStarted = true;
    const ran = await runCommand('backup', ['--into', path.join(work, 'backups')], {
      DATA_DIR: site.dataDir,
    });
    // At least one more lead goes in after the command has ended, so some ran alongside it.
    const afterEnd = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(afterEnd);
    writing = false;
    await writer;

    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toContain('while the site runs');
    backupFile = ran.output.match(/taken: (\S+\.tar\.gz)/)![1]!;
    expect(path.dirname(backupFile)).toBe(path.join(work, 'backups'));
    expect(acknowledgedDuringBackup).toBeGreaterThan(0);
  }, 60_000);
});

describe('restoring it into a fresh DATA_DIR', () => {
  let restored: RunningSite;
  const freshDir = () => path.join(work, 'restored');

  beforeAll(async () => {
    await site.stop();
    await rm(site.dataDir, { recursive: true, force: true });
    expect(existsSync(site.dataDir)).toBe(false);
    const ran = await runCommand('restore', [backupFile, '--data-dir', freshDir()], {});
    expect(ran.code, ran.output).toBe(0);
    restored = await startSite(RESTORED_ENV, { dataDir: freshDir() });
    cleanups.push(() => restored.stop());
  }, 90_000);

  it('refuses to restore over it again, and says how', async () => {
    const ran = await runCommand('restore', [backupFile, '--data-dir', freshDir()], {});
    expect(ran.code, ran.output).toBe(1);
    expect(ran.output).toContain('already holds a database or stored files');
    expect(ran.output).toContain('--replace');
  });

  it.each([english, swedish])('serves the post on $path', async ({ path: page, title }) => {
    const answer = await getPage(restored.url, page, { 'x-forwarded-for': nextAddress() });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(title);
  });

  it('lets the administrator sign in with the same password', async () => {
    const admin = await signedInAdmin(restored);
    const { data } = await admin.auth.getUser();
    expect(data.user?.email).toBe(SITE_ADMIN_EMAIL);
  });

  it('has every lead acknowledged before the backup began, and none it never took', async () => {
    const stored = await storedLeadEmails(restored);
    expect(before.filter((email) => !stored.has(email))).toEqual([]);
    const acknowledgedSet = new Set(acknowledged);
    expect([...stored].filter((email) => !acknowledgedSet.has(email))).toEqual([]);
  });

  it('serves the uploaded image, byte for byte', async () => {
    const response = await fetch(`${restored.url}/storage/v1/object/public/blog-images/${IMAGE}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(sampleImages['image/png']);
  });

  it('takes new leads after the restored ones', async () => {
    leadAfterRestore = await storeLead(restored);
  });

  describe('and into a plain PostgreSQL 17', () => {
    let moved: RunningSite;

    beforeAll(async () => {
      await restored.stop();
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      const ran = await runCommand('restore', [backupFile, '--database-url', database.url], {});
      expect(ran.code, ran.output).toBe(0);
      // The files and the secrets stay in the DATA_DIR the site keeps using.
      moved = await startSite(
        { ...RESTORED_ENV, DATABASE_URL: database.url },
        { dataDir: freshDir() },
      );
      cleanups.push(() => moved.stop());
    }, 90_000);

    it('runs the site there with the same posts, account, leads and image', async () => {
      for (const { path: page, title } of [english, swedish]) {
        const answer = await getPage(moved.url, page, { 'x-forwarded-for': nextAddress() });
        expect(answer.body).toContain(title);
      }
      const stored = await storedLeadEmails(moved);
      expect(before.filter((email) => !stored.has(email))).toEqual([]);
      const image = await fetch(`${moved.url}/storage/v1/object/public/blog-images/${IMAGE}`);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(sampleImages['image/png']);
    });

    it('is where npm run move-database puts the embedded database, in one command', async () => {
      await moved.stop();
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      const ran = await runCommand('move-database', [database.url], { DATA_DIR: freshDir() });
      expect(ran.code, ran.output).toBe(0);
      expect(ran.output).toContain('Start the site with DATABASE_URL set to that URL');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const leads = await client.query('select 1 from public.consultations where email = $1', [
          leadAfterRestore,
        ]);
        expect(leads.rowCount).toBe(1);
        const users = await client.query('select email from auth.users');
        expect(users.rows).toEqual([{ email: SITE_ADMIN_EMAIL }]);
      } finally {
        await client.end();
      }
    }, 60_000);

    it('restores over a DATA_DIR with --replace, keeping what it held', async () => {
      const ran = await runCommand(
        'restore',
        [backupFile, '--data-dir', freshDir(), '--replace'],
        {},
      );
      expect(ran.code, ran.output).toBe(0);
      const kept = ran.output.match(/What the target held is kept in (\S+\.tar\.gz)/)?.[1];
      expect(kept && path.dirname(kept)).toBe(path.join(freshDir(), 'backups'));
      const aside = (await readdir(freshDir())).filter((name) =>
        name.startsWith('storage.before-restore-'),
      );
      expect(aside).toHaveLength(1);
    }, 60_000);
  });
});
