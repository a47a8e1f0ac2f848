// The data API's gate (client-gate.ts): lanes, fair queuing between addresses, the slots kept for
// quick callers, and what a caller that leaves does to the queue.
// Long because each scenario drives the same small clock and exchange helpers through one gate's
// whole schedule, and reads best beside the others.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ClientGate, type GateCaller, type LaneLimits } from './client-gate.ts';

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

const outside = (address: string): GateCaller => ({ lane: 'outside', address });

/** A gate whose outside callers have these limits (members: the defaults). */
function outsideGate(limits: LaneLimits, now?: () => number) {
  return new ClientGate(
    { outside: limits, members: { perClient: 3, queuedPerClient: 32, total: Infinity } },
    now,
  );
}

describe('ClientGate', () => {
  it('runs a client’s requests a few at a time and the rest in the order they came', async () => {
    const gate = outsideGate({ perClient: 2, queuedPerClient: 10, total: 10 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => job(started, name));
    const passes = jobs.map((j) => {
      const { req, res } = exchange();
      return gate.pass(
        outside('203.0.113.1'),
        req,
        res,
        j.handle,
        () => void started.push('refused'),
      );
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

  it('starts a request with a free slot at once, unwatched, and takes the slot back if it fails', async () => {
    const gate = outsideGate({ perClient: 1, queuedPerClient: 10, total: 10 });
    const started: string[] = [];
    const first = exchange();
    const failing = gate.pass(
      outside('203.0.113.1'),
      first.req,
      first.res,
      () => {
        started.push('first');
        return Promise.reject(new Error('the database failed'));
      },
      () => void started.push('refused'),
    );
    // Started before anything was awaited, with no listener left on its response.
    expect(started).toEqual(['first']);
    expect((first.res as unknown as EventEmitter).listenerCount('close')).toBe(0);
    await expect(failing).rejects.toThrow('the database failed');
    // Its slot was given back: the caller's next request starts at once too.
    const second = exchange();
    const next = job(started, 'second');
    const passing = gate.pass(outside('203.0.113.1'), second.req, second.res, next.handle, () =>
      started.push('refused'),
    );
    expect(started).toEqual(['first', 'second']);
    next.finish();
    await passing;
  });

  it('refuses a client whose waiting requests are already at the limit, and no other', async () => {
    const gate = outsideGate({ perClient: 1, queuedPerClient: 1, total: 10 });
    const started: string[] = [];
    const first = job(started, 'first');
    const second = job(started, 'second');
    const refused: string[] = [];
    const passes = [first, second].map((j) => {
      const { req, res } = exchange();
      return gate.pass(
        outside('203.0.113.1'),
        req,
        res,
        j.handle,
        () => void refused.push('attacker'),
      );
    });
    const { req, res } = exchange();
    await gate.pass(
      outside('203.0.113.1'),
      req,
      res,
      async () => void started.push('third'),
      () => void refused.push('attacker'),
    );
    const other = exchange();
    await gate.pass(
      outside('198.51.100.7'),
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
    const gate = outsideGate({ perClient: 5, queuedPerClient: 10, total: 2 });
    const started: string[] = [];
    const jobs = ['x', 'y', 'z'].map((name) => job(started, name));
    const passes = jobs.map((j, i) => {
      const { req, res } = exchange();
      return gate.pass(
        outside(`203.0.113.${i}`),
        req,
        res,
        j.handle,
        () => void started.push('refused'),
      );
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
    const gate = outsideGate({ perClient: 1, queuedPerClient: 1, total: 10 });
    const started: string[] = [];
    const running = job(started, 'running');
    const first = exchange();
    const runningPass = gate.pass(
      outside('203.0.113.1'),
      first.req,
      first.res,
      running.handle,
      () => undefined,
    );
    const waiting = exchange();
    const waitingPass = gate.pass(
      outside('203.0.113.1'),
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
      outside('203.0.113.1'),
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

  it('gives a free slot to a new address before the queued requests of addresses that used time', async () => {
    let clock = 0;
    const gate = outsideGate({ perClient: 3, queuedPerClient: 10, total: 2 }, () => clock);
    const started: string[] = [];
    const jobs = new Map<string, ReturnType<typeof job>>();
    const send = (address: string, name: string) => {
      const j = job(started, name);
      jobs.set(name, j);
      const { req, res } = exchange();
      return gate.pass(outside(address), req, res, j.handle, () => void started.push('refused'));
    };
    // Two busy addresses each run one slow request, and queue two more.
    const passes = [
      send('203.0.113.1', 'a1'),
      send('203.0.113.2', 'b1'),
      send('203.0.113.1', 'a2'),
      send('203.0.113.2', 'b2'),
      send('203.0.113.1', 'a3'),
      send('203.0.113.2', 'b3'),
    ];
    await tick();
    expect(started).toEqual(['a1', 'b1']);
    clock += 3_000;
    passes.push(send('198.51.100.7', 'newcomer'));
    jobs.get('a1')!.finish();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'newcomer']);
    jobs.get('newcomer')!.finish();
    jobs.get('b1')!.finish();
    for (const name of ['a2', 'b2', 'a3', 'b3']) {
      jobs.get(name)?.finish();
      await tick();
    }
    await Promise.all(passes);
    expect([...started].sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'newcomer']);
  });

  it('takes callers that each use the same time in turn, not one caller’s queue first', async () => {
    let clock = 0;
    const gate = outsideGate({ perClient: 3, queuedPerClient: 10, total: 1 }, () => clock);
    const started: string[] = [];
    const jobs = new Map<string, ReturnType<typeof job>>();
    const passes = [
      ['203.0.113.1', 'a1'],
      ['203.0.113.1', 'a2'],
      ['203.0.113.1', 'a3'],
      ['203.0.113.2', 'b1'],
      ['203.0.113.2', 'b2'],
      ['203.0.113.2', 'b3'],
    ].map(([address, name]) => {
      const j = job(started, name!);
      jobs.set(name!, j);
      const { req, res } = exchange();
      return gate.pass(outside(address!), req, res, j.handle, () => void started.push('refused'));
    });
    for (let i = 0; i < 6; i++) {
      await tick();
      clock += 1; // every request takes a millisecond
      jobs.get(started.at(-1)!)!.finish();
    }
    await Promise.all(passes);
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  });

  it('keeps running team members and the site’s own requests while outside callers fill their lane', async () => {
    const gate = outsideGate({ perClient: 1, queuedPerClient: 10, total: 1 });
    const started: string[] = [];
    const hostile = job(started, 'hostile');
    const first = exchange();
    const hostilePass = gate.pass(
      outside('203.0.113.1'),
      first.req,
      first.res,
      hostile.handle,
      () => started.push('refused'),
    );
    const queued = exchange();
    const queuedPass = gate.pass(
      outside('203.0.113.2'),
      queued.req,
      queued.res,
      async () => void started.push('queued outsider'),
      () => started.push('refused'),
    );
    const member = exchange();
    await gate.pass(
      { lane: 'member', userId: '00000000-0000-4000-8000-000000000001' },
      member.req,
      member.res,
      async () => void started.push('member'),
      () => started.push('refused'),
    );
    const site = exchange();
    await gate.pass(
      { lane: 'site' },
      site.req,
      site.res,
      async () => void started.push('site'),
      () => started.push('refused'),
    );
    expect(started).toEqual(['hostile', 'member', 'site']);
    hostile.finish();
    await Promise.all([hostilePass, queuedPass]);
    expect(started).toEqual(['hostile', 'member', 'site', 'queued outsider']);
  });

  it('bounds one team member’s requests as an outside caller’s are', async () => {
    const gate = new ClientGate({
      outside: { perClient: 1, queuedPerClient: 1, total: 1 },
      members: { perClient: 1, queuedPerClient: 1, total: Infinity },
    });
    const started: string[] = [];
    const refused: string[] = [];
    const member: GateCaller = { lane: 'member', userId: '00000000-0000-4000-8000-000000000001' };
    const running = job(started, 'running');
    const passes = [running.handle, async () => void started.push('waiting')].map((handle) => {
      const { req, res } = exchange();
      return gate.pass(member, req, res, handle, () => void refused.push('member'));
    });
    const { req, res } = exchange();
    await gate.pass(
      member,
      req,
      res,
      async () => void started.push('third'),
      () => refused.push('member'),
    );
    expect(refused).toEqual(['member']);
    running.finish();
    await Promise.all(passes);
    expect(started).toEqual(['running', 'waiting']);
  });

  it('lets a caller with one request go before flooding callers none of whom has run yet', async () => {
    const gate = outsideGate({ perClient: 3, queuedPerClient: 10, total: 1 }, () => 0);
    const started: string[] = [];
    const send = (address: string, handle: () => Promise<void>) => {
      const { req, res } = exchange();
      return gate.pass(outside(address), req, res, handle, () => void started.push('refused'));
    };
    const running = job(started, 'running');
    const passes = [send('198.51.100.1', running.handle)];
    for (const [address, name] of [
      ['203.0.113.1', 'flood 1'],
      ['203.0.113.1', 'flood 1'],
      ['203.0.113.2', 'flood 2'],
      ['203.0.113.2', 'flood 2'],
      ['198.51.100.7', 'visitor'],
    ] as const) {
      passes.push(send(address, async () => void started.push(name)));
    }
    running.finish();
    await Promise.all(passes);
    expect(started.slice(0, 2)).toEqual(['running', 'visitor']);
  });

  it('does not hold against a caller the time it used while no one else was waiting', async () => {
    let clock = 0;
    const gate = outsideGate({ perClient: 3, queuedPerClient: 10, total: 1 }, () => clock);
    const started: string[] = [];
    const send = (address: string, handle: () => Promise<void>) => {
      const { req, res } = exchange();
      return gate.pass(outside(address), req, res, handle, () => void started.push('refused'));
    };
    // A visitor alone reads for ten seconds, a tenth of a second at a time.
    for (let i = 0; i < 100; i++) {
      await send('198.51.100.7', async () => void (clock += 100));
    }
    const slow = job(started, 'slow');
    const passes = [
      send('203.0.113.1', slow.handle),
      send('203.0.113.1', async () => void started.push('second slow')),
      send('198.51.100.7', async () => void started.push('visitor')),
    ];
    await tick();
    clock += 3_000;
    slow.finish();
    await Promise.all(passes);
    expect(started).toEqual(['slow', 'visitor', 'second slow']);
  });

  it('keeps slots for callers proven quick, which slow and new callers cannot take', async () => {
    let clock = 0;
    const gate = outsideGate(
      { perClient: 3, queuedPerClient: 10, total: 3, quickReserve: 1 },
      () => clock,
    );
    const started: string[] = [];
    const send = (address: string, handle: () => Promise<void>) => {
      const { req, res } = exchange();
      return gate.pass(outside(address), req, res, handle, () => void started.push('refused'));
    };
    await send('198.51.100.7', async () => undefined); // a visitor's quick read
    await send('203.0.113.1', async () => void (clock += 3_000)); // a slow one
    const slow = ['slow 1', 'slow 2', 'slow 3'].map((name) => job(started, name));
    const passes = slow.map((j) => send('203.0.113.1', j.handle));
    passes.push(send('198.51.100.8', async () => void started.push('newcomer')));
    passes.push(send('198.51.100.7', async () => void started.push('visitor')));
    await tick();
    expect(started).toEqual(['slow 1', 'slow 2', 'visitor']);
    // A slow request ends: the newcomer, who has had nothing yet, goes before the next slow one.
    slow[0]!.finish();
    await tick();
    expect(started).toEqual(['slow 1', 'slow 2', 'visitor', 'newcomer', 'slow 3']);
    slow[1]!.finish();
    slow[2]!.finish();
    await Promise.all(passes);
  });
});
