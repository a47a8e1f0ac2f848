// Keeps a server process running: one that stops without being told to is started again, after
// 1 s and then, while it fails to start, after twice as long each time up to 30 s. Used for the
// embedded PostgreSQL, whose data, socket and password stay where they were, so the pool's next
// connections reach the new server.
import type { ChildProcess } from 'node:child_process';

/** The first wait before starting a stopped server again, and the longest. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;

/** Whether the process has ended (or never started: a failed spawn has no pid). */
export const hasExited = (child: ChildProcess) =>
  child.pid === undefined || child.exitCode !== null || child.signalCode !== null;

const exited = (child: ChildProcess) =>
  hasExited(child)
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export interface Restarts {
  /** No more restarts; stops the server running now with `stopChild` and waits for it. */
  stop(): Promise<void>;
}

export function restartWhenStopped(opts: {
  /** What the logs call it: "PostgreSQL". */
  name: string;
  /** The server, started and ready. */
  running: ChildProcess;
  /** Spawns the server again. */
  launch: () => ChildProcess;
  /** Resolves once the spawned server is ready; rejects if it stops first. */
  ready: (child: ChildProcess) => Promise<void>;
  stopChild: (child: ChildProcess) => Promise<void>;
  log: (line: string) => void;
  /** Told of each new process, e.g. to stop it when Node exits. */
  onLaunch?: (child: ChildProcess) => void;
}): Restarts {
  const { name, log } = opts;
  let child = opts.running;
  let stopping = false;
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });

  const watching = (async () => {
    for (;;) {
      await exited(child);
      if (stopping) return;
      for (let failures = 0; ; failures += 1) {
        const delayMs = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** failures);
        log(`${name} stopped unexpectedly: starting it again in ${delayMs / 1000} s.`);
        await pause(delayMs);
        if (stopping) return;
        child = opts.launch();
        opts.onLaunch?.(child);
        try {
          await opts.ready(child);
          log(`${name} is running again.`);
          break;
        } catch (error) {
          if (stopping) return;
          log(`${name} did not start again: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake();
      await opts.stopChild(child);
      await watching;
    },
  };
}
