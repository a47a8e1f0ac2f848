// The server as `npm start` runs it: a separate Node process on a data directory.
// Long because its describes share two first starts of the server (seconds each); split apart,
// each file would start its own.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../support/databases.ts';
import {
  SITE_ADMIN_EMAIL,
  SITE_ADMIN_PASSWORD,
  postBookingForm,
  startSite,
  type RunningSite,
} from '../support/site.ts';
import { aLead, aLeadForm } from '../support/leads.ts';
import { postInput } from '../support/posts.ts';

const root = path.resolve(import.meta.dirname, '../..');

const consultation = aLead({ language: 'swedish' });

const anonClient = (site: RunningSite) =>
  createClient(site.url, site.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

async function adminClient(site: RunningSite) {
  const client = anonClient(site);
  const { error } = await client.auth.signInWithPassword({
    email: SITE_ADMIN_EMAIL,
    password: SITE_ADMIN_PASSWORD,
  });
  if (error) throw error;
  return client;
}

// Two first starts that several describes read from (a start takes seconds): one with the default
// settings (the demo posts seeded), one with SEED_DEMO=false. Each describe that must own a
// server's life (its directory, its end) starts its own.
let seeded: RunningSite;
let unseeded: RunningSite;
beforeAll(async () => {
  [seeded, unseeded] = await Promise.all([
    startSite({ SEED_DEMO: 'true' }),
    startSite({ SEED_DEMO: 'false' }),
  ]);
});
afterAll(async () => {
  await Promise.all([seeded?.stop(), unseeded?.stop()]);
});

describe('a first start with the default settings', () => {
  let site: RunningSite;
  beforeAll(() => {
    site = seeded;
  });

  it('prints the URL and an anon key that is a JWT for the anon role', () => {
    expect(site.output()).toContain(`The site is running at ${site.url}`);
    const payload = JSON.parse(Buffer.from(site.anonKey.split('.')[1]!, 'base64url').toString());
    expect(payload.role).toBe('anon');
  });

  it('serves the demo posts to anyone: at least 3 English and 2 Swedish, all published', async () => {
    const client = anonClient(site);
    for (const [language, minimum] of [
      ['english', 3],
      ['swedish', 2],
    ] as const) {
      const { data, error } = await client
        .from('blog_posts')
        .select('id, slug, title, summary, hero_image_url, author, published_date')
        .eq('is_published', true)
        .eq('language', language)
        .order('published_date', { ascending: false });
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(minimum);
    }
    const { data: all } = await client.from('blog_posts').select('is_published, content');
    expect(all!.every((post) => post.is_published === true)).toBe(true);
    // Real Markdown: the demo posts use a table, a list and a link.
    const markdown = all!.map((post) => post.content as string).join('\n');
    expect(markdown).toMatch(/^\|.*\|\s*$/m);
    expect(markdown).toMatch(/^\s*[-*] /m);
    expect(markdown).toMatch(/\]\(https:\/\//);
  });

  it('hides drafts and consultations from anyone who is not signed in', async () => {
    const admin = await adminClient(site);
    const draft = await admin
      .from('blog_posts')
      .insert(postInput('a-secret-draft', { is_published: false, published_date: null }));
    expect(draft.error).toBeNull();
    const insert = await anonClient(site).from('consultations').insert(consultation);
    expect(insert.status).toBe(201);

    const anon = anonClient(site);
    const drafts = await anon.from('blog_posts').select('slug').eq('slug', 'a-secret-draft');
    expect(drafts.data).toEqual([]);
    const leads = await anon.from('consultations').select('*');
    expect(leads.error?.code).toBe('42501');
    expect(leads.data).toBeNull();

    const adminDrafts = await admin.from('blog_posts').select('slug').eq('slug', 'a-secret-draft');
    expect(adminDrafts.data).toEqual([{ slug: 'a-secret-draft' }]);
  });
});

describe("the site's own form posts", () => {
  let site: RunningSite;
  beforeAll(() => {
    site = unseeded;
  });

  it('refuses a body over 1 MiB with 413 and stores nothing', async () => {
    const form = new URLSearchParams({ name: 'x'.repeat(2 * 1024 * 1024) });
    const response = await fetch(`${site.url}/book-call`, { method: 'POST', body: form });
    expect(response.status).toBe(413);
    const { data } = await (await adminClient(site)).from('consultations').select('id');
    expect(data).toEqual([]);
  });

  it('refuses a body of unknown length with 411', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${site.url}/book-call`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Transfer-Encoding': 'chunked',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('name=chunked');
    });
    expect(status).toBe(411);
  });
});

describe('a start with SEED_DEMO=false', () => {
  it('leaves the blog empty', async () => {
    const { data } = await anonClient(unseeded).from('blog_posts').select('id');
    expect(data).toEqual([]);
  });
});

describe('the data directory', () => {
  let temp: Awaited<ReturnType<typeof createTempDir>>;
  beforeAll(async () => {
    temp = await createTempDir('leadgen-durability-');
  });
  afterAll(async () => temp?.cleanup());

  it('keeps an acknowledged consultation through kill -9 of the server', async () => {
    const first = await startSite({ SEED_DEMO: 'false' }, { dataDir: temp.dir });
    const inserted = await anonClient(first).from('consultations').insert(consultation);
    expect(inserted.status).toBe(201);
    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await startSite({ SEED_DEMO: 'false' }, { dataDir: temp.dir });
    try {
      const admin = await adminClient(second);
      const { data, error } = await admin
        .from('consultations')
        .select('email, problems, created_at');
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          email: consultation.email,
          problems: consultation.problems,
          created_at: expect.any(String),
        },
      ]);
      expect(Date.parse(data![0]!.created_at)).toBe(Date.parse(consultation.created_at));
    } finally {
      await second.stop();
    }
  });

  it('refuses a second server on the same directory with a clear message', async () => {
    const first = await startSite({ SEED_DEMO: 'false' }, { dataDir: temp.dir });
    try {
      const second = spawn(process.execPath, ['server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: temp.dir,
          DATABASE_URL: '',
          SUPABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => second.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('is already using the data directory');
      // The first one is unharmed.
      const { status } = await anonClient(first).from('blog_posts').select('id');
      expect(status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('says clearly when the port is taken, and leaves the directory unlocked', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const child = spawn(process.execPath, ['server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: temp.dir,
          DATABASE_URL: '',
          SUPABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
      expect(stderr).toContain(`Port ${port} is already in use`);
      expect(existsSync(path.join(temp.dir, 'server.lock'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('shuts down cleanly on SIGTERM and SIGINT, releasing the directory', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const site = await startSite({ SEED_DEMO: 'false' }, { dataDir: temp.dir });
      expect(existsSync(path.join(temp.dir, 'server.lock'))).toBe(true);
      expect(await site.kill(signal), site.output()).toEqual({ code: 0, signal: null });
      expect(site.output()).toContain(`${signal} received: shutting down.`);
      expect(existsSync(path.join(temp.dir, 'server.lock'))).toBe(false);
    }
  });
});

describe('the embedded database', () => {
  let temp: Awaited<ReturnType<typeof createTempDir>>;
  beforeAll(async () => {
    temp = await createTempDir('leadgen-engine-');
  });
  afterAll(async () => temp?.cleanup());

  it('is a PostgreSQL 17 server in DATA_DIR that enforces the anon statement timeout', async () => {
    // The first start with the default settings, in its own DATA_DIR.
    const site = seeded;
    expect(site.output()).toContain(`Data:         PostgreSQL 17 in ${site.dataDir}`);
    expect(existsSync(path.join(site.dataDir, 'postgres/data/PG_VERSION'))).toBe(true);
    const started = Date.now();
    const { error, status } = await anonClient(site)
      .from('blog_posts')
      .select('id')
      .filter('content', 'imatch', '(.*)(.*)(.*)(.*)(.*)\\5\\4\\3\\2\\1x');
    expect({ status, code: error?.code }).toEqual({ status: 500, code: '57014' });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("takes over an earlier version's PGlite directory at its first start, losing nothing", async () => {
    const dataDir = path.join(temp.dir, 'moved');
    const before = await startSite({ SEED_DEMO: 'true', EMBEDDED_DATABASE: 'pglite' }, { dataDir });
    try {
      expect(before.output()).toContain('Data:         PGlite in');
      const inserted = await anonClient(before).from('consultations').insert(consultation);
      expect(inserted.status).toBe(201);
    } finally {
      await before.stop();
    }
    const titlesBefore = await (async () => {
      const site = await startSite({ SEED_DEMO: 'true' }, { dataDir });
      try {
        expect(site.output()).toMatch(
          /Moved \d+ rows from PGlite \(.*pglite\.moved\) into PostgreSQL\./,
        );
        expect(existsSync(path.join(dataDir, 'pglite.moved'))).toBe(true);
        expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
        // The administrator's password, the lead and the posts came along; no demo posts twice.
        const admin = await adminClient(site);
        const leads = await admin.from('consultations').select('email, problems');
        expect(leads.data).toEqual([
          { email: consultation.email, problems: consultation.problems },
        ]);
        const posts = await admin.from('blog_posts').select('title');
        const titles = posts.data!.map((post) => post.title).sort();
        expect(new Set(titles).size).toBe(titles.length);
        // New rows still get fresh ids and the revisions trigger still fires.
        expect(
          (await admin.from('consultations').insert({ ...consultation, email: 'ny@lund.se' }))
            .status,
        ).toBe(201);
        return titles;
      } finally {
        await site.stop();
      }
    })();
    // The move happens once: a restart keeps what PostgreSQL has.
    const again = await startSite({ SEED_DEMO: 'true' }, { dataDir });
    try {
      expect(again.output()).not.toContain('Moved');
      const admin = await adminClient(again);
      const posts = await admin.from('blog_posts').select('title');
      expect(posts.data!.map((post) => post.title).sort()).toEqual(titlesBefore);
      expect((await admin.from('consultations').select('email')).data).toHaveLength(2);
    } finally {
      await again.stop();
    }
  });
});

describe('the site against another Supabase (as against a hosted project)', () => {
  // An embedded backend stands in for the hosted project; the site runs with only its URL and
  // anon key, as `SUPABASE_URL=… SUPABASE_ANON_KEY=… npm start` would against supabase.co.
  let hosted: RunningSite;
  let site: RunningSite;
  beforeAll(async () => {
    // The first start with the default settings is the project.
    hosted = seeded;
    site = await startSite({
      SUPABASE_URL: hosted.url,
      SUPABASE_ANON_KEY: hosted.anonKey,
      // The request below is sent at once; a person takes longer than the default 3 s.
      FORM_MIN_FILL_SECONDS: '0',
    });
  });
  afterAll(async () => site?.stop());

  it('mounts no backend of its own and keeps no database', async () => {
    expect(site.output()).toContain(`hosted Supabase at ${hosted.url}`);
    expect((await fetch(`${site.url}/rest/v1/blog_posts`)).status).toBe(404);
    expect((await fetch(`${site.url}/auth/v1/health`)).status).toBe(404);
    expect(existsSync(path.join(site.dataDir, 'pglite'))).toBe(false);
  });

  it("renders the project's posts and hands the browser the project's URL and key", async () => {
    const { data: posts } = await anonClient(hosted)
      .from('blog_posts')
      .select('title')
      .eq('language', 'english');
    const html = await (await fetch(`${site.url}/blog`)).text();
    for (const post of posts!) expect(html).toContain(post.title.replace(/'/g, '&#x27;'));
    // The pages that run React in the browser (sign-in and admin call the project) carry them.
    const login = await (await fetch(`${site.url}/login`)).text();
    expect(login).toContain(hosted.url);
    expect(login).toContain(hosted.anonKey);
  });

  it('stores a consultation sent to the site without JavaScript in the project', async () => {
    const lead = aLeadForm();
    const response = await postBookingForm(site.url, lead);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/book-call/thank-you');
    const { data } = await (
      await adminClient(hosted)
    )
      .from('consultations')
      .select('email, additional_info, language');
    expect(data).toContainEqual({
      email: lead.email,
      additional_info: null,
      language: 'english',
    });
  });
});
