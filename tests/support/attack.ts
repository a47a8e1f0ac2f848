// An outside client's attack on /rest/v1, for the process test and the bench.
import { querySite, type RunningSite } from './site.ts';

/** Backtracking that runs for minutes unless the statement timeout stops it. */
export const HOSTILE_FILTER =
  'select=id&content=imatch.' + encodeURIComponent('(.*)(.*)(.*)(.*)(.*)\\5\\4\\3\\2\\1x');
export const ATTACKER = '203.0.113.66';

/** Starts `count` hostile requests from one outside client (forwarded by a trusted proxy). */
export function attack(site: RunningSite, count: number) {
  let settled = 0;
  const answers = Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${site.url}/rest/v1/blog_posts?${HOSTILE_FILTER}`, {
        headers: { apikey: site.anonKey, 'X-Forwarded-For': ATTACKER },
      })
        .then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { code?: string },
        }))
        // A server stopped mid-attack (a failed test) answers nothing.
        .catch(() => ({ status: 0, body: {} as { code?: string } }))
        .finally(() => settled++),
    ),
  );
  return { answers, settled: () => settled };
}

/** `count` outside addresses, 203.0.113.1 upwards: a botnet's, each forwarded by a trusted proxy. */
export function attackerAddresses(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `203.0.113.${i + 1}`);
}

/**
 * Each address keeps `inFlight` hostile requests running until stop(): as one answers, it sends
 * the next. stop() aborts what is still waiting and answers the statuses of everything answered.
 */
export function sustainedAttack(site: RunningSite, addresses: string[], inFlight: number) {
  const stopped = new AbortController();
  const statuses = new Map<number, number>();
  let settled = 0;
  const loop = async (address: string) => {
    while (!stopped.signal.aborted) {
      const status = await fetch(`${site.url}/rest/v1/blog_posts?${HOSTILE_FILTER}`, {
        headers: { apikey: site.anonKey, 'X-Forwarded-For': address },
        signal: stopped.signal,
      })
        .then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        })
        .catch(() => undefined);
      if (status === undefined) break; // stopped, or the server went away
      settled++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const loops = Promise.all(
    addresses.flatMap((address) => Array.from({ length: inFlight }, () => loop(address))),
  );
  return {
    /** How many hostile requests have been answered so far. */
    settled: () => settled,
    async stop(): Promise<Map<number, number>> {
      stopped.abort();
      await loops;
      return statuses;
    },
  };
}

/**
 * Waits until the site's embedded PostgreSQL runs at least `count` hostile statements (the
 * filter's case-insensitive match), so a test knows the database is busy with the attack.
 */
export async function untilHostileRunning(site: RunningSite, count: number): Promise<void> {
  for (let running = 0; running < count;) {
    const [row] = await querySite<{ running: number }>(
      site,
      `select count(*)::int as running from pg_stat_activity
        where state = 'active' and pid <> pg_backend_pid() and query like '%~*%'`,
    );
    running = row!.running;
  }
}
