import { describe, expect, it } from 'vitest';
import { isScheduled, localDateTimeInput, momentFromInput } from './post-dates';

describe('publication dates', () => {
  it('show a stored moment in Stockholm time, to the minute, whatever the browser’s zone', () => {
    expect(localDateTimeInput('2026-03-05T06:04:59Z')).toBe('2026-03-05T07:04');
    expect(localDateTimeInput('2026-07-05T06:04:59Z')).toBe('2026-07-05T08:04');
    expect(localDateTimeInput(null)).toBe('');
    expect(localDateTimeInput('not a date')).toBe('');
  });

  it('read only what a datetime-local control gives', () => {
    expect(momentFromInput('2026-03-05T07:04')?.toISOString()).toBe('2026-03-05T06:04:00.000Z');
    for (const value of ['', 'tomorrow', '2026-13-05T07:04', '05/03/2026 07:04'])
      expect(momentFromInput(value), value).toBeNull();
  });

  it('call a published post with a date still to come scheduled, and nothing else', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(isScheduled({ is_published: true, published_date: '2026-11-21T10:00:01Z' }, now)).toBe(
      true,
    );
    expect(isScheduled({ is_published: true, published_date: '2026-11-21T10:00:00Z' }, now)).toBe(
      false,
    );
    expect(isScheduled({ is_published: false, published_date: '2026-12-01T00:00:00Z' }, now)).toBe(
      false,
    );
  });
});
