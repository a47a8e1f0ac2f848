import { describe, expect, it } from 'vitest';
import { leanRestart, oldSpaceLimitMb } from './lean-process.ts';

describe('leanRestart', () => {
  it('restarts with a heap bound grown from the page cache and two malloc arenas', () => {
    const restart = leanRestart({ execArgv: [], env: { HOME: '/home/site' }, pageCacheMb: 32 });
    expect(restart?.execArgv).toEqual(['--max-old-space-size=192', '--max-semi-space-size=16']);
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
    const restart = leanRestart({ execArgv: ['--inspect=127.0.0.1:0'], env: {}, pageCacheMb: 32 });
    expect(restart?.execArgv[0]).toBe('--inspect=127.0.0.1:0');
  });

  it('does not restart the restarted process, nor one started with LEAN_PROCESS=off', () => {
    expect(leanRestart({ execArgv: [], env: { LEAN_PROCESS: 'applied' }, pageCacheMb: 32 })).toBe(
      undefined,
    );
    expect(leanRestart({ execArgv: [], env: { LEAN_PROCESS: 'off' }, pageCacheMb: 32 })).toBe(
      undefined,
    );
  });

  it("leaves an operator's own heap size and arena count alone", () => {
    const own = { NODE_OPTIONS: '--max-old-space-size=1024', MALLOC_ARENA_MAX: '4' };
    expect(leanRestart({ execArgv: [], env: own, pageCacheMb: 32 })).toBe(undefined);
    const onCommandLine = leanRestart({
      execArgv: ['--max-semi-space-size=32'],
      env: {},
      pageCacheMb: 32,
    });
    expect(onCommandLine?.execArgv).toEqual(['--max-semi-space-size=32']);
    expect(onCommandLine?.env.MALLOC_ARENA_MAX).toBe('2');
  });

  it('restarts when LEAN_PROCESS names anything but off', () => {
    const restart = leanRestart({ execArgv: [], env: { LEAN_PROCESS: 'on' }, pageCacheMb: 32 });
    expect(restart?.env.LEAN_PROCESS).toBe('applied');
  });

  it("keeps an operator's own arena count", () => {
    const restart = leanRestart({ execArgv: [], env: { MALLOC_ARENA_MAX: '8' }, pageCacheMb: 32 });
    expect(restart?.env.MALLOC_ARENA_MAX).toBe('8');
  });
});
