// Renders cannot starve the cache (docs/decisions/0013). A page the cache cannot answer costs a render: a few
// milliseconds of the one JavaScript thread and a database read. Renders run at most `concurrent`
// at a time with at most `queued` waiting, and one client holds at most `perClient` of those
// places (its budget of misses); anything over is refused at once, for a fast 503 with
// Retry-After, instead of a queue that grows until every visitor waits. Cached pages, static files
// and the booking form's post never pass here, so they answer through a flood of misses.
import type { ServerResponse } from 'node:http';
import { isLoopback } from '#server/http.ts';

export interface RenderLimits {
  /** Renders at once: about one per core keeps the thread free for the cache between them. */
  concurrent: number;
  /** Renders that may wait for a turn; more are refused. */
  queued: number;
  /** Renders of one client, running or waiting; more are refused. Local clients are exempt. */
  perClient: number;
  /** A render that waited this long without a turn is refused after all. */
  maxWaitMs: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  concurrent: 2,
  queued: 16,
  perClient: 2,
  maxWaitMs: 5000,
};

export class RenderGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly clients = new Map<string, number>();
  private readonly limits: RenderLimits;

  constructor(limits: RenderLimits = DEFAULT_RENDER_LIMITS) {
    this.limits = limits;
  }

  /**
   * Runs `render` when a turn comes, and answers true; answers false at once (or after
   * `maxWaitMs` in the queue) when it is over the bound, without running it. A request whose
   * client leaves while it waits gives its place up (`res`, when given).
   */
  async run(client: string, render: () => Promise<void>, res?: ServerResponse): Promise<boolean> {
    const counted = !isLoopback(client);
    const own = this.clients.get(client) ?? 0;
    if (counted && own >= this.limits.perClient) return false;
    if (this.running >= this.limits.concurrent && this.waiting.length >= this.limits.queued)
      return false;
    if (counted) this.clients.set(client, own + 1);
    try {
      if (!(await this.turn(res))) return false;
      try {
        await render();
      } finally {
        this.release();
      }
      return true;
    } finally {
      if (counted) {
        const left = (this.clients.get(client) ?? 1) - 1;
        if (left > 0) this.clients.set(client, left);
        else this.clients.delete(client);
      }
    }
  }

  /** Renders running and waiting, for tests and the bench. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private turn(res: ServerResponse | undefined): Promise<boolean> {
    if (this.running < this.limits.concurrent) {
      this.running++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const leave = () => {
        const at = this.waiting.indexOf(admit);
        if (at >= 0) this.waiting.splice(at, 1);
        clearTimeout(timer);
        res?.off('close', leave);
        resolve(false);
      };
      const admit = () => {
        clearTimeout(timer);
        res?.off('close', leave);
        resolve(true); // the turn passes from the releaser to this waiter
      };
      const timer = setTimeout(leave, this.limits.maxWaitMs);
      res?.once('close', leave);
      this.waiting.push(admit);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
