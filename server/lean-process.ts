// The Node process's memory settings, which only take effect when the process starts: bounds on
// V8's old space (sized from the page cache) and young generation, and at most two glibc malloc
// arenas. server/main.ts re-executes itself with them in place (same process id, same stdio) when
// they are missing. Why, with the heap measured before and after:
// docs/decisions/0035-a-lean-process-after-load.md.

/**
 * What the old space holds besides the page cache, with room: about 35 MB live after a full
 * collection, under 90 MB used at the peak of the bench's load.
 */
const OLD_SPACE_BASE_MB = 128;

/**
 * Each of the young generation's two halves, in MB: V8's own bound on 64-bit, stated so that a
 * later Node cannot change it unseen. Half of it saved 20 MB after load but cost a tenth of the
 * rendered pages and data API reads a second, in a quiet measure (decision 35).
 */
const SEMI_SPACE_MB = 16;

/** `off` starts the process as it is; the restarted process finds `applied` there. */
export const LEAN_PROCESS_MARK = 'LEAN_PROCESS';

export interface LeanStart {
  /** Node's own flags, before the script. */
  execArgv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** PAGE_CACHE_MB: the cached pages live in V8's heap, so its bound grows with them. */
  pageCacheMb: number;
}

/** V8's old-space bound in MB: room for the heap's own life plus twice the page cache. */
export function oldSpaceLimitMb(pageCacheMb: number): number {
  return OLD_SPACE_BASE_MB + 2 * pageCacheMb;
}

const namesHeapSize = (flags: string) => /--max-(old|semi)-space-size(=|\s)/.test(flags);

/**
 * The flags and environment to restart with, or undefined when the process already runs with
 * them: after the restart (LEAN_PROCESS=applied), or when LEAN_PROCESS=off, or when the operator
 * set a heap size themselves (in NODE_OPTIONS or on the command line) and MALLOC_ARENA_MAX.
 */
export function leanRestart(
  start: LeanStart,
): { execArgv: string[]; env: NodeJS.ProcessEnv } | undefined {
  const mark = start.env[LEAN_PROCESS_MARK];
  if (mark === 'off' || mark === 'applied') return undefined;
  const ownBound =
    namesHeapSize(start.execArgv.join(' ')) || namesHeapSize(start.env.NODE_OPTIONS ?? '');
  if (ownBound && start.env.MALLOC_ARENA_MAX) return undefined;
  return {
    execArgv: ownBound
      ? [...start.execArgv]
      : [
          ...start.execArgv,
          `--max-old-space-size=${oldSpaceLimitMb(start.pageCacheMb)}`,
          `--max-semi-space-size=${SEMI_SPACE_MB}`,
        ],
    // Each thread that frees memory in its own arena (zlib and crypto on libuv's pool) keeps it
    // from the system; two arenas keep RSS near what is in use, at no cost seen in the benches.
    env: { MALLOC_ARENA_MAX: '2', ...start.env, [LEAN_PROCESS_MARK]: 'applied' },
  };
}

/**
 * Re-executes this process with the lean settings when they are missing (never returns then).
 * Where the platform cannot (process.execve is POSIX-only), it runs on as it is.
 */
export function restartLeanIfNeeded(pageCacheMb: number): void {
  const restart = leanRestart({ execArgv: process.execArgv, env: process.env, pageCacheMb });
  if (!restart || typeof process.execve !== 'function') return;
  process.execve(
    process.execPath,
    [process.execPath, ...restart.execArgv, ...process.argv.slice(1)],
    restart.env,
  );
}
