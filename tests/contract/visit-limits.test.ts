// The bounds on what the visit statistics keep (decision 19), on both databases:
// private.record_page_views keeps one address to 200 rows and 2,000 views a day, folds an
// address's eleventh new value of a campaign field into '(other)', stops the site at 100,000 rows
// a day, refuses a malformed batch whole, and its counters go when the day is over; the insights
// read rolled-up days and give the same figures as from the page views, a late write included.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';

const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';

interface View {
  address: string;
  visitor?: string;
  path?: string;
  views?: number;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  referrer_host?: string;
}

const row = (view: View) => ({
  viewed_at: new Date().toISOString(),
  visitor: view.visitor ?? view.address,
  path: '/',
  language: 'en',
  device: 'desktop',
  views: 1,
  referrer_host: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  ...view,
});

describe.each(backendKinds)('visit limits on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => {
    await backend.db.exec(
      `delete from public.page_views;
       delete from private.page_view_address_days;
       delete from private.page_view_site_days;
       delete from private.page_view_days_to_roll_up;
       delete from public.page_view_rollups;`,
    );
  });

  const record = async (views: View[]) => {
    const { rows } = await backend.db.query<{ stored: string | number }>(
      'select private.record_page_views($1::jsonb) as stored',
      [JSON.stringify(views.map(row))],
    );
    return Number(rows[0]!.stored);
  };
  const stored = async (visitor: string) => {
    const { rows } = await backend.db.query<{ rows: string; views: string | null }>(
      `select count(*) as rows, sum(views) as views from public.page_views where visitor = $1`,
      [visitor],
    );
    return { rows: Number(rows[0]!.rows), views: Number(rows[0]!.views ?? 0) };
  };
  const column = async (name: string, visitor: string) => {
    const { rows } = await backend.db.query<{ value: string }>(
      `select ${name} as value from public.page_views where visitor = $1 order by id`,
      [visitor],
    );
    return rows.map((r) => r.value);
  };

  it('keeps at most 200 rows a day from one address, and still counts another address', async () => {
    const flood = Array.from({ length: 150 }, (_, n) => ({ address: A, path: `/blog/${n}` }));
    expect(await record(flood)).toBe(150);
    expect(await record([...flood, { address: B }])).toBe(51);
    expect(await stored(A)).toEqual({ rows: 200, views: 200 });
    expect(await stored(B)).toEqual({ rows: 1, views: 1 });
    // The next day the address starts again.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const { rows } = await backend.db.query<{ stored: string | number }>(
      'select private.record_page_views($1::jsonb) as stored',
      [JSON.stringify([{ ...row({ address: A }), viewed_at: tomorrow }])],
    );
    expect(Number(rows[0]!.stored)).toBe(1);
  });

  it('keeps at most 2,000 views a day from one address', async () => {
    expect(
      await record([
        { address: A, views: 1_500 },
        { address: A, views: 1_500 },
      ]),
    ).toBe(2);
    expect(
      await record([
        { address: A, views: 1 },
        { address: B, views: 3 },
      ]),
    ).toBe(1);
    expect(await stored(A)).toEqual({ rows: 2, views: 2_000 });
    expect(await stored(B)).toEqual({ rows: 1, views: 3 });
  });

  it('stores an address’s new campaign values past its tenth of the day as (other)', async () => {
    const values = (n: number) => ({
      address: A,
      utm_source: `source-${n}`,
      utm_medium: `medium-${n}`,
      utm_campaign: `campaign-${n}`,
      referrer_host: `site-${n}.example`,
    });
    expect(await record(Array.from({ length: 14 }, (_, n) => values(n)))).toBe(14);
    // A value the address already used stays itself; another address has its own ten.
    expect(await record([values(3), { ...values(12), address: B }])).toBe(2);
    const expected = [
      ...Array.from({ length: 10 }, (_, n) => `source-${n}`),
      ...Array<string>(4).fill('(other)'),
      'source-3',
    ];
    expect(await column('utm_source', A)).toEqual(expected);
    expect(await column('utm_medium', A)).toEqual(
      expected.map((v) => v.replace('source', 'medium')),
    );
    expect(await column('utm_campaign', A)).toEqual(
      expected.map((v) => v.replace('source', 'campaign')),
    );
    expect(await column('referrer_host', A)).toEqual(
      expected.map((v) => (v === '(other)' ? v : `${v.replace('source', 'site')}.example`)),
    );
    expect(await column('utm_source', B)).toEqual(['source-12']);
  });

  it('keeps at most 100,000 rows a day for the whole site', async () => {
    await backend.db.query(
      `insert into private.page_view_site_days (day, stored_rows)
       values ((now() at time zone 'Europe/Stockholm')::date, 99999)`,
    );
    expect(await record([{ address: A }, { address: B }])).toBe(1);
    expect(await stored(A)).toEqual({ rows: 1, views: 1 });
    expect(await stored(B)).toEqual({ rows: 0, views: 0 });
  });

  it('refuses a batch with a view without its address key, keeping nothing of it', async () => {
    await expect(record([{ address: A }, { address: '127.0.0.1' }])).rejects.toThrow(
      'Each page view needs its address key: 16 hex digits.',
    );
    await expect(
      backend.db.query('select private.record_page_views($1::jsonb)', ['{"views": 1}']),
    ).rejects.toThrow('The page views must be a JSON array.');
    expect(await stored(A)).toEqual({ rows: 0, views: 0 });
    const { rows } = await backend.db.query<{ n: string }>(
      'select count(*) as n from private.page_view_address_days',
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('forgets the counters of a day that is over', async () => {
    await record([{ address: A }]);
    await backend.db.query(
      'insert into private.page_view_address_days (day, address) values (current_date - 2, $1)',
      [B],
    );
    await backend.db.query(
      `insert into private.page_view_site_days (day, stored_rows) values (current_date - 2, 5)`,
    );
    await backend.db.query('select private.delete_old_page_views()');
    const left = await backend.db.query<{ address: string }>(
      'select address from private.page_view_address_days',
    );
    expect(left.rows.map((r) => r.address)).toEqual([A]);
    const days = await backend.db.query<{ n: string }>(
      `select count(*) as n from private.page_view_site_days where day < current_date - 1`,
    );
    expect(Number(days.rows[0]!.n)).toBe(0);
  });

  describe('the insights from rolled-up days', () => {
    const insertViews = (rows: string) =>
      backend.db.exec(
        `insert into public.page_views
           (viewed_at, visitor, path, referrer_host, utm_source, utm_campaign, language, device,
            views)
         values ${rows}`,
      );
    beforeEach(async () => {
      await insertViews(`
        ('2026-11-10T09:00:00+01:00', 'aaaaaaaaaaaaaaa1', '/', 'facebook.com', 'meta', 'spring', 'en', 'mobile', 2),
        ('2026-11-10T09:05:00+01:00', 'aaaaaaaaaaaaaaa1', '/book-call', null, null, null, 'en', 'mobile', 1),
        ('2026-11-10T08:00:00+01:00', 'aaaaaaaaaaaaaaa2', '/sv', null, 'Meta', 'spring', 'sv', 'tablet', 1),
        ('2026-11-10T23:30:00+01:00', 'aaaaaaaaaaaaaaa3', '/blog', 'google.com', null, null, 'en', 'desktop', 4),
        ('2026-11-11T00:30:00+01:00', 'aaaaaaaaaaaaaaa3', '/blog', 'google.com', null, null, 'en', 'desktop', 1),
        ('2026-11-11T10:00:00+01:00', 'bbbbbbbbbbbbbbb1', '/', null, null, null, 'en', 'desktop', 1)`);
    });
    const insights = async (timeZone?: string) => {
      const admin = await backend.signedIn();
      const { data, error } = await admin.rpc('site_insights', {
        period_start: '2026-11-09',
        period_end: '2026-11-12',
        ...(timeZone ? { time_zone: timeZone } : {}),
      });
      expect(error).toBeNull();
      return data;
    };
    const rollUp = async () => {
      const { rows } = await backend.db.query<{ rolled: string | number }>(
        'select private.roll_up_page_views() as rolled',
      );
      return Number(rows[0]!.rolled);
    };
    const rolledDays = async () => {
      const { rows } = await backend.db.query<{ day: string }>(
        'select distinct day::text as day from public.page_view_rollups order by day',
      );
      return rows.map((r) => r.day);
    };

    it('gives the same figures once the days are rolled up, and after a late write', async () => {
      const fromViews = await insights();
      expect(fromViews.totals).toMatchObject({ views: 10, visitors: 5, booking_visitors: 1 });
      expect(fromViews.days.map((d: { views: number }) => d.views)).toEqual([0, 8, 2, 0]);

      expect(await rollUp()).toBe(2);
      expect(await rolledDays()).toEqual(['2026-11-10', '2026-11-11']);
      expect(await rollUp()).toBe(0);
      // Rolled-up days give what the page views gave.
      expect(await insights()).toEqual(fromViews);

      // A late write to a rolled-up day: that day is counted from the page views again.
      await insertViews(
        `('2026-11-10T12:00:00+01:00', 'aaaaaaaaaaaaaaa4', '/book-call', null, 'Meta', 'autumn', 'en', 'mobile', 1)`,
      );
      expect(await rolledDays()).toEqual(['2026-11-11']);
      const late = await insights();
      expect(late.totals).toMatchObject({ views: 11, visitors: 6, booking_visitors: 2 });
      expect(late.funnel).toContainEqual(
        expect.objectContaining({ source: 'meta', campaign: 'autumn', visitors: 1 }),
      );
      expect(await rollUp()).toBe(1);
      expect(await insights()).toEqual(late);

      // Asked in another zone, the days are counted from the page views in that zone.
      const utc = await insights('UTC');
      expect(utc.days.map((d: { views: number }) => d.views)).toEqual([0, 10, 1, 0]);
    });

    it('rolls up neither today nor a day with nothing queued, and forgets a deleted day', async () => {
      await insertViews(`(now(), 'ccccccccccccccc1', '/', null, null, null, 'en', 'desktop', 1)`);
      expect(await rollUp()).toBe(2);
      expect(await rolledDays()).not.toContain(
        (
          await backend.db.query<{ today: string }>(
            `select (now() at time zone 'Europe/Stockholm')::date::text as today`,
          )
        ).rows[0]!.today,
      );
      await backend.db.query(
        `delete from public.page_views where viewed_at < '2026-11-11T00:00:00+01:00'`,
      );
      expect(await rolledDays()).toEqual(['2026-11-11']);
      expect(await rollUp()).toBe(1);
      expect(await rolledDays()).toEqual(['2026-11-11']);
      expect((await insights()).totals.views).toBe(2);
    });
  });
});
