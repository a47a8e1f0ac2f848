// How one copy of the built server stops, as an orchestrator sees it (server/main.ts,
// docs/decisions/0032-deploys-that-drop-nothing.md): its health says ready, then draining after
// SIGTERM while it still answers on open connections (each answer closing its connection), and
// it exits 0; a second signal, or SHUTDOWN_TIMEOUT_SECONDS with a request still unfinished, ends
// it at once with 1. Each test stops its own copy; they share one database on PostgreSQL 17.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/databases.ts';
import { startSite, type RunningSite } from '#tests/support/site.ts';

let env: Record<string, string>;
const sites: RunningSite[] = [];
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  env = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
  };
  // The first start applies the migrations, so the tests' copies start quickly.
  const first = await startSite(env);
  await first.stop();
}, 60_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await dropDatabase?.();
});

async function startCopy(settings: Record<string, string>): Promise<RunningSite> {
  const site = await startSite({ ...env, ...settings });
  sites.push(site);
  return site;
}

async function health(site: RunningSite, method = 'GET') {
  const answer = await fetch(`${site.url}/healthz`, { method });
  return {
    status: answer.status,
    body: method === 'HEAD' ? await answer.text() : await answer.json(),
    connection: answer.headers.get('connection'),
    cacheControl: answer.headers.get('cache-control'),
  };
}

describe('a copy told to stop', () => {
  it('says draining on /healthz during the grace, closing each answered connection, then exits 0', async () => {
    const site = await startCopy({ SHUTDOWN_GRACE_SECONDS: '3', SHUTDOWN_TIMEOUT_SECONDS: '15' });
    expect(await health(site)).toMatchObject({
      status: 200,
      body: { status: 'ready' },
      connection: 'keep-alive',
      cacheControl: 'no-store',
    });

    const exited = site.kill('SIGTERM');
    await expect
      .poll(async () => (await health(site)).status, { timeout: 5_000, interval: 50 })
      .toBe(503);
    expect(await health(site)).toMatchObject({
      body: { status: 'draining' },
      connection: 'close',
    });
    expect(await health(site, 'HEAD')).toMatchObject({ status: 503, body: '' });
    // Pages are still served during the grace, for a balancer that has not yet seen the health.
    const page = await fetch(`${site.url}/sv/newsletter`);
    expect(page.status).toBe(200);
    expect(page.headers.get('connection')).toBe('close');
    await page.arrayBuffer();

    expect(await exited, site.output()).toEqual({ code: 0, signal: null });
    expect(site.output()).toContain('Stopped: every request in flight was answered.');
  });

  it('exits at once with 1 on a second signal', async () => {
    const site = await startCopy({ SHUTDOWN_GRACE_SECONDS: '30', SHUTDOWN_TIMEOUT_SECONDS: '60' });
    const exited = site.kill('SIGTERM');
    await expect
      .poll(() => site.output(), { timeout: 5_000, interval: 50 })
      .toContain('SIGTERM received: shutting down.');
    expect(await site.kill('SIGINT'), site.output()).toEqual({ code: 1, signal: null });
    expect(await exited).toEqual({ code: 1, signal: null });
    expect(site.output()).toContain('SIGINT received again: exiting without waiting.');
  });

  it('exits with 1 at SHUTDOWN_TIMEOUT_SECONDS while a request is still unfinished', async () => {
    const site = await startCopy({ SHUTDOWN_GRACE_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '2' });
    // A form post whose body never comes: the request stays in flight.
    const { port } = new URL(site.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /book-call HTTP/1.1\r\nHost: copy\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'Content-Length: 500\r\n\r\nname=Anna',
    );
    try {
      // Asked after the post was written: by this answer the copy has read the post's headers.
      expect((await health(site)).status).toBe(200);
      expect(await site.kill('SIGTERM'), site.output()).toEqual({ code: 1, signal: null });
      expect(site.output()).toContain('Shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS (2 s)');
    } finally {
      socket.destroy();
    }
  });
});
