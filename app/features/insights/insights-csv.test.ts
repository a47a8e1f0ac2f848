import { describe, expect, it } from 'vitest';
import { funnelToCsv, leadRate } from './insights-csv';
import { daysBefore, lastDays, periodFromSearch, todayIn } from './insights-period';
import { axisMaximum } from './visits-chart';

const row = {
  source: 'meta',
  campaign: 'spring',
  visitors: 3,
  booking_visitors: 1,
  leads: 2,
  booked: 1,
  won: 1,
};

describe('the funnel CSV', () => {
  it('has a header, one line per source and campaign, the lead rate, and Excel’s BOM', () => {
    const csv = funnelToCsv([
      row,
      { ...row, source: '=cmd|x', campaign: null, visitors: 0, leads: 1 },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'source,campaign,visitors,booking_form_visitors,leads,booked,won,lead_rate_percent',
      'meta,spring,3,1,2,1,1,66.7',
      // A campaign name from an ad link can never run as a formula in the agency's spreadsheet.
      "'=cmd|x,,0,1,1,1,1,",
      '',
    ]);
  });

  it('leaves the rate empty when no visitor came', () => {
    expect(leadRate({ visitors: 0, leads: 0 })).toBe('');
    expect(leadRate({ visitors: 8, leads: 1 })).toBe('12.5');
  });
});

describe('the period', () => {
  it('reads the days from the address, else the last 30 days', () => {
    const today = '2026-03-01';
    expect(periodFromSearch(new URLSearchParams('from=2026-01-10&to=2026-01-31'), today)).toEqual({
      start: '2026-01-10',
      end: '2026-01-31',
    });
    for (const search of ['', 'from=2026-02-01&to=2026-01-01', 'from=yesterday&to=2026-01-01'])
      expect(periodFromSearch(new URLSearchParams(search), today)).toEqual({
        start: '2026-01-31',
        end: '2026-03-01',
      });
    expect(lastDays(7, today)).toEqual({ start: '2026-02-23', end: '2026-03-01' });
    expect(daysBefore('2026-03-29', 1)).toBe('2026-03-28');
  });

  it('knows today in Stockholm, not in the browser’s zone', () => {
    expect(todayIn('Europe/Stockholm', new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
  });

  it('rounds the chart’s axis up to 1, 2 or 5 times a power of ten', () => {
    expect(axisMaximum(0)).toBe(1);
    expect(axisMaximum(7)).toBe(10);
    expect(axisMaximum(13)).toBe(20);
    expect(axisMaximum(480)).toBe(500);
  });
});
