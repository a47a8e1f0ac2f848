import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHealth, HEALTH_PATH, type Health } from './health.ts';

/** A database check the test answers, counting how often it is asked. */
function databaseCheck() {
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const check = {
    calls: 0,
    run: () =>
      new Promise<void>((resolve, reject) => {
        check.calls += 1;
        pending.push({ resolve, reject });
      }),
    answer: () => pending.splice(0).forEach((p) => p.resolve()),
    fail: () => pending.splice(0).forEach((p) => p.reject(new Error('connection refused'))),
  };
  return check;
}

describe('createHealth', () => {
  it('says starting, then ready, then draining', async () => {
    const health = createHealth({ checkDatabase: async () => undefined });
    expect(await health.status()).toBe('starting');
    health.markReady();
    expect(await health.status()).toBe('ready');
    health.markDraining();
    expect(await health.status()).toBe('draining');
    // A stopping copy never says ready again.
    health.markReady();
    expect(await health.status()).toBe('draining');
  });

  it('asks the database at most once a second, however many ask at once', async () => {
    let clock = 0;
    const check = databaseCheck();
    const health = createHealth({ checkDatabase: check.run, now: () => clock });
    health.markReady();
    const answers = Array.from({ length: 100 }, () => health.status());
    check.answer();
    expect(await Promise.all(answers)).toEqual(Array(100).fill('ready'));
    expect(check.calls).toBe(1);

    clock += 999;
    expect(await Promise.all(Array.from({ length: 50 }, () => health.status()))).toEqual(
      Array(50).fill('ready'),
    );
    expect(check.calls).toBe(1);

    clock += 1;
    const next = health.status();
    expect(check.calls).toBe(2);
    check.answer();
    expect(await next).toBe('ready');
  });

  it('says unavailable while the database refuses or does not answer in time, and ready again after', async () => {
    let clock = 0;
    const check = databaseCheck();
    const health = createHealth({ checkDatabase: check.run, now: () => clock, checkTimeoutMs: 20 });
    health.markReady();
    const refused = health.status();
    check.fail();
    expect(await refused).toBe('unavailable');

    clock += 1000;
    // Never answers: the bound decides.
    expect(await health.status()).toBe('unavailable');

    clock += 1000;
    const back = health.status();
    check.answer();
    expect(await back).toBe('ready');
  });

  it('says draining when told to stop while the database was being asked', async () => {
    const check = databaseCheck();
    const health = createHealth({ checkDatabase: check.run });
    health.markReady();
    const asked = health.status();
    health.markDraining();
    check.answer();
    expect(await asked).toBe('draining');
  });
});

describe('the health endpoint', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function serve(health: Health): Promise<string> {
    server = createServer((req, res) => void health.handle(req, res));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}${HEALTH_PATH}`;
  }

  it('answers GET and HEAD with the status, never to be cached, and refuses other methods', async () => {
    const health = createHealth();
    const url = await serve(health);

    const starting = await fetch(url);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: 'starting' });

    health.markReady();
    const ready = await fetch(url);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready' });

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    const post = await fetch(url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');

    health.markDraining();
    const draining = await fetch(url);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
  });
});
