// The embedded server is its own API gateway (PostgREST leaves this to one): it bounds what one
// client can keep the database busy with, and what all outside clients together can, so the
// site's own reads and the lead intake always find a connection free.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A counting semaphore with a FIFO queue; a waiter whose request went away leaves the queue. */
class Semaphore {
  private active = 0;
  private readonly queue: Array<() => void> = [];
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get waiting(): number {
    return this.queue.length;
  }

  get idle(): boolean {
    return this.active === 0 && this.queue.length === 0;
  }

  acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const admit = () => {
        signal.removeEventListener('abort', abandon);
        resolve(); // the slot passes from the releaser to this waiter
      };
      const abandon = () => {
        this.queue.splice(this.queue.indexOf(admit), 1);
        reject(signal.reason as Error);
      };
      this.queue.push(admit);
      signal.addEventListener('abort', abandon, { once: true });
    });
  }

  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}

export interface GateLimits {
  /** Requests of one client that run at once; more wait their turn. */
  perClient: number;
  /** Requests of one client that may wait; more are refused with 429. */
  queuedPerClient: number;
  /** Requests of all outside clients that run at once (the pool keeps the rest for the site). */
  total: number;
}

export const DEFAULT_GATE_LIMITS: GateLimits = { perClient: 3, queuedPerClient: 32, total: 8 };

export class ClientGate {
  private readonly clients = new Map<string, Semaphore>();
  private readonly total: Semaphore;
  private readonly limits: GateLimits;

  constructor(limits: GateLimits = DEFAULT_GATE_LIMITS) {
    this.limits = limits;
    this.total = new Semaphore(limits.total);
  }

  /**
   * Runs `handle` once the client has a turn, or answers 429 when too many of its requests wait
   * already. A request whose connection closes while it waits is dropped without running.
   */
  async pass(
    client: string,
    req: IncomingMessage,
    res: ServerResponse,
    handle: () => Promise<void>,
    refuse: () => void,
  ): Promise<void> {
    let own = this.clients.get(client);
    if (!own) {
      own = new Semaphore(this.limits.perClient);
      this.clients.set(client, own);
    }
    if (own.waiting >= this.limits.queuedPerClient) {
      refuse();
      return;
    }
    const gone = new AbortController();
    const onClose = () => gone.abort(new Error('client went away'));
    res.once('close', onClose);
    let holdsOwn = false;
    let holdsTotal = false;
    try {
      await own.acquire(gone.signal);
      holdsOwn = true;
      await this.total.acquire(gone.signal);
      holdsTotal = true;
      res.off('close', onClose);
      await handle();
    } catch (error) {
      if (!gone.signal.aborted) throw error;
      req.destroy(); // it left while waiting: nothing ran
    } finally {
      if (holdsTotal) this.total.release();
      if (holdsOwn) own.release();
      res.off('close', onClose);
      if (own.idle) this.clients.delete(client);
    }
  }
}
