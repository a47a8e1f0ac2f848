import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate.ts';

/** A render that ends when told to. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { render: () => done, end };
}

const limits = { concurrent: 2, queued: 2, perClient: 2, maxWaitMs: 5000 };

describe('RenderGate', () => {
  it('runs a few renders at once, queues a few, and refuses the rest at once', async () => {
    const gate = new RenderGate(limits);
    const slow = held();
    const answers = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'].map((client) =>
      gate.run(client, slow.render),
    );
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    expect(await gate.run('198.51.100.5', slow.render)).toBe(false);
    slow.end();
    expect(await Promise.all(answers)).toEqual([true, true, true, true]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a client over its budget while other clients still get turns', async () => {
    const gate = new RenderGate({ ...limits, queued: 10 });
    const slow = held();
    const flood = ['a', 'b'].map(() => gate.run('203.0.113.9', slow.render));
    expect(await gate.run('203.0.113.9', slow.render)).toBe(false);
    const visitor = gate.run('198.51.100.7', async () => {});
    slow.end();
    expect(await Promise.all([...flood, visitor])).toEqual([true, true, true]);
    // Its renders done, the client has its budget back.
    expect(await gate.run('203.0.113.9', async () => {})).toBe(true);
  });

  it('does not count the machine’s own clients against a budget', async () => {
    const gate = new RenderGate({ ...limits, queued: 10 });
    const slow = held();
    const local = Array.from({ length: 5 }, () => gate.run('127.0.0.1', slow.render));
    slow.end();
    expect(await Promise.all(local)).toEqual(Array(5).fill(true));
  });

  it('refuses a render that waited too long, and frees the turn of one that failed', async () => {
    const gate = new RenderGate({ ...limits, concurrent: 1, maxWaitMs: 20 });
    const slow = held();
    const first = gate.run('a', slow.render);
    expect(await gate.run('b', async () => {})).toBe(false);
    slow.end();
    await first;
    await expect(gate.run('c', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('d', async () => {})).toBe(true);
  });
});
