// A flood of requests with unique query strings does not reach the visitors. The site as
// `npm start` runs it takes 20 connections from one outside client, half sending ad-click
// parameters no one sent before (answered from the cache) and half asking for blog pages that
// each cost a render (bounded: over the bound, a fast 503 with Retry-After). Meanwhile a visitor
// reads a cached post, a static file and sends the booking form, and is answered every time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postBookingForm, signedInAdmin, startSite, type RunningSite } from '../support/site.ts';
import { aLeadForm } from '../support/leads.ts';

const FLOODER = '203.0.113.77';
const VISITOR = '198.51.100.30';
const post = '/blog/three-email-welcome-sequence';

interface Answer {
  status: number;
  retryAfter: string | null;
}

describe('a flood of unique query strings', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0' });
  });
  afterAll(async () => site?.stop());

  it('leaves cached pages, static files and the lead intake answering, and is answered itself', async () => {
    expect((await fetch(site.url + post)).status).toBe(200); // the post is in the cache now

    let flooding = true;
    let sent = 0;
    const flood = async (worker: number): Promise<Answer[]> => {
      const answers: Answer[] = [];
      while (flooding) {
        sent += 1;
        const unique = `${worker}-${sent}-${Date.now()}`;
        const address =
          worker % 2 === 0
            ? `${post}?utm_source=flood&fbclid=${unique}` // one copy for all of them
            : `/blog?page=${100 + sent}&gclid=${unique}`; // each a page to render
        const response = await fetch(site.url + address, {
          headers: { 'X-Forwarded-For': FLOODER },
        }).catch(() => undefined);
        await response?.arrayBuffer();
        answers.push({
          status: response?.status ?? 0,
          retryAfter: response?.headers.get('retry-after') ?? null,
        });
      }
      return answers;
    };
    const floods = Array.from({ length: 20 }, (_, worker) => flood(worker));
    // The flood is under way: every worker has had an answer and sent again.
    while (sent < 2 * floods.length) await new Promise((resolve) => setTimeout(resolve, 10));

    const visitor = { 'X-Forwarded-For': VISITOR };
    const posts: Response[] = [];
    for (let n = 0; n < 30; n++) {
      const response = await fetch(site.url + post, { headers: visitor });
      await response.arrayBuffer();
      posts.push(response);
    }
    const favicon = await fetch(`${site.url}/favicon.svg`, { headers: visitor });
    const email = `flooded.${Date.now()}@example.se`;
    const lead = await postBookingForm(
      site.url,
      aLeadForm({ name: 'Flood Visitor', email }),
      visitor,
    );
    flooding = false;
    const answers = (await Promise.all(floods)).flat();

    for (const response of posts) {
      expect(response.status).toBe(200);
      expect(response.headers.get('age')).not.toBeNull(); // from the cache, not rendered
    }
    expect(favicon.status).toBe(200);
    expect(lead.status).toBe(303);
    expect(lead.headers.get('location')).toBe('/book-call/thank-you');
    const admin = await signedInAdmin(site);
    const stored = await admin.from('consultations').select('email').eq('email', email);
    expect(stored.data).toEqual([{ email }]);

    // Every flood request was answered: the cached copy, a rendered page (404: no such page), or
    // refused over the bound with Retry-After. None timed out or was dropped.
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].every((status) => [200, 404, 503].includes(status))).toBe(true);
    for (const answer of answers.filter((a) => a.status === 503))
      expect(answer.retryAfter).toBe('1');
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
  });
});
