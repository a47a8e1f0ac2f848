import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ClientGate } from './client-gate.ts';

/** A request/response pair that only knows how to close, as the gate uses them. */
function exchange() {
  const res = new EventEmitter() as unknown as ServerResponse;
  const req = {
    destroyed: false,
    destroy() {
      this.destroyed = true;
    },
  };
  return {
    req: req as unknown as IncomingMessage & { destroyed: boolean },
    res,
    close: () => res.emit('close'),
  };
}

/** A handler that runs until finish() is called, recording that it started. */
function job(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    handle: async () => {
      started.push(name);
      await done;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ClientGate', () => {
  it('runs a client’s requests a few at a time and the rest in the order they came', async () => {
    const gate = new ClientGate({ perClient: 2, queuedPerClient: 10, total: 10 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => job(started, name));
    const passes = jobs.map((j) => {
      const { req, res } = exchange();
      return gate.pass('203.0.113.1', req, res, j.handle, () => void started.push('refused'));
    });
    await tick();
    expect(started).toEqual(['a', 'b']);
    jobs[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[0]!.finish();
    jobs[2]!.finish();
    jobs[3]!.finish();
    await Promise.all(passes);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a client whose waiting requests are already at the limit, and no other', async () => {
    const gate = new ClientGate({ perClient: 1, queuedPerClient: 1, total: 10 });
    const started: string[] = [];
    const first = job(started, 'first');
    const second = job(started, 'second');
    const refused: string[] = [];
    const passes = [first, second].map((j) => {
      const { req, res } = exchange();
      return gate.pass('203.0.113.1', req, res, j.handle, () => void refused.push('attacker'));
    });
    const { req, res } = exchange();
    await gate.pass(
      '203.0.113.1',
      req,
      res,
      async () => void started.push('third'),
      () => void refused.push('attacker'),
    );
    const other = exchange();
    await gate.pass(
      '198.51.100.7',
      other.req,
      other.res,
      async () => void started.push('visitor'),
      () => void refused.push('visitor'),
    );
    expect(refused).toEqual(['attacker']);
    expect(started).toEqual(['first', 'visitor']);
    first.finish();
    second.finish();
    await Promise.all(passes);
    expect(started).toEqual(['first', 'visitor', 'second']);
  });

  it('bounds all clients together, so the pool keeps connections for the site', async () => {
    const gate = new ClientGate({ perClient: 5, queuedPerClient: 10, total: 2 });
    const started: string[] = [];
    const jobs = ['x', 'y', 'z'].map((name) => job(started, name));
    const passes = jobs.map((j, i) => {
      const { req, res } = exchange();
      return gate.pass(`203.0.113.${i}`, req, res, j.handle, () => void started.push('refused'));
    });
    await tick();
    expect(started).toEqual(['x', 'y']);
    jobs[0]!.finish();
    await tick();
    expect(started).toEqual(['x', 'y', 'z']);
    jobs[1]!.finish();
    jobs[2]!.finish();
    await Promise.all(passes);
  });

  it('drops a waiting request whose client went away: it never runs and frees its place', async () => {
    const gate = new ClientGate({ perClient: 1, queuedPerClient: 1, total: 10 });
    const started: string[] = [];
    const running = job(started, 'running');
    const first = exchange();
    const runningPass = gate.pass(
      '203.0.113.1',
      first.req,
      first.res,
      running.handle,
      () => undefined,
    );
    const waiting = exchange();
    const waitingPass = gate.pass(
      '203.0.113.1',
      waiting.req,
      waiting.res,
      async () => void started.push('abandoned'),
      () => undefined,
    );
    await tick();
    waiting.close();
    await waitingPass;
    expect(waiting.req.destroyed).toBe(true);
    const next = exchange();
    const refused: string[] = [];
    const nextPass = gate.pass(
      '203.0.113.1',
      next.req,
      next.res,
      async () => void started.push('next'),
      () => void refused.push('next'),
    );
    running.finish();
    await Promise.all([runningPass, nextPass]);
    expect(refused).toEqual([]);
    expect(started).toEqual(['running', 'next']);
  });
});
