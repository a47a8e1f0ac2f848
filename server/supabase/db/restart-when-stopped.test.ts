import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restartWhenStopped } from './restart-when-stopped.ts';

/** A stand-in process: running until `end` is called. */
function fakeChild() {
  const child = Object.assign(new EventEmitter(), {
    pid: 1,
    exitCode: null as number | null,
    signalCode: null as string | null,
    end(signal = 'SIGKILL') {
      child.signalCode = signal;
      child.emit('exit', null, signal);
    },
  });
  return child;
}
type Fake = ReturnType<typeof fakeChild>;

afterEach(() => {
  vi.useRealTimers();
});

describe('restartWhenStopped', () => {
  it('waits 1 s, then twice as long while starting fails, and 1 s again after a success', async () => {
    vi.useFakeTimers();
    const running = fakeChild();
    const launched: Fake[] = [];
    // The second and third starts fail; the fourth comes up.
    const outcomes = [false, false, true, true];
    const logged: string[] = [];
    const restarts = restartWhenStopped({
      name: 'PostgreSQL',
      running: running as unknown as ChildProcess,
      launch: () => {
        const child = fakeChild();
        launched.push(child);
        return child as unknown as ChildProcess;
      },
      ready: async () => {
        if (!outcomes.shift()) throw new Error('could not start\nthe details');
      },
      stopChild: async (child) => void (child as unknown as Fake).end('SIGTERM'),
      log: (line) => logged.push(line),
    });

    running.end();
    await vi.advanceTimersByTimeAsync(999);
    expect(launched).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(launched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(launched).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(launched).toHaveLength(3);
    expect(logged).toEqual([
      'PostgreSQL stopped unexpectedly: starting it again in 1 s.',
      'PostgreSQL did not start again: could not start',
      'PostgreSQL stopped unexpectedly: starting it again in 2 s.',
      'PostgreSQL did not start again: could not start',
      'PostgreSQL stopped unexpectedly: starting it again in 4 s.',
      'PostgreSQL is running again.',
    ]);

    // Up again: the next stop waits 1 s once more.
    launched[2]!.end();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(launched).toHaveLength(4);

    // Told to stop: the server running now is stopped, and none is started after it.
    await restarts.stop();
    expect(launched[3]!.signalCode).toBe('SIGTERM');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(launched).toHaveLength(4);
  });

  it('starts nothing once stopped during a wait', async () => {
    vi.useFakeTimers();
    const running = fakeChild();
    const launch = vi.fn(() => fakeChild() as unknown as ChildProcess);
    const restarts = restartWhenStopped({
      name: 'PostgreSQL',
      running: running as unknown as ChildProcess,
      launch,
      ready: async () => {},
      stopChild: async () => {},
      log: () => {},
    });
    running.end();
    await vi.advanceTimersByTimeAsync(500);
    await restarts.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(launch).not.toHaveBeenCalled();
  });
});
