// The health endpoint a load balancer polls (docs/operations.md#deploying-without-a-maintenance-window,
// docs/decisions/0032-deploys-that-drop-nothing.md): 200 {"status":"ready"} when this copy can
// serve, 503 {"status":"starting"} before, 503 {"status":"draining"} once it was told to stop, and
// 503 {"status":"unavailable"} while its database does not answer. Anyone may ask, as often as
// they like: the database is asked at most once a second whatever the number of askers, every
// asker waiting for the same answer, and never longer than the check's bound.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The path, which no page of the site uses (app/routes.ts). */
export const HEALTH_PATH = '/healthz';

export type HealthStatus = 'starting' | 'ready' | 'draining' | 'unavailable';

export interface HealthOptions {
  /** Resolves when the database answers (a `select 1`); none when this copy has no database. */
  checkDatabase?: () => Promise<unknown>;
  /** How long an answer from the database is trusted before it is asked again. */
  refreshMs?: number;
  /** How long the database may take to answer before the copy counts as unavailable. */
  checkTimeoutMs?: number;
  now?: () => number;
}

export interface Health {
  /** The copy has started: it says ready whenever its database answers. */
  markReady(): void;
  /** The copy was told to stop: it says draining from now on. */
  markDraining(): void;
  status(): Promise<HealthStatus>;
  /** Answers GET and HEAD of HEALTH_PATH. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export function createHealth(options: HealthOptions = {}): Health {
  const refreshMs = options.refreshMs ?? 1_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 2_000;
  const now = options.now ?? Date.now;
  let phase: 'starting' | 'ready' | 'draining' = 'starting';
  let reachable = true;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  /** One check at a time, shared by everyone asking while it runs. */
  const refresh = (check: () => Promise<unknown>): Promise<void> => {
    checking ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const outOfTime = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), checkTimeoutMs);
      });
      try {
        await Promise.race([check(), outOfTime]);
        reachable = true;
      } catch {
        reachable = false;
      } finally {
        clearTimeout(timer);
        checkedAt = now();
        checking = undefined;
      }
    })();
    return checking;
  };

  const status = async (): Promise<HealthStatus> => {
    if (phase !== 'ready') return phase;
    if (options.checkDatabase && now() - checkedAt >= refreshMs) {
      await refresh(options.checkDatabase);
    }
    // Told to stop while the check ran: draining wins.
    if ((phase as string) === 'draining') return 'draining';
    return reachable ? 'ready' : 'unavailable';
  };

  return {
    markReady() {
      if (phase === 'starting') phase = 'ready';
    },
    markDraining() {
      phase = 'draining';
    },
    status,
    async handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' }).end();
        return;
      }
      const current = await status();
      const body = JSON.stringify({ status: current });
      res.writeHead(current === 'ready' ? 200 : 503, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        // Never kept by a CDN or proxy: a stale "ready" is what a balancer must not see.
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
