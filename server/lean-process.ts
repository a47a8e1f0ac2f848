// The Node process's memory settings, which only take effect when the process starts: bounds on
// V8's old space (sized from the page cache) and young generation, at most two glibc malloc
// arenas, and V8's helper threads (garbage collection, compilers) sized to the process's share of
// the cores, with the compiler's finished work freed on the main thread rather than queued for
// them. server/main.ts re-executes itself with them in place (same process id, same stdio) when
// they are missing. Why, with the heap measured before and after:
// docs/decisions/0035-a-lean-process-after-load.md; the helper threads:
// docs/decisions/0041-a-share-of-the-cores-for-each-process.md; the compiler's memory:
// docs/decisions/0050-compiler-memory-freed-where-it-was-used.md.
import { availableParallelism } from 'node:os';

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
  /** V8's helper threads for this process (v8HelperThreads). */
  helperThreads: number;
}

/** V8's own default for its helper threads per process. */
const V8_DEFAULT_POOL_SIZE = 4;

/**
 * V8's helper threads (`--v8-pool-size`) for each of `processes` serving on `cores`: its share of
 * the cores less the one left to the database and the machine, at least one, at most V8's four.
 * On two cores that is one, with one process as with two: four each took the core a main thread
 * or PostgreSQL was answering on, and the answers' p99 rose with it (decision 41).
 */
export function v8HelperThreads(cores: number, processes: number): number {
  return Math.min(V8_DEFAULT_POOL_SIZE, Math.max(1, Math.floor(cores / processes) - 1));
}

/** A flag's name as Node and V8 read it: each hyphen may be written as an underscore. */
const spelledAnyWay = (name: string) => name.replaceAll('-', '[-_]');
const POOL_SIZE = new RegExp(`--${spelledAnyWay('v8-pool-size')}(=|\\s)`);
/** V8 also reads `--nomaglev-…` as the negation. */
const MAGLEV_DESTROY = new RegExp(
  `--(no[-_]?)?${spelledAnyWay('maglev-destroy-on-background')}\\b`,
);
const HEAP_SIZE = new RegExp(
  `--${spelledAnyWay('max-')}(old|semi)${spelledAnyWay('-space-size')}(=|\\s)`,
);

/** Whether the operator named a flag, on the command line or in NODE_OPTIONS. */
function operatorNamed(
  flag: RegExp,
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): boolean {
  return flag.test(execArgv.join(' ')) || flag.test(nodeOptions ?? '');
}

/**
 * Node's flags with the helper threads added, unless the operator named a pool size, and with
 * Maglev's finished compilations freed on the main thread, unless the operator said where. V8
 * hands a finished Maglev job back to a helper thread to be freed; with one helper thread, busy
 * marking the heap and compiling, the jobs' memory piled up to 40 MB at the start of a load and
 * glibc kept most of it afterwards: 20–30 MB more of the process after load (decision 50).
 */
export function withHelperThreads(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  helperThreads: number,
): string[] {
  const flags = [...execArgv];
  if (!operatorNamed(POOL_SIZE, execArgv, nodeOptions)) {
    flags.push(`--v8-pool-size=${helperThreads}`);
  }
  if (!operatorNamed(MAGLEV_DESTROY, execArgv, nodeOptions)) {
    flags.push('--no-maglev-destroy-on-background');
  }
  return flags;
}

/** V8's old-space bound in MB: room for the heap's own life plus twice the page cache. */
export function oldSpaceLimitMb(pageCacheMb: number): number {
  return OLD_SPACE_BASE_MB + 2 * pageCacheMb;
}

/**
 * The flags and environment to restart with, or undefined when the process already runs with
 * them: after the restart (LEAN_PROCESS=applied), or when LEAN_PROCESS=off, or when the operator
 * set a heap size, a pool size (in NODE_OPTIONS or on the command line) and MALLOC_ARENA_MAX
 * themselves. What the operator set is kept; only what is missing is added.
 */
export function leanRestart(
  start: LeanStart,
): { execArgv: string[]; env: NodeJS.ProcessEnv } | undefined {
  const mark = start.env[LEAN_PROCESS_MARK];
  if (mark === 'off' || mark === 'applied') return undefined;
  const nodeOptions = start.env.NODE_OPTIONS;
  const ownBound = operatorNamed(HEAP_SIZE, start.execArgv, nodeOptions);
  const ownPool = operatorNamed(POOL_SIZE, start.execArgv, nodeOptions);
  if (ownBound && ownPool && start.env.MALLOC_ARENA_MAX) return undefined;
  const bounded = ownBound
    ? [...start.execArgv]
    : [
        ...start.execArgv,
        `--max-old-space-size=${oldSpaceLimitMb(start.pageCacheMb)}`,
        `--max-semi-space-size=${SEMI_SPACE_MB}`,
      ];
  return {
    execArgv: withHelperThreads(bounded, nodeOptions, start.helperThreads),
    // Each thread that frees memory in its own arena (zlib and crypto on libuv's pool) keeps it
    // from the system; two arenas keep RSS near what is in use, at no cost seen in the benches.
    env: { MALLOC_ARENA_MAX: '2', ...start.env, [LEAN_PROCESS_MARK]: 'applied' },
  };
}

/**
 * Re-executes this process with the lean settings when they are missing (never returns then).
 * Where the platform cannot (process.execve is POSIX-only), it runs on as it is.
 */
export function restartLeanIfNeeded(pageCacheMb: number, processes: number): void {
  const restart = leanRestart({
    execArgv: process.execArgv,
    env: process.env,
    pageCacheMb,
    helperThreads: v8HelperThreads(availableParallelism(), processes),
  });
  if (!restart || typeof process.execve !== 'function') return;
  process.execve(
    process.execPath,
    [process.execPath, ...restart.execArgv, ...process.argv.slice(1)],
    restart.env,
  );
}
