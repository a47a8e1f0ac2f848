// No single request holds the server. The site as `npm start` runs it (the embedded
// PostgreSQL) takes hostile regular expressions at once from one outside client, more than the
// client may run at once, and answers its visitors while they run. So does the site on PGlite (EMBEDDED_DATABASE=pglite), whose one
// connection runs them one after the other: its worker is ended at each timeout and started again,
// while the Node thread answers pages and static files, and a lead waits its turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GATE_LIMITS } from '#server/supabase/client-gate.ts';
import { attack, untilHostileRunning } from '../support/attack.ts';
import { postBookingForm, startSite, type RunningSite } from '../support/site.ts';
import { aLeadForm } from '../support/leads.ts';

/** A signed-in session's cookie: the page cache skips it, so the page is rendered afresh (a
 * visitor's Cache-Control: no-cache does not force that). */
const renderAfresh = { Cookie: 'sb-attack-test-auth-token=signed-in' };

/** Twice what one outside client may run at once, and two more: the rest of them wait. */
const HOSTILE = 2 * DEFAULT_GATE_LIMITS.outside.perClient + 2;

const visitor = aLeadForm({ name: 'Under Attack', company_name: 'Attack AB' });

/** A post's address, from the blog's list (which the page cache then keeps). */
async function aPost(site: RunningSite): Promise<string> {
  const slug = (await (await fetch(`${site.url}/blog`)).text()).match(
    /href="\/blog\/([^"/]+)"/,
  )?.[1];
  expect(slug).toBeDefined();
  return `/blog/${slug}`;
}

/** Each hostile request was stopped by the anon statement timeout, as PostgREST answers it, or
 * turned away while too many of the same client's waited. */
async function expectStoppedOrTurnedAway(hostile: ReturnType<typeof attack>) {
  const answers = await hostile.answers;
  for (const answer of answers) {
    expect([500, 429]).toContain(answer.status);
    if (answer.status === 500) expect(answer.body.code).toBe('57014');
  }
  expect(answers.filter((answer) => answer.status === 500).length).toBeGreaterThan(0);
}

describe(`${HOSTILE} hostile regular expressions at once`, () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0' });
  });
  afterAll(async () => site?.stop());

  it('leave the home page, a post, static files and the lead intake answering', async () => {
    const post = await aPost(site);

    const hostile = attack(site, HOSTILE);
    // The database is busy with them now: as many run as the client may run at once.
    await untilHostileRunning(site, DEFAULT_GATE_LIMITS.outside.perClient);

    const home = await fetch(`${site.url}/`, { headers: renderAfresh });
    const postPage = await fetch(site.url + post);
    const robots = await fetch(`${site.url}/robots.txt`);
    const lead = await postBookingForm(site.url, visitor, {
      'X-Forwarded-For': '198.51.100.20',
    });
    const readWhileAttacked = await fetch(`${site.url}/rest/v1/blog_posts?select=id&limit=1`, {
      headers: { apikey: site.anonKey, 'X-Forwarded-For': '198.51.100.21' },
    });
    // All of them answered before the attack's requests had: they did not wait for it.
    const settledMeanwhile = hostile.settled();

    expect(home.status).toBe(200);
    expect(await home.text()).toContain('</html>');
    expect(postPage.status).toBe(200);
    expect(robots.status).toBe(200);
    expect(lead.status).toBe(303);
    expect(lead.headers.get('location')).toBe('/book-call/thank-you');
    expect(readWhileAttacked.status).toBe(200);
    expect(settledMeanwhile).toBeLessThan(HOSTILE);

    await expectStoppedOrTurnedAway(hostile);
  });
});

describe(`${HOSTILE} hostile regular expressions at once on PGlite`, () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({
      SEED_DEMO: 'true',
      FORM_MIN_FILL_SECONDS: '0',
      EMBEDDED_DATABASE: 'pglite',
    });
  });
  afterAll(async () => site?.stop());

  it('leave the Node thread answering pages and static files, and the lead stored', async () => {
    const post = await aPost(site);
    // Rendered once before the attack, then served from the page cache.
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    expect((await fetch(site.url + post)).status).toBe(200);

    const hostile = attack(site, HOSTILE);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the worker runs the first now

    const timed = async (request: Promise<Response>) => {
      const started = Date.now();
      const response = await request;
      await response.text();
      return { status: response.status, ms: Date.now() - started };
    };
    // The database is busy for seconds with each hostile statement, and none of these waits.
    const [home, cachedPost, robots] = await Promise.all([
      timed(fetch(`${site.url}/`)),
      timed(fetch(site.url + post)),
      timed(fetch(`${site.url}/robots.txt`)),
    ]);
    // These need the database: they wait for the statements queued before them, and answer.
    const [rendered, lead] = await Promise.all([
      timed(fetch(site.url + post, { headers: renderAfresh })),
      postBookingForm(site.url, visitor, { 'X-Forwarded-For': '198.51.100.20' }),
    ]);
    const settledMeanwhile = hostile.settled();

    expect(home).toMatchObject({ status: 200 });
    expect(cachedPost).toMatchObject({ status: 200 });
    expect(robots).toMatchObject({ status: 200 });
    for (const answer of [home, cachedPost, robots]) expect(answer.ms).toBeLessThan(1_500);
    expect(rendered.status).toBe(200);
    // Where the lead was not stored, the form's failure text says why (not the whole page).
    const failure =
      lead.status === 303
        ? ''
        : ((await lead.text()).match(/data-consultation-failure="">([^<]*)</)?.[1] ?? 'no text');
    expect({ status: lead.status, failure }).toEqual({ status: 303, failure: '' });
    expect(lead.headers.get('location')).toBe('/book-call/thank-you');
    expect(settledMeanwhile).toBeLessThan(HOSTILE);

    await expectStoppedOrTurnedAway(hostile);
    // The server is up, on a worker started after the last timeout.
    const read = await fetch(`${site.url}/rest/v1/blog_posts?select=id&limit=1`, {
      headers: { apikey: site.anonKey },
    });
    expect(read.status).toBe(200);
  }, 240_000);
});
