// Three copies of the built server on one PostgreSQL 17, behind a round-robin balancer that polls
// their health (tests/support/round-robin-proxy.ts), under steady load: visitors read cached pages,
// rendered pages, and send leads as the consultation form does. The copies are restarted one by
// one as a deploy does (SIGTERM, wait for the exit, start again with the same settings, wait until
// the balancer sees it ready). No request fails, no acknowledged lead is lost or mailed twice, and
// every copy exits 0 (docs/decisions/0032-deploys-that-drop-nothing.md).
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { createTempDir, createTestDatabase } from '#tests/support/databases.ts';
import { aLead } from '#tests/support/leads.ts';
import { freePort } from '#tests/support/ports.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '#tests/support/round-robin-proxy.ts';
import { startSite, storeLeadAsVisitor, type RunningSite } from '#tests/support/site.ts';

const COPIES = 3;
/** Visitors sending requests back to back, each from an address of its own. */
const VISITORS = 4;
/** Requests each copy answers after its restart before the next copy is restarted. */
const SERVED_AFTER_RESTART = 15;
/** The balancer asks each copy's health this often; the copies' grace is several times that. */
const HEALTH_INTERVAL_MS = 250;

/** One visitor's round: a cached page, a rendered page (the booking form), and a lead. */
const CACHED = ['/blog', '/sv/blog', '/'];
const RENDERED = ['/book-call', '/sv/book-call'];

let databaseUrl: string;
let proxy: RoundRobinProxy;
const copies: RunningSite[] = [];
const envs: Array<Record<string, string>> = [];
const dataDirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  cleanups.push(database.drop);
  databaseUrl = database.url;
  const shared = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    // Long enough for the balancer's next health checks to see "draining".
    SHUTDOWN_GRACE_SECONDS: String((8 * HEALTH_INTERVAL_MS) / 1000),
    SHUTDOWN_TIMEOUT_SECONDS: '20',
  };
  for (let i = 0; i < COPIES; i += 1) {
    const temp = await createTempDir(`leadgen-copy-${i}-`);
    cleanups.push(temp.cleanup);
    dataDirs.push(temp.dir);
    envs.push({ ...shared, PORT: String(await freePort()) });
  }
  // Side by side: the migrations and the administrator are decided under the database's locks.
  copies.push(
    ...(await Promise.all(envs.map((env, i) => startSite(env, { dataDir: dataDirs[i] })))),
  );
  cleanups.push(async () => {
    await Promise.all(copies.map((copy) => copy.stop()));
  });
  proxy = await startRoundRobinProxy({
    upstreams: copies.map((copy) => copy.url),
    healthIntervalMs: HEALTH_INTERVAL_MS,
  });
  cleanups.push(() => proxy.close());
  await Promise.all(copies.map((_, i) => proxy.waitUntilReady(i)));
}, 90_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Load {
  /** Every answer that was not the one expected, with what was asked. */
  failures: string[];
  /** The e-mails of the leads the balancer answered 201 for. */
  acknowledged: string[];
  requests: number;
  stop(): Promise<void>;
}

/** Visitors sending requests through the balancer, back to back, until stopped. */
function startLoad(site: { url: string; anonKey: string }): Load {
  let running = true;
  let leadNumber = 0;
  const visitors: Array<Promise<void>> = [];
  const load: Load = {
    failures: [],
    acknowledged: [],
    requests: 0,
    async stop() {
      running = false;
      await Promise.all(visitors);
    },
  };
  /** Sends one request; true when it was answered with the status expected. */
  const answered = async (what: string, expected: number, send: () => Promise<Response>) => {
    try {
      const answer = await send();
      await answer.arrayBuffer();
      load.requests += 1;
      if (answer.status !== expected) load.failures.push(`${what}: ${answer.status}`);
      return answer.status === expected;
    } catch (error) {
      load.failures.push(`${what}: ${(error as Error).message}`);
      return false;
    }
  };
  const visitor = async (v: number) => {
    const headers = { 'x-forwarded-for': `203.0.113.${v + 1}` };
    for (let round = 0; running; round += 1) {
      const cached = CACHED[round % CACHED.length]!;
      await answered(`GET ${cached}`, 200, () => fetch(`${site.url}${cached}`, { headers }));
      const rendered = RENDERED[round % RENDERED.length]!;
      await answered(`GET ${rendered}`, 200, () => fetch(`${site.url}${rendered}`, { headers }));
      // An address of its own for each lead, so none is held by the per-address limits.
      leadNumber += 1;
      const address = `10.${(leadNumber >> 8) & 255}.${leadNumber & 255}.${v + 1}`;
      const lead = aLead({ language: round % 2 ? 'swedish' : 'english' });
      if (await answered('POST a lead', 201, () => storeLeadAsVisitor(site, lead, address))) {
        load.acknowledged.push(lead.email);
      }
    }
  };
  for (let v = 0; v < VISITORS; v += 1) visitors.push(visitor(v));
  return load;
}

/** Resolves once the copy has answered this many more requests through the balancer. */
async function servedMore(index: number, more: number) {
  const target = proxy.counts.answeredBy[index]! + more;
  await expect
    .poll(() => proxy.counts.answeredBy[index], { timeout: 30_000, interval: 50 })
    .toBeGreaterThanOrEqual(target);
}

/** The outbox files of every copy, by the Message-ID each mail carries. */
async function mailsInOutboxes(): Promise<Map<string, number>> {
  const byMessageId = new Map<string, number>();
  for (const dir of dataDirs) {
    const outbox = path.join(dir, 'outbox');
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.json'),
    );
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as {
        messageId: string;
      };
      byMessageId.set(mail.messageId, (byMessageId.get(mail.messageId) ?? 0) + 1);
    }
  }
  return byMessageId;
}

describe('a rolling restart of three copies under load', () => {
  it('fails no request, loses no lead, and every copy exits 0', async () => {
    const load = startLoad({ url: proxy.url, anonKey: copies[0]!.anonKey });
    const exits: Array<{ code: number | null; signal: NodeJS.Signals | null }> = [];
    try {
      for (let i = 0; i < COPIES; i += 1) await servedMore(i, SERVED_AFTER_RESTART);
      for (let i = 0; i < COPIES; i += 1) {
        const copy = copies[i]!;
        const exit = await copy.kill('SIGTERM');
        expect(exit, copy.output()).toEqual({ code: 0, signal: null });
        expect(copy.output()).toContain('Stopped: every request in flight was answered.');
        exits.push(exit);
        copies[i] = await startSite(envs[i]!, { dataDir: dataDirs[i] });
        await proxy.waitUntilReady(i);
        await servedMore(i, SERVED_AFTER_RESTART);
      }
    } finally {
      await load.stop();
    }

    expect(load.failures).toEqual([]);
    expect(exits).toHaveLength(COPIES);
    expect(proxy.counts.failed).toBe(0);
    expect(load.acknowledged.length).toBeGreaterThan(0);

    const sql = await openPostgres(databaseUrl, 1);
    try {
      const { rows: stored } = await sql.query<{ email: string }>(
        'select email from public.consultations where email = any($1)',
        [load.acknowledged],
      );
      expect(stored.map((row) => row.email).sort()).toEqual([...load.acknowledged].sort());

      // Each lead's two mails: queued in its own transaction, then sent once by some copy.
      const { rows: mails } = await sql.query<{ id: string; status: string }>(
        `select m.id::text, m.status from public.consultation_mails m
         join public.consultations c on c.id = m.consultation_id
         where c.email = any($1)`,
        [load.acknowledged],
      );
      expect(mails).toHaveLength(2 * load.acknowledged.length);
      expect(mails.filter((mail) => mail.status === 'failed')).toEqual([]);
      const outboxes = await mailsInOutboxes();
      for (const mail of mails.filter((row) => row.status === 'sent')) {
        expect(outboxes.get(`<${mail.id}@localhost>`), `mail ${mail.id}`).toBe(1);
      }
      expect([...outboxes.values()].filter((count) => count > 1)).toEqual([]);
    } finally {
      await sql.close();
    }
  }, 120_000);
});
