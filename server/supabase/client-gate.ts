// The embedded server is its own API gateway (PostgREST leaves this to one). Outside callers share
// a few of the pool's connections, and among themselves take turns by the database time each has
// used while they competed, so no crowd of addresses makes a newcomer wait behind all its queued
// requests. The site's own server and signed-in team members have a lane of their own that
// outside callers cannot fill (decision 21).
// Long because the lane's fair queuing (its tags, its quick callers, its forgetting) is one
// schedule, read best in one piece beside the gate that hands requests to it.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LaneLimits {
  /** Requests of one caller that run at once; more wait their turn. */
  perClient: number;
  /** Requests of one caller that may wait; more are refused with 429. */
  queuedPerClient: number;
  /** Requests of the whole lane that run at once (Infinity: the pool's own queue decides). */
  total: number;
  /**
   * Of `total`, slots only callers proven quick may take (requests answered, none lately as slow
   * as SLOW_REQUEST_MS), so their reads do not wait for slow ones to end.
   */
  quickReserve?: number;
}

export interface GateLimits {
  /** Callers known only by their address. */
  outside: LaneLimits;
  /** Signed-in team members, each by their user id. */
  members: LaneLimits;
}

/**
 * Outside callers run 8 at once of the pool's 10 connections, so 2 stay for the site and the team;
 * 2 of the 8 are kept for callers proven quick.
 */
export const DEFAULT_GATE_LIMITS: GateLimits = {
  outside: { perClient: 3, queuedPerClient: 32, total: 8, quickReserve: 2 },
  members: { perClient: 3, queuedPerClient: 32, total: Infinity },
};

/** A request that runs this long marks its caller slow. */
export const SLOW_REQUEST_MS = 500;
/** How long that mark lasts: a caller's slowest request counts half as long after this. */
export const SLOWNESS_HALF_LIFE_MS = 30_000;
/** Callers remembered at most; idle ones are forgotten first when there are more. */
const MAX_REMEMBERED = 10_000;

interface Waiter {
  admit(): void;
}

/** One caller's requests: those running, those waiting, and the time it has been served. */
interface Flow {
  running: number;
  /** Sum of the running requests' start times, so their elapsed time is known without a list. */
  runningSince: number;
  waiting: Waiter[];
  /** The lane's virtual time (ms of service) up to which this caller's finished requests reach. */
  finish: number;
  /** The flow's place in the round: set when it starts waiting and after each admission. */
  headSeq: number;
  /**
   * Its slowest request lately, in ms, as of slowestAt (halved every SLOWNESS_HALF_LIFE_MS);
   * undefined until one has been answered.
   */
  slowest: number | undefined;
  slowestAt: number;
}

/**
 * Between callers that have been served alike (not at all, at the start of a flood): the one with
 * fewer requests in hand first, as a flood keeps many; then whoever's turn came first.
 */
function before(a: Flow, b: Flow): boolean {
  const inHandA = a.running + a.waiting.length;
  const inHandB = b.running + b.waiting.length;
  return inHandA !== inHandB ? inHandA < inHandB : a.headSeq < b.headSeq;
}

/**
 * A lane's slots, given out by start-time fair queuing with the database time measured: each
 * caller's tag is the virtual time its requests have been served up to (running ones counted as
 * they run), never below the lane's virtual time, which follows the tags of the requests started.
 * A free slot goes to the lowest tag. With equal requests that is round robin; with a crowd of
 * slow ones, a caller who has had little (or who was idle) is next; a caller busy while no one
 * else was banks neither credit nor debt.
 */
export class FairLane {
  private readonly flows = new Map<string, Flow>();
  /** Flows with a waiting request, the only candidates for a free slot. */
  private readonly backlogged = new Set<Flow>();
  private running = 0;
  /** Running requests of callers not proven quick when they started. */
  private ordinaryRunning = 0;
  private seq = 0;
  private virtual = 0;
  private readonly limits: LaneLimits;
  private readonly now: () => number;

  constructor(limits: LaneLimits, now: () => number = () => performance.now()) {
    this.limits = limits;
    this.now = now;
  }

  /** A flow's tag now: its finished service, its running requests so far, at least the lane's. */
  private tagOf(flow: Flow, now: number): number {
    return Math.max(flow.finish + flow.running * now - flow.runningSince, this.virtual);
  }

  private slowestNow(flow: Flow, now: number): number | undefined {
    if (flow.slowest === undefined) return undefined;
    return flow.slowest * 2 ** (-(now - flow.slowestAt) / SLOWNESS_HALF_LIFE_MS);
  }

  /** Answered before, and none of its requests slow lately: a new address is not, yet. */
  private provenQuick(flow: Flow, now: number): boolean {
    return (this.slowestNow(flow, now) ?? Infinity) < SLOW_REQUEST_MS;
  }

  /** Whether one more of the flow's requests may start now. */
  private mayStart(flow: Flow, now: number): boolean {
    const { perClient, total, quickReserve = 0 } = this.limits;
    if (flow.running >= perClient || this.running >= total) return false;
    return this.ordinaryRunning < total - quickReserve || this.provenQuick(flow, now);
  }

  private flowOf(key: string): Flow {
    let flow = this.flows.get(key);
    if (!flow) {
      if (this.flows.size >= MAX_REMEMBERED) this.forget();
      flow = {
        running: 0,
        runningSince: 0,
        waiting: [],
        finish: 0,
        headSeq: 0,
        slowest: undefined,
        slowestAt: 0,
      };
      this.flows.set(key, flow);
    }
    return flow;
  }

  /**
   * Forgets idle callers no longer ahead of the lane's time (a new one would be the same, but for
   * being proven quick), or every idle one if that is not enough.
   */
  private forget(): void {
    const idle = [...this.flows].filter(([, f]) => f.running === 0 && f.waiting.length === 0);
    for (const [key, flow] of idle) if (flow.finish <= this.virtual) this.flows.delete(key);
    if (this.flows.size >= MAX_REMEMBERED) for (const [key] of idle) this.flows.delete(key);
  }

  /** True when the caller may queue one more request; false means refuse it. */
  canWait(key: string): boolean {
    return (this.flows.get(key)?.waiting.length ?? 0) < this.limits.queuedPerClient;
  }

  /**
   * A slot at once, as the function that gives it back, when the caller has none waiting and one
   * is free; undefined when it would have to wait (acquire then queues it).
   */
  tryAcquire(key: string): (() => void) | undefined {
    const flow = this.flowOf(key);
    if (flow.waiting.length === 0 && this.mayStart(flow, this.now())) return this.start(flow);
    return undefined;
  }

  /**
   * A place in the caller's queue: `admitted` resolves with the function that gives the slot back
   * once the caller holds one, or with undefined when `leave` gave the place up first (a caller
   * that went away while it waited). A plain callback rather than an AbortSignal: an
   * AbortController and its listeners for every waiting request cost a few µs each.
   */
  acquire(key: string): { admitted: Promise<(() => void) | undefined>; leave: () => void } {
    const free = this.tryAcquire(key);
    if (free) return { admitted: Promise.resolve(free), leave: () => {} };
    const flow = this.flowOf(key);
    let settle!: (release: (() => void) | undefined) => void;
    const admitted = new Promise<(() => void) | undefined>((resolve) => (settle = resolve));
    const waiter: Waiter = { admit: () => settle(this.start(flow)) };
    if (flow.waiting.length === 0) flow.headSeq = this.seq++;
    flow.waiting.push(waiter);
    this.backlogged.add(flow);
    const leave = () => {
      const at = flow.waiting.indexOf(waiter);
      if (at < 0) return; // admitted already: the slot is given back when the request ends
      flow.waiting.splice(at, 1);
      if (flow.waiting.length === 0) this.backlogged.delete(flow);
      settle(undefined);
    };
    return { admitted, leave };
  }

  /** Takes a slot for the flow and answers the function that gives it back. */
  private start(flow: Flow): () => void {
    const started = this.now();
    const ordinary = !this.provenQuick(flow, started);
    if (ordinary) this.ordinaryRunning++;
    this.virtual = this.tagOf(flow, started);
    flow.finish = Math.max(
      flow.finish,
      this.virtual - (flow.running * started - flow.runningSince),
    );
    flow.running++;
    flow.runningSince += started;
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = this.now();
      // The request's time joins the flow's finished service; it no longer counts as running.
      flow.finish += now - started;
      flow.running--;
      flow.runningSince -= started;
      flow.slowest = Math.max(this.slowestNow(flow, now) ?? 0, now - started);
      flow.slowestAt = now;
      this.running--;
      if (ordinary) this.ordinaryRunning--;
      this.admitNext();
    };
  }

  /** Gives free slots to the waiting flows with the lowest tags. */
  private admitNext(): void {
    while (this.running < this.limits.total) {
      const now = this.now();
      let next: Flow | undefined;
      let nextTag = Infinity;
      for (const flow of this.backlogged) {
        if (!this.mayStart(flow, now)) continue;
        const tag = this.tagOf(flow, now);
        if (tag < nextTag || (tag === nextTag && before(flow, next!))) {
          next = flow;
          nextTag = tag;
        }
      }
      if (!next) return;
      const waiter = next.waiting.shift()!;
      if (next.waiting.length === 0) this.backlogged.delete(next);
      else next.headSeq = this.seq++;
      waiter.admit();
    }
  }
}

/**
 * Who a request counts as: the site's own server (its loaders, and calls with the service key),
 * a signed-in team member (by user id), or an outside caller (by address). server/supabase/data-api-caller.ts
 * tells them apart.
 */
export type GateCaller =
  { lane: 'site' } | { lane: 'member'; userId: string } | { lane: 'outside'; address: string };

export class ClientGate {
  private readonly outside: FairLane;
  private readonly members: FairLane;

  constructor(limits: GateLimits = DEFAULT_GATE_LIMITS, now?: () => number) {
    this.outside = new FairLane(limits.outside, now);
    this.members = new FairLane(limits.members, now);
  }

  /**
   * Runs `handle` once the caller has a turn, or answers 429 when too many of its requests wait
   * already. A request whose connection closes while it waits is dropped without running. The
   * site's own requests run at once: its pages are bounded where they are rendered.
   */
  async pass(
    caller: GateCaller,
    req: IncomingMessage,
    res: ServerResponse,
    handle: () => Promise<void>,
    refuse: () => void,
  ): Promise<void> {
    if (caller.lane === 'site') return handle();
    const [lane, key] =
      caller.lane === 'member' ? [this.members, caller.userId] : [this.outside, caller.address];
    // A free slot is taken at once: only a request that must wait is watched for leaving.
    const free = lane.tryAcquire(key);
    if (free) {
      try {
        return await handle();
      } finally {
        free();
      }
    }
    if (!lane.canWait(key)) {
      refuse();
      return;
    }
    const place = lane.acquire(key);
    res.once('close', place.leave);
    const release = await place.admitted;
    res.off('close', place.leave);
    if (!release) {
      req.destroy(); // it left while waiting: nothing ran
      return;
    }
    try {
      await handle();
    } finally {
      release();
    }
  }
}
