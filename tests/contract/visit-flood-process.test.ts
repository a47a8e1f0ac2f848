// A flood of page views from one address cannot grow the statistics without bound (decision 19).
// The site as `npm start` runs it takes 20 connections from one outside client for a few seconds,
// each request a browser's with random UTM values and a random Referer; the page views kept for it
// stay within one address's day (200 rows, 2,000 views, 10 values of a field and '(other)'), and a
// visitor from another address meanwhile is counted with their campaign.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { querySite, startSite, type RunningSite } from '../support/site.ts';

const FLOODER = '203.0.113.91';
const VISITOR = '198.51.100.44';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const random = () => randomBytes(6).toString('hex');

interface Kept {
  visitor: string;
  rows: string;
  views: string;
  sources: string;
  referrers: string;
}

describe('a flood of page views from one address', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'true' });
  });
  afterAll(async () => site?.stop());

  it('keeps one address’s day within its bounds and still counts another visitor', async () => {
    let flooding = true;
    let sent = 0;
    const flood = async () => {
      while (flooding) {
        sent += 1;
        const response = await fetch(
          `${site.url}/?utm_source=${random()}&utm_medium=${random()}&utm_campaign=${random()}`,
          {
            headers: {
              'user-agent': CHROME,
              referer: `https://${random()}.example/`,
              'x-forwarded-for': FLOODER,
            },
          },
        ).catch(() => undefined);
        await response?.arrayBuffer();
      }
    };
    const floods = Array.from({ length: 20 }, flood);
    // A thousand views of the flood first: five times the 200 rows one address may keep a day.
    while (sent < 1_000) await new Promise((resolve) => setTimeout(resolve, 50));

    const visit = await fetch(`${site.url}/blog?utm_source=newsletter&utm_campaign=november`, {
      headers: { 'user-agent': IPHONE, 'x-forwarded-for': VISITOR },
    });
    await visit.arrayBuffer();
    expect(visit.status).toBe(200);
    // And the flood goes on after the visit.
    const afterVisit = sent + 100;
    while (sent < afterVisit) await new Promise((resolve) => setTimeout(resolve, 50));
    flooding = false;
    await Promise.all(floods);
    expect(sent).toBeGreaterThan(1_000);

    // Views are written every 5 seconds, everything waiting in one statement. The visitor comes
    // back once the flood is over: when that view is stored, every view before it is too.
    const marker = await fetch(`${site.url}/?utm_source=after-the-flood`, {
      headers: { 'user-agent': IPHONE, 'x-forwarded-for': VISITOR },
    });
    await marker.arrayBuffer();
    const markerRow = async () =>
      querySite(site, `select 1 from public.page_views where utm_source = 'after-the-flood'`);
    const deadline = Date.now() + 20_000;
    while ((await markerRow()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await markerRow(), site.output()).toHaveLength(1);
    const [counted] = await querySite<{ visitor: string }>(
      site,
      `select visitor from public.page_views
        where path = '/blog' and utm_source = 'newsletter' and utm_campaign = 'november'`,
    );
    expect(counted, site.output()).toBeDefined();

    const [kept] = await querySite<Kept>(
      site,
      `select count(distinct visitor) as visitor, count(*) as rows, sum(views) as views,
              count(distinct utm_source) as sources, count(distinct referrer_host) as referrers
         from public.page_views where visitor <> $1`,
      [counted!.visitor],
    );
    expect(Number(kept!.visitor)).toBe(1);
    expect(Number(kept!.rows)).toBeGreaterThan(0);
    expect(Number(kept!.rows)).toBeLessThanOrEqual(200);
    expect(Number(kept!.views)).toBeLessThanOrEqual(2_000);
    expect(Number(kept!.sources)).toBeLessThanOrEqual(11);
    expect(Number(kept!.referrers)).toBeLessThanOrEqual(11);
  });
});
