import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionGuard, connectionCaps, openFileLimit } from './connections.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63704                63704                processes
Max open files            4096                 524288               files
Max locked memory         8388608              8388608              bytes
`;

class FakeSocket extends EventEmitter {
  destroyed = false;
  readonly remoteAddress: string;
  constructor(remoteAddress: string) {
    super();
    this.remoteAddress = remoteAddress;
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
}
const socket = (address: string) => new FakeSocket(address) as unknown as Socket & FakeSocket;

describe('openFileLimit', () => {
  it('reads the soft limit on open files', () => {
    expect(openFileLimit(LIMITS)).toBe(4096);
    expect(openFileLimit(LIMITS.replace('4096 ', 'unlimited'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(openFileLimit('nothing here')).toBeUndefined();
  });
});

describe('connectionCaps', () => {
  it('leaves a fifth of the files, and at least 256, for all but connections', () => {
    expect(connectionCaps(1024)).toEqual({ total: 768, perAddress: 128 });
    expect(connectionCaps(20000)).toEqual({ total: 16000, perAddress: 128 });
    expect(connectionCaps(256).total).toBe(16);
  });

  it('lets a trusted proxy’s address hold as many as the total', () => {
    expect(connectionCaps(1024, 1)).toEqual({ total: 768, perAddress: 768 });
  });
});

describe('ConnectionGuard', () => {
  it('refuses an address over its cap, not another address nor the machine’s own', () => {
    const guard = new ConnectionGuard({ total: 100, perAddress: 2 });
    const [a1, a2, a3] = [
      socket('203.0.113.1'),
      socket('::ffff:203.0.113.1'),
      socket('203.0.113.1'),
    ];
    for (const s of [a1, a2, a3]) guard.admit(s);
    expect([a1, a2, a3].map((s) => guard.isRefused(s))).toEqual([false, false, true]);
    const other = socket('198.51.100.2');
    guard.admit(other);
    expect(guard.isRefused(other)).toBe(false);
    const own = Array.from({ length: 5 }, () => socket('127.0.0.1'));
    for (const s of own) guard.admit(s);
    expect(own.some((s) => guard.isRefused(s))).toBe(false);
    // A closed connection gives its place back.
    a1.destroy();
    const again = socket('203.0.113.1');
    guard.admit(again);
    expect(guard.isRefused(again)).toBe(false);
  });

  it('at the total cap closes the connection idle longest, never one mid-request', () => {
    const guard = new ConnectionGuard({ total: 3, perAddress: 3 });
    const [busy, idle1, idle2] = [socket('10.0.0.1'), socket('10.0.0.2'), socket('10.0.0.3')];
    for (const s of [busy, idle1, idle2]) guard.admit(s);
    guard.busy(busy);
    guard.busy(idle1);
    guard.done(idle1); // idle1 answered last: idle2 has been idle longest
    const next = socket('10.0.0.4');
    guard.admit(next);
    expect([busy.destroyed, idle1.destroyed, idle2.destroyed, next.destroyed]).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(guard.size).toBe(3);
    guard.busy(idle1);
    guard.busy(next);
    const refused = socket('10.0.0.5');
    guard.admit(refused);
    expect(refused.destroyed).toBe(true);
    expect(guard.size).toBe(3);
  });

  it('knows the answer each connection is working on, the latest of pipelined ones', () => {
    const guard = new ConnectionGuard({ total: 10, perAddress: 10 });
    const [one, two] = [socket('10.0.0.1'), socket('10.0.0.2')];
    for (const s of [one, two]) guard.admit(s);
    const answer = (name: string) => ({ name }) as unknown as ServerResponse;
    const [first, pipelined, other] = [answer('first'), answer('pipelined'), answer('other')];
    guard.busy(one, first);
    guard.busy(two, other);
    expect([...guard.answers()]).toEqual([first, other]);
    // A second request on the same connection before the first is answered.
    guard.busy(one, pipelined);
    guard.done(one, first);
    expect([...guard.answers()]).toEqual([pipelined, other]);
    guard.done(one, pipelined);
    two.destroy();
    expect([...guard.answers()]).toEqual([]);
    // Answered: the connection is idle again, so it is the one given up at the cap.
    const full = new ConnectionGuard({ total: 2, perAddress: 2 });
    const [answered, working] = [socket('10.0.0.3'), socket('10.0.0.4')];
    for (const s of [answered, working]) full.admit(s);
    full.busy(answered, first);
    full.busy(working, other);
    full.done(answered, first);
    full.admit(socket('10.0.0.5'));
    expect([answered.destroyed, working.destroyed]).toEqual([true, false]);
  });
});
