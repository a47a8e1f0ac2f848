// The insights page on a year of a busy site's statistics (decision 19): 10 million page views
// over the last 365 days (about 27,000 a day, three to a visit), generated in SQL on the site's
// default embedded PostgreSQL. Times public.site_insights through supabase-js as the page calls it,
// for the page's periods (7, 30, 90 and 365 days), before the days are rolled up (every view read)
// and after (the rollups, and today's views); the roll-up itself; the space each takes; and one
// write of 1,000 views from 1,000 addresses through private.record_page_views. Printed, never
// asserted (target: every period under 1 s once rolled up). `node bench/visit-statistics.ts`.
import { performance } from 'node:perf_hooks';
import { querySite, signedInAdmin, startSite, type RunningSite } from '../tests/support/site.ts';

const VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 10_000_000);
const PERIODS = [7, 30, 90, 365];
/** Inserted a month at a time, so no statement holds the whole year. */
const CHUNKS = 12;

/** Views n of the year: three to a visit, the first carrying the way the visitor came. */
const generateSql = `
  insert into public.page_views
    (viewed_at, visitor, path, referrer_host, utm_source, utm_campaign, language, device, views)
  select now() - interval '365 days' + (n::float8 / $3) * interval '365 days',
         substr(md5(visit::text), 1, 16),
         page,
         case when n % 3 = 0 then (array['google.com', 'facebook.com', 'bing.com', null])[1 + visit % 4] end,
         source,
         case when source is not null then 'campaign-' || (visit % 8) end,
         case when page like '/sv%' then 'sv' else 'en' end,
         (array['desktop', 'mobile', 'tablet'])[1 + visit % 3],
         1 + (n % 5 = 0)::int
    from generate_series($1::bigint, $2::bigint - 1) n
   cross join lateral (select n / 3 as visit) v
   cross join lateral (
     select case
              when n % 3 = 0 then (array['/', '/sv', '/blog', '/sv/blog'])[1 + visit % 4]
              when n % 3 = 2 and visit % 10 = 0 then '/book-call'
              else '/blog/post-' || ((n * 7919) % 40)
            end as page,
            case when n % 3 = 0
                 then (array['google', 'meta', 'linkedin', 'newsletter', null, null])[1 + visit % 6]
            end as source
   ) p`;

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function time<T>(run: () => PromiseLike<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: Math.round(performance.now() - started), value };
}

async function timeInsights(site: RunningSite, label: string): Promise<Record<string, string>> {
  const admin = await signedInAdmin(site);
  const row: Record<string, string> = { site_insights: label };
  for (const days of PERIODS) {
    const runs: number[] = [];
    let failure = '';
    for (let run = 0; run < 3 && !failure; run++) {
      const { ms, value } = await time(() =>
        admin.rpc('site_insights', { period_start: daysBefore(days - 1), period_end: today() }),
      );
      if (value.error) failure = value.error.message;
      runs.push(ms);
    }
    runs.sort((a, b) => a - b);
    row[`${days} days`] = failure
      ? `${/timeout/.test(failure) ? 'timed out' : 'failed'} after ${runs.at(-1)} ms`
      : `${runs[1]} ms`;
  }
  return row;
}

export async function printVisitStatistics(): Promise<void> {
  const site = await startSite({ SEED_DEMO: 'false' });
  try {
    const loaded = await time(async () => {
      for (let chunk = 0; chunk < CHUNKS; chunk++) {
        const from = Math.floor((VIEWS * chunk) / CHUNKS);
        const to = Math.floor((VIEWS * (chunk + 1)) / CHUNKS);
        await querySite(site, generateSql, [from, to, VIEWS]);
      }
      await querySite(site, 'analyze public.page_views');
    });
    const rows = [await timeInsights(site, 'from the page views')];

    const rolledUp = await time(async () => {
      let days = 0;
      for (;;) {
        const [result] = await querySite<{ rolled: number }>(
          site,
          'select private.roll_up_page_views(31) as rolled',
        );
        days += Number(result!.rolled);
        if (Number(result!.rolled) < 31) return days;
      }
    });
    rows.push(await timeInsights(site, 'rolled up (today from the views)'));

    const [sizes] = await querySite<{ views: string; rollups: string; rollup_rows: string }>(
      site,
      `select pg_size_pretty(pg_total_relation_size('public.page_views')) as views,
              pg_size_pretty(pg_total_relation_size('public.page_view_rollups')) as rollups,
              (select count(*) from public.page_view_rollups)::text as rollup_rows`,
    );
    const batch = Array.from({ length: 1_000 }, (_, n) => ({
      viewed_at: new Date().toISOString(),
      visitor: n.toString(16).padStart(16, '0'),
      address: (n + 1).toString(16).padStart(16, 'a'),
      path: '/',
      referrer_host: 'google.com',
      utm_source: 'bench',
      utm_medium: null,
      utm_campaign: `campaign-${n % 20}`,
      language: 'en',
      device: 'desktop',
      views: 1,
    }));
    const written = await time(() =>
      querySite(site, 'select private.record_page_views($1::jsonb)', [JSON.stringify(batch)]),
    );

    console.log(
      `\nInsights on a year of statistics: ${VIEWS.toLocaleString('en')} page views over 365 days ` +
        `on the default embedded PostgreSQL (loaded in ${(loaded.ms / 1000).toFixed(0)} s), ` +
        'median of 3 calls through supabase-js (target: under 1 s once rolled up):',
    );
    console.table(rows);
    console.log(
      `Roll-up of ${rolledUp.value} days: ${(rolledUp.ms / 1000).toFixed(1)} s. ` +
        `page_views ${sizes!.views}; page_view_rollups ${sizes!.rollups} ` +
        `(${Number(sizes!.rollup_rows).toLocaleString('en')} rows). ` +
        `One write of 1,000 views from 1,000 addresses through record_page_views: ${written.ms} ms.`,
    );
  } finally {
    await site.stop();
  }
}

if (import.meta.main) await printVisitStatistics();
