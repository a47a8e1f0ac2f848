import { describe, expect, it } from 'vitest';
import type { BlogPost } from '~/data/posts';
import { isScheduled, localDateTimeInput, momentFromInput, publicationDate } from './post-dates';
import { emptyPostValues, postInputFromValues, postToValues, validatePost } from './post-rules';

const stockholm = 'Europe/Stockholm';
const newYork = 'America/New_York';

describe('publication dates', () => {
  it('show a stored moment in the agency’s time, to the minute, whatever the browser’s zone', () => {
    expect(localDateTimeInput('2026-03-05T06:04:59Z', stockholm)).toBe('2026-03-05T07:04');
    expect(localDateTimeInput('2026-07-05T06:04:59Z', stockholm)).toBe('2026-07-05T08:04');
    expect(localDateTimeInput('2026-03-05T06:04:59Z', newYork)).toBe('2026-03-05T01:04');
    expect(localDateTimeInput('2026-07-05T06:04:59Z', newYork)).toBe('2026-07-05T02:04');
    expect(localDateTimeInput(null, newYork)).toBe('');
    expect(localDateTimeInput('not a date', newYork)).toBe('');
  });

  it('read only what a datetime-local control gives, on the agency’s clock', () => {
    expect(momentFromInput('2026-03-05T07:04', stockholm)?.toISOString()).toBe(
      '2026-03-05T06:04:00.000Z',
    );
    expect(momentFromInput('2026-03-05T07:04', newYork)?.toISOString()).toBe(
      '2026-03-05T12:04:00.000Z',
    );
    for (const value of ['', 'tomorrow', '2026-13-05T07:04', '05/03/2026 07:04'])
      expect(momentFromInput(value, newYork), value).toBeNull();
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

describe('a post written by an agency on New York time', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const values = { ...emptyPostValues(), title: 'T', slug: 't', summary: 'S', content: 'C' };

  it('stores the moment the writer typed on New York’s clock, winter and summer', () => {
    const winter = postInputFromValues(
      { ...values, published_date: '2026-12-24T09:30' },
      { now, timeZone: newYork },
    );
    expect(winter.published_date).toBe('2026-12-24T14:30:00.000Z');
    expect(isScheduled({ is_published: true, published_date: winter.published_date }, now)).toBe(
      true,
    );
    const summer = postInputFromValues(
      { ...values, published_date: '2027-07-04T09:30' },
      { now, timeZone: newYork },
    );
    expect(summer.published_date).toBe('2027-07-04T13:30:00.000Z');
  });

  it('shows the stored moment back as it was typed, and an unchanged save keeps it exactly', () => {
    const stored = '2026-12-24T14:30:42.123Z';
    const post = { id: 'p1', published_date: stored, language: 'english' } as BlogPost;
    const shown = postToValues({ ...post, title: 'T' } as BlogPost, [], newYork);
    expect(shown.published_date).toBe('2026-12-24T09:30');
    expect(publicationDate(shown, stored, now, newYork)).toBe(stored);
    // The same field read on Stockholm's clock would be another moment: the zone is not assumed.
    expect(publicationDate(shown, null, now, stockholm)).toBe('2026-12-24T08:30:00.000Z');
  });

  it('refuses a typed date that names no time, whatever the zone', () => {
    expect(validatePost({ ...values, published_date: '2026-02-30T09:00' }, newYork)).toHaveProperty(
      'published_date',
    );
    expect(validatePost({ ...values, published_date: '2026-12-24T09:30' }, newYork)).toEqual({});
  });
});
