// Issue 13: no single request holds the server. The site as `npm start` runs it (the embedded
// PostgreSQL) takes 20 hostile regular expressions at once from one outside client, and answers
// its visitors while they run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attack } from '../support/attack.ts';
import { postBookingForm, startSite, type RunningSite } from '../support/site.ts';

describe('20 hostile regular expressions at once', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'true', FORM_MIN_FILL_SECONDS: '0' });
  });
  afterAll(async () => site?.stop());

  it('leave the home page, a post, static files and the lead intake answering', async () => {
    const slug = (await (await fetch(`${site.url}/blog`)).text()).match(
      /href="\/blog\/([^"/]+)"/,
    )?.[1];
    expect(slug).toBeDefined();

    const hostile = attack(site, 20);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the database is busy with them now

    const home = await fetch(`${site.url}/`, { headers: { 'Cache-Control': 'no-cache' } });
    const post = await fetch(`${site.url}/blog/${slug}`);
    const robots = await fetch(`${site.url}/robots.txt`);
    const lead = await postBookingForm(
      site.url,
      {
        name: 'Under Attack',
        email: 'visitor@example.se',
        phone_number: '070 111 22 33',
        company_name: 'Attack AB',
        problems: 'We would like more customers from the web.',
        how_found_us: 'Google',
      },
      { 'X-Forwarded-For': '198.51.100.20' },
    );
    const readWhileAttacked = await fetch(`${site.url}/rest/v1/blog_posts?select=id&limit=1`, {
      headers: { apikey: site.anonKey, 'X-Forwarded-For': '198.51.100.21' },
    });
    // All of them answered before the attack's requests had: they did not wait for it.
    const settledMeanwhile = hostile.settled();

    expect(home.status).toBe(200);
    expect(await home.text()).toContain('</html>');
    expect(post.status).toBe(200);
    expect(robots.status).toBe(200);
    expect(lead.status).toBe(303);
    expect(lead.headers.get('location')).toBe('/book-call/thank-you');
    expect(readWhileAttacked.status).toBe(200);
    expect(settledMeanwhile).toBeLessThan(20);

    // Each hostile request was stopped by the anon statement timeout, as PostgREST answers it,
    // or turned away while too many of the same client's waited.
    const answers = await hostile.answers;
    for (const answer of answers) {
      expect([500, 429]).toContain(answer.status);
      if (answer.status === 500) expect(answer.body.code).toBe('57014');
    }
    expect(answers.filter((answer) => answer.status === 500).length).toBeGreaterThan(0);
  });
});
