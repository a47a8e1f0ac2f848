// Twenty outside addresses keep slow regular expressions running against /rest/v1, more than the
// outside callers' share of connections can run at once. A new visitor's plain read and a signed-in
// team member's read still answer while the attack's queued requests wait (decision 21).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GATE_LIMITS } from '#server/supabase/client-gate.ts';
import {
  attackerAddresses,
  HOSTILE_FILTER,
  sustainedAttack,
  untilHostileRunning,
} from '../support/attack.ts';
import { signedInAdmin, startSite, type RunningSite } from '../support/site.ts';

/** A signed-in session's cookie: the page cache skips it, so the page's loaders run. */
const renderAfresh = { Cookie: 'sb-fair-share-test-auth-token=signed-in' };

/** Waits for `request` and counts the hostile requests answered while it waited. */
async function whileAttacked(
  hostile: ReturnType<typeof sustainedAttack>,
  request: () => Promise<Response>,
) {
  const before = hostile.settled();
  const response = await request();
  await response.arrayBuffer();
  return { status: response.status, hostileAnsweredMeanwhile: hostile.settled() - before };
}

describe('outside callers’ share of the data API', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'true' });
  });
  afterAll(async () => site?.stop());

  it('leaves a new visitor, a team member and the site’s pages their turn while twenty addresses keep slow regexes in flight', async () => {
    const admin = await signedInAdmin(site);
    const token = (await admin.auth.getSession()).data.session?.access_token;
    expect(token).toBeDefined();

    // 40 hostile requests in flight: most of them wait for a connection.
    const inFlight = 40;
    const hostile = sustainedAttack(site, attackerAddresses(20), inFlight / 20);
    try {
      // The database is busy with them now: at least as many run as one address may run at once.
      await untilHostileRunning(site, DEFAULT_GATE_LIMITS.outside.perClient);

      const [visitor, member, page] = await Promise.all([
        whileAttacked(hostile, () =>
          fetch(`${site.url}/rest/v1/blog_posts?limit=3`, {
            headers: { apikey: site.anonKey, 'X-Forwarded-For': '198.51.100.31' },
          }),
        ),
        // The admin pages read the data API from the member's browser, outside like any visitor.
        whileAttacked(hostile, () =>
          fetch(`${site.url}/rest/v1/blog_posts?select=id,is_published&limit=3`, {
            headers: {
              apikey: site.anonKey,
              Authorization: `Bearer ${token}`,
              'X-Forwarded-For': '198.51.100.32',
            },
          }),
        ),
        whileAttacked(hostile, () =>
          fetch(`${site.url}/`, {
            headers: { ...renderAfresh, 'X-Forwarded-For': '198.51.100.33' },
          }),
        ),
      ]);

      // Each answered before half of the requests in flight when it was sent had: it did not
      // queue behind them all (a first-come queue put it behind the 32 already waiting).
      expect(visitor.status).toBe(200);
      expect(visitor.hostileAnsweredMeanwhile).toBeLessThan(inFlight / 2);
      expect(member.status).toBe(200);
      expect(member.hostileAnsweredMeanwhile).toBeLessThan(inFlight / 2);
      expect(page.status).toBe(200);
      expect(page.hostileAnsweredMeanwhile).toBeLessThan(inFlight / 2);
    } finally {
      const statuses = await hostile.stop();
      // The hostile requests were stopped by the statement timeout (57014, HTTP 500).
      expect(statuses.get(500)).toBeGreaterThan(0);
    }
  });

  it('turns away one address’s requests past its bound with a 429 as PostgREST shapes errors', async () => {
    const stop = new AbortController();
    const requests = Array.from({ length: 40 }, () =>
      fetch(`${site.url}/rest/v1/blog_posts?${HOSTILE_FILTER}`, {
        headers: { apikey: site.anonKey, 'X-Forwarded-For': '203.0.113.200' },
        signal: stop.signal,
      }).catch(() => undefined),
    );
    try {
      // 3 run and 32 wait: the rest are answered at once.
      const first = await Promise.race(requests);
      expect(first?.status).toBe(429);
      expect(first?.headers.get('retry-after')).toBe('1');
      // A browser on another origin reads the refusal, and its Retry-After, only with these.
      expect(first?.headers.get('access-control-allow-origin')).toBe('*');
      expect(first?.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(await first?.json()).toMatchObject({
        code: 'PT429',
        message: expect.stringMatching(/too many requests/i),
      });
    } finally {
      stop.abort();
    }
  });

  it('turns away a read it answered before the same way when the address is past its bound', async () => {
    const headers = { apikey: site.anonKey, 'X-Forwarded-For': '203.0.113.201' };
    const known = `${site.url}/rest/v1/blog_posts?select=id&limit=1`;
    expect((await fetch(known, { headers })).status).toBe(200);
    const stop = new AbortController();
    const requests = Array.from({ length: 40 }, () =>
      fetch(`${site.url}/rest/v1/blog_posts?${HOSTILE_FILTER}`, {
        headers,
        signal: stop.signal,
      }).catch(() => undefined),
    );
    try {
      // The first answer is a refusal: the address's queue is full.
      expect((await Promise.race(requests))?.status).toBe(429);
      const again = await fetch(known, { headers });
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('1');
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
      expect(await again.json()).toMatchObject({ code: 'PT429' });
    } finally {
      stop.abort();
    }
  });
});
