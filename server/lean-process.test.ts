import { describe, expect, it } from 'vitest';
import {
  leanRestart,
  oldSpaceLimitMb,
  v8HelperThreads,
  withHelperThreads,
} from './lean-process.ts';

describe('leanRestart', () => {
  it('restarts with a heap bound grown from the page cache and two malloc arenas', () => {
    const restart = leanRestart({
      execArgv: [],
      env: { HOME: '/home/site' },
      pageCacheMb: 32,
      helperThreads: 1,
    });
    expect(restart?.execArgv).toEqual([
      '--max-old-space-size=192',
      '--max-semi-space-size=16',
      '--v8-pool-size=1',
      '--no-maglev-destroy-on-background',
    ]);
    expect(restart?.env).toEqual({
      HOME: '/home/site',
      MALLOC_ARENA_MAX: '2',
      LEAN_PROCESS: 'applied',
    });
  });

  it('gives a larger page cache a larger old space', () => {
    expect(oldSpaceLimitMb(512)).toBe(oldSpaceLimitMb(32) + 2 * (512 - 32));
  });

  it('keeps the flags the process was started with, before its own', () => {
    const restart = leanRestart({
      execArgv: ['--inspect=127.0.0.1:0'],
      env: {},
      pageCacheMb: 32,
      helperThreads: 1,
    });
    expect(restart?.execArgv[0]).toBe('--inspect=127.0.0.1:0');
  });

  it('does not restart the restarted process, nor one started with LEAN_PROCESS=off', () => {
    expect(
      leanRestart({
        execArgv: [],
        env: { LEAN_PROCESS: 'applied' },
        pageCacheMb: 32,
        helperThreads: 1,
      }),
    ).toBe(undefined);
    expect(
      leanRestart({
        execArgv: [],
        env: { LEAN_PROCESS: 'off' },
        pageCacheMb: 32,
        helperThreads: 1,
      }),
    ).toBe(undefined);
  });

  it("leaves an operator's own heap size, pool size and arena count alone", () => {
    const own = {
      NODE_OPTIONS: '--max-old-space-size=1024 --v8-pool-size=3',
      MALLOC_ARENA_MAX: '4',
    };
    expect(leanRestart({ execArgv: [], env: own, pageCacheMb: 32, helperThreads: 1 })).toBe(
      undefined,
    );
    const onCommandLine = leanRestart({
      execArgv: ['--max-semi-space-size=32'],
      env: {},
      pageCacheMb: 32,
      helperThreads: 1,
    });
    expect(onCommandLine?.execArgv).toEqual([
      '--max-semi-space-size=32',
      '--v8-pool-size=1',
      '--no-maglev-destroy-on-background',
    ]);
    expect(onCommandLine?.env.MALLOC_ARENA_MAX).toBe('2');
    // Only the pool size missing: added, the rest as the operator set it.
    const poolMissing = leanRestart({
      execArgv: [],
      env: { NODE_OPTIONS: '--max-old-space-size=1024', MALLOC_ARENA_MAX: '4' },
      pageCacheMb: 32,
      helperThreads: 2,
    });
    expect(poolMissing?.execArgv).toEqual([
      '--v8-pool-size=2',
      '--no-maglev-destroy-on-background',
    ]);
    expect(poolMissing?.env.MALLOC_ARENA_MAX).toBe('4');
  });

  it('restarts when LEAN_PROCESS names anything but off', () => {
    const restart = leanRestart({
      execArgv: [],
      env: { LEAN_PROCESS: 'on' },
      pageCacheMb: 32,
      helperThreads: 1,
    });
    expect(restart?.env.LEAN_PROCESS).toBe('applied');
  });

  it("keeps an operator's own arena count", () => {
    const restart = leanRestart({
      execArgv: [],
      env: { MALLOC_ARENA_MAX: '8' },
      pageCacheMb: 32,
      helperThreads: 1,
    });
    expect(restart?.env.MALLOC_ARENA_MAX).toBe('8');
  });
});

describe('V8 helper threads', () => {
  it('gives each process its share of the cores less one for the database, one to four', () => {
    expect(v8HelperThreads(1, 1)).toBe(1);
    expect(v8HelperThreads(2, 1)).toBe(1);
    expect(v8HelperThreads(2, 2)).toBe(1);
    expect(v8HelperThreads(4, 1)).toBe(3);
    expect(v8HelperThreads(4, 2)).toBe(1);
    expect(v8HelperThreads(8, 2)).toBe(3);
    expect(v8HelperThreads(32, 1)).toBe(4);
    expect(v8HelperThreads(32, 2)).toBe(4);
  });

  it('adds the pool size unless the operator named one, on the command line or in NODE_OPTIONS', () => {
    const heap = ['--max-old-space-size=192'];
    const freed = '--no-maglev-destroy-on-background';
    expect(withHelperThreads(heap, undefined, 2)).toEqual([...heap, '--v8-pool-size=2', freed]);
    expect(withHelperThreads([...heap, '--v8-pool-size=3'], undefined, 1)).toEqual([
      ...heap,
      '--v8-pool-size=3',
      freed,
    ]);
    expect(withHelperThreads(heap, '--v8-pool-size=2 --enable-source-maps', 1)).toEqual([
      ...heap,
      freed,
    ]);
    expect(withHelperThreads(heap, '--v8-pool-size 2', 1)).toEqual([...heap, freed]);
    // Node and V8 read an underscore where a hyphen is.
    expect(withHelperThreads([...heap, '--v8_pool_size=3'], undefined, 1)).toEqual([
      ...heap,
      '--v8_pool_size=3',
      freed,
    ]);
  });

  it('knows a heap size written with underscores', () => {
    for (const own of ['--max_old_space_size=1024', '--max_semi-space_size=32']) {
      const restart = leanRestart({ execArgv: [own], env: {}, pageCacheMb: 32, helperThreads: 1 });
      expect(restart?.execArgv).toEqual([
        own,
        '--v8-pool-size=1',
        '--no-maglev-destroy-on-background',
      ]);
    }
    expect(
      leanRestart({
        execArgv: [],
        env: { NODE_OPTIONS: '--max_old_space_size=1024 --v8_pool_size=2', MALLOC_ARENA_MAX: '4' },
        pageCacheMb: 32,
        helperThreads: 1,
      }),
    ).toBe(undefined);
  });

  it("frees Maglev's finished compilations on the main thread unless the operator said where", () => {
    const pool = '--v8-pool-size=1';
    expect(withHelperThreads([pool], undefined, 1)).toEqual([
      pool,
      '--no-maglev-destroy-on-background',
    ]);
    for (const own of [
      '--maglev-destroy-on-background',
      '--no-maglev-destroy-on-background',
      '--no_maglev_destroy_on_background',
      '--nomaglev-destroy-on-background',
      '--maglev_destroy_on_background',
    ]) {
      expect(withHelperThreads([pool, own], undefined, 1)).toEqual([pool, own]);
    }
    // Not repeated for a worker, whose primary's flags already carry it.
    const primary = withHelperThreads([], undefined, 1);
    expect(withHelperThreads(primary, undefined, 1)).toEqual(primary);
  });
});
