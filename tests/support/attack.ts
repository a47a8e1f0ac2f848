// An outside client's attack on /rest/v1 (issue 13), for the process test and the bench.
import type { RunningSite } from './site.ts';

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
