import { describe, expect, it } from 'vitest';
import { toLeadEvent, type LeadEventRow } from '~/data/lead-events';
import { describeLeadEvent } from './lead-words';

const row = (kind: string, data: Record<string, unknown>): LeadEventRow =>
  ({
    id: 1,
    consultation_id: '00000000-0000-4000-8000-000000000001',
    kind,
    data,
    author_id: null,
    author_email: null,
    created_at: '2026-11-25T10:00:00Z',
  }) as LeadEventRow;

describe('the timeline’s meeting entries', () => {
  it('say when the call was booked, moved and cancelled, in the agency’s time', () => {
    expect(
      describeLeadEvent(
        toLeadEvent(row('meeting_booked', { starts_at: '2026-12-01T09:00:00Z' })),
        'Europe/Stockholm',
      ),
    ).toBe('Call booked by the visitor for 1 Dec 2026, 10:00 CET');
    expect(
      describeLeadEvent(
        toLeadEvent(
          row('meeting_moved', {
            starts_at: '2026-12-02T13:30:00Z',
            previous_starts_at: '2026-12-01T09:00:00Z',
          }),
        ),
        'Europe/Stockholm',
      ),
    ).toBe('Call moved from 1 Dec 2026, 10:00 CET to 2 Dec 2026, 14:30 CET');
    expect(
      describeLeadEvent(
        toLeadEvent(row('meeting_cancelled', { starts_at: '2026-12-02T13:30:00Z' })),
        'Europe/Stockholm',
      ),
    ).toBe('Call for 2 Dec 2026, 14:30 CET cancelled');
  });

  it('keeps an administrator’s note with a cancel, and names a call’s new way to meet', () => {
    expect(
      toLeadEvent(
        row('meeting_cancelled', { starts_at: '2026-12-02T13:30:00Z', note: 'Erik is ill.' }),
      ),
    ).toMatchObject({ kind: 'meeting_cancelled', note: 'Erik is ill.' });
    const given = (to: string | null) =>
      describeLeadEvent(
        toLeadEvent(
          row('meeting_link_changed', {
            starts_at: '2026-12-01T09:00:00Z',
            from: null,
            to,
          }),
        ),
        'Europe/Stockholm',
      );
    expect(given('https://meet.example.com/room')).toBe(
      'Call for 1 Dec 2026, 10:00 CET given the video link https://meet.example.com/room; the visitor is mailed it',
    );
    expect(given(null)).toBe(
      'Call for 1 Dec 2026, 10:00 CET made a phone call; the visitor is mailed it',
    );
  });
});
