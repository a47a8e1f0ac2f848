// The site as `WORKERS=2 npm start` runs it (server/workers.ts, decision 39): a first process that
// holds the embedded PostgreSQL and hands each new connection to one of two workers in turn. Both
// workers serve; a post edited through one shows on the other's cached pages within a second and
// an image uploaded through one is served by both (one data directory); a killed worker is started
// again while the other serves; a port already taken fails the start; on a DATABASE_URL the first
// process prepares the database once; SIGTERM stops the workers, then the database, and the
// process ends with 0.
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v8HelperThreads } from '#server/lean-process.ts';
import { createTestDatabase } from '../support/databases.ts';
import { getPage } from '../support/page-flood.ts';
import { aPostSlug, postInput } from '../support/posts.ts';
import { sampleImages } from '../support/storage.ts';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

const VISITOR = { 'x-forwarded-for': '198.51.100.52' };
/** A connection per request, closed after it: the first process hands each to the next worker. */
const fresh = new Agent({ keepAlive: false });

/** The process's children that run the site: the workers (PostgreSQL's processes are not node). */
function workerPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('server/main.ts'));
}

/** CPU time the process has used, in clock ticks (user + system, /proc/PID/stat). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let site: RunningSite;
const slug = aPostSlug('workers');

beforeAll(async () => {
  site = await startSite({ WORKERS: '2', SEED_DEMO: 'false' });
  const admin = await signedInAdmin(site);
  const { error } = await admin
    .from('blog_posts')
    .insert(postInput(slug, { title: 'Two workers agree' }));
  if (error) throw error;
});

afterAll(async () => {
  await site?.stop();
});

describe('two workers under one process', () => {
  it('says so at start, and shares the connections between two workers', async () => {
    expect(site.output()).toMatch(/Processes: +2 workers \(\d+, \d+\) under \d+ \(WORKERS\)/);
    const workers = workerPids(site.pid);
    expect(workers).toHaveLength(2);
    // Each with its share of the machine's cores for V8's helper threads (decision 41).
    const share = v8HelperThreads(availableParallelism(), 2);
    for (const pid of workers) {
      const flags = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(flags).toContain(`--v8-pool-size=${share}`);
      expect(flags.filter((flag) => flag === '--no-maglev-destroy-on-background')).toHaveLength(1);
    }

    const before = workers.map(cpuTicks);
    const own = cpuTicks(site.pid);
    // Two at a time: what one address may have rendered at once even when both go to one worker
    // (the first process hands a connection to the next worker that is free, not strictly in turn).
    for (let round = 0; round < 100; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 2 }, () =>
          getPage(site.url, `/blog/${slug}`, { ...VISITOR, cookie: 'sb-x-auth-token=1' }, fresh),
        ),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
    }
    // 200 pages rendered (a session cookie skips the cache), about half by each worker: each
    // has worked, and the first process, which only hands connections on, has worked far less.
    const used = workers.map((pid, i) => cpuTicks(pid) - before[i]!);
    for (const ticks of used) expect(ticks).toBeGreaterThan(5);
    expect(cpuTicks(site.pid) - own).toBeLessThan(Math.min(...used));
  });

  it('shows a post edited through one worker on every cached page within a second', async () => {
    const path = `/blog/${slug}`;
    for (let i = 0; i < 6; i += 1) {
      expect((await getPage(site.url, path, VISITOR, fresh)).body).toContain('Two workers agree');
    }
    const title = `Edited under two workers ${randomBytes(4).toString('hex')}`;
    const admin = await signedInAdmin(site);
    const { error } = await admin.from('blog_posts').update({ title }).eq('slug', slug);
    expect(error).toBeNull();
    // Six fresh connections a round, shared out among the workers.
    await expect
      .poll(
        async () => {
          const answers = await Promise.all(
            Array.from({ length: 6 }, () => getPage(site.url, path, VISITOR, fresh)),
          );
          return answers.every((answer) => answer.body.includes(title));
        },
        { timeout: 1000, interval: 20 },
      )
      .toBe(true);
  });

  it('serves an image uploaded through one worker from both', async () => {
    const images = (await signedInAdmin(site)).storage.from('blog-images');
    const name = `workers/${randomBytes(4).toString('hex')}.png`;
    const bytes = sampleImages['image/png'];
    const { error } = await images.upload(name, new Blob([bytes], { type: 'image/png' }));
    expect(error).toBeNull();
    for (let i = 0; i < 4; i += 1) {
      const answer = await getPage(
        site.url,
        `/storage/v1/object/public/blog-images/${name}`,
        VISITOR,
        fresh,
      );
      expect(answer.status).toBe(200);
    }
  });

  it('starts a killed worker again, while the other serves', async () => {
    const [killed, other] = workerPids(site.pid);
    process.kill(killed!, 'SIGKILL');
    await expect.poll(() => alive(killed!)).toBe(false);
    // Meanwhile every new connection goes to the worker left.
    for (let i = 0; i < 6; i += 1) {
      expect((await getPage(site.url, '/sv', VISITOR, fresh)).status).toBe(200);
    }
    await expect
      .poll(() => workerPids(site.pid).length, { timeout: 15_000, interval: 100 })
      .toBe(2);
    const now = workerPids(site.pid);
    expect(now).toContain(other);
    expect(now).not.toContain(killed);
    expect(site.output()).toMatch(/Worker \d \(process \d+\) ended \(SIGKILL\): starting it again/);
    await expect
      .poll(async () => (await getPage(site.url, '/healthz', {}, fresh)).status)
      .toBe(200);
  });
});

describe('the start and the stop of two workers', () => {
  it('fails the start when the port is taken, leaving nothing running', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      // The first process stops its database before it ends with the worker's error.
      await expect(startSite({ WORKERS: '2', PORT: String(port) })).rejects.toThrow(
        /exit code 1\)[\s\S]*already in use[\s\S]*PostgreSQL stopped \(exit 0\)[\s\S]*ended before it served/,
      );
    } finally {
      taken.close();
    }
  });

  it('prepares a DATABASE_URL database once, for workers that each open it', async () => {
    const database = await createTestDatabase();
    const other = await startSite({
      WORKERS: '2',
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
    }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    try {
      expect(other.output()).toMatch(/Data: +PostgreSQL \(DATABASE_URL\)/);
      expect(other.output().match(/Applied migrations/g)).toHaveLength(1);
      expect(workerPids(other.pid)).toHaveLength(2);
      for (let i = 0; i < 4; i += 1) {
        const answer = await getPage(other.url, '/blog', VISITOR, fresh);
        expect(answer.status).toBe(200);
        expect(answer.body).toContain('lang="en"');
      }
      expect((await other.kill('SIGTERM')).code).toBe(0);
    } finally {
      await other.stop();
      await database.drop();
    }
  });

  it('stops the workers, then the database, on SIGTERM, and exits 0', async () => {
    const other = await startSite({ WORKERS: '2', SEED_DEMO: 'false' });
    const workers = workerPids(other.pid);
    expect(workers).toHaveLength(2);
    const { code } = await other.kill('SIGTERM');
    expect(code).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    expect(other.output()).toMatch(/PostgreSQL stopped \(exit 0\)/);
    expect(other.output().match(/Stopped: every request in flight was answered/g)).toHaveLength(3);
    await other.stop();
  });
});
