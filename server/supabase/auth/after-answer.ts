// Work an endpoint does once its answer has gone out: the token and mail of a recovery or sign-in
// link. /recover and /otp answer before it, so the answer takes the same time whether the address
// has an account (a token to store, a mail to send) or not (decision 23).
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface AfterAnswer {
  /**
   * Runs `job` after the jobs added before it, on a later turn of the event loop than the answer
   * that was just sent. A failure is logged under `label`, never thrown: the client has its answer.
   */
  add(label: string, job: () => Promise<void>): void;
  /** Resolves once every job added so far has finished (before the database closes). */
  settled(): Promise<void>;
}

/**
 * Jobs run one at a time, so a burst of link requests becomes a queue of mails rather than a
 * burst of work, and at most `maxWaiting` wait (the mail limits keep the queue far shorter).
 */
export function createAfterAnswer(log: (line: string) => void, maxWaiting = 100): AfterAnswer {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    add(label, job) {
      if (waiting >= maxWaiting) {
        log(`Dropped ${label}: ${waiting} jobs are already waiting.`);
        return;
      }
      waiting++;
      tail = tail
        .then(() => nextTurn())
        .then(job)
        .catch((error: unknown) =>
          log(`${label} failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          waiting--;
        });
    },
    settled: () => tail,
  };
}
