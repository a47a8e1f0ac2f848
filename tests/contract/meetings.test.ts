// Booking the strategy call in the database, on both databases: the booking settings
// (administrators only, a known time zone, weekly hours of the right shape) and the meetings'
// exclusion constraint, which lets exactly one of twenty visitors who choose the same time at the
// same moment have it, keeps the buffer between meetings, frees a cancelled meeting's time, and
// allows one active meeting per lead.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { insertLeads } from '../support/leads.ts';

describe.each(backendKinds)('booking in the database on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    service = backend.client(backend.serviceRoleKey);
  });
  afterAll(async () => backend?.close());

  const leads = (count: number) => insertLeads(backend.db, count);
  const meeting = (consultationId: string, start: string, minutes = 30, buffer = 15) => {
    const startsAt = new Date(start);
    return {
      consultation_id: consultationId,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + minutes * 60_000).toISOString(),
      busy_until: new Date(startsAt.getTime() + (minutes + buffer) * 60_000).toISOString(),
    };
  };

  describe('the booking settings', () => {
    beforeEach(async () => {
      await backend.db.query('delete from public.booking_settings');
    });

    it('are saved by an administrator with their defaults, and read by no one else', async () => {
      const admin = await backend.signedIn();
      const saved = await admin
        .from('booking_settings')
        .insert({ meeting_minutes: 45 })
        .select('time_zone, meeting_minutes, buffer_minutes, weekly_hours, calendar_feed_token')
        .single();
      expect(saved.error).toBeNull();
      expect(saved.data).toMatchObject({
        time_zone: 'Europe/Stockholm',
        meeting_minutes: 45,
        buffer_minutes: 15,
      });
      expect(saved.data!.calendar_feed_token).toMatch(/^[0-9a-f]{64}$/);
      expect((saved.data!.weekly_hours as Record<string, unknown[]>)['6']).toEqual([]);

      const editor = await backend.signedInMember(`editor-${Date.now()}@example.com`, 'editor');
      expect((await editor.from('booking_settings').select('time_zone')).data).toEqual([]);
      const refused = await editor
        .from('booking_settings')
        .update({ meeting_minutes: 20 })
        .eq('id', true);
      expect(refused.error ?? refused.count ?? 'no row changed').toBeTruthy();
      expect(
        (await backend.client().from('booking_settings').select('time_zone')).error?.code,
      ).toBe('42501');
    });

    it('refuses an unknown time zone and weekly hours that overlap or leave the day', async () => {
      const admin = await backend.signedIn();
      const zone = await admin.from('booking_settings').insert({ time_zone: 'Europe/Stockholmm' });
      expect(zone.error?.message).toBe('Unknown time zone: Europe/Stockholmm');
      const week = (monday: unknown) => ({
        1: monday,
        2: [],
        3: [],
        4: [],
        5: [],
        6: [],
        7: [],
      });
      for (const monday of [
        [
          { start: 540, end: 600 },
          { start: 590, end: 700 },
        ],
        [{ start: 600, end: 540 }],
        [{ start: 1400, end: 1500 }],
        'nine to five',
      ]) {
        const { error } = await admin
          .from('booking_settings')
          .insert({ weekly_hours: week(monday) });
        expect(error?.code, JSON.stringify(monday)).toBe('23514');
      }
      const missingDay = await admin
        .from('booking_settings')
        .insert({ weekly_hours: { 1: [], 2: [] } });
      expect(missingDay.error?.message).toBe(
        'Weekly hours name each weekday 1 (Monday) to 7 (Sunday) once.',
      );
      const ok = await admin.from('booking_settings').insert({
        weekly_hours: week([
          { start: 480, end: 720 },
          { start: 780, end: 1020 },
        ]),
      });
      expect(ok.error).toBeNull();
    });
  });

  describe('the meetings', () => {
    beforeEach(async () => {
      await backend.db.query('delete from public.meetings');
      // The default hours: how much of a day fresh bookings may hold depends on them.
      await backend.db.query('delete from public.booking_settings');
    });

    it('give one time to exactly one of twenty visitors who choose it at once', async () => {
      const ids = await leads(20);
      const results = await Promise.all(
        ids.map((id) => service.from('meetings').insert(meeting(id, '2026-12-01T09:00:00Z'))),
      );
      expect(results.filter((result) => result.error === null)).toHaveLength(1);
      const refused = results.filter((result) => result.error !== null);
      expect(refused).toHaveLength(19);
      for (const result of refused) expect(result.error?.code).toBe('23P01');
      const { rows } = await backend.db.query<{ count: string }>(
        `select count(*) from public.meetings where status = 'active'`,
      );
      expect(Number(rows[0]!.count)).toBe(1);
    });

    it('keep the buffer after a meeting, and free a cancelled meeting’s time', async () => {
      const [first, second, third] = await leads(3);
      expect(
        (await service.from('meetings').insert(meeting(first!, '2026-12-01T10:00:00Z'))).error,
      ).toBeNull();
      // 10:30 ends the meeting; the buffer keeps 10:30-10:45 free, and a meeting before it must
      // end 15 minutes before 10:00 (09:20-09:50 does not).
      const tooSoon = await service
        .from('meetings')
        .insert(meeting(second!, '2026-12-01T10:40:00Z'));
      expect(tooSoon.error?.code).toBe('23P01');
      const before = await service
        .from('meetings')
        .insert(meeting(second!, '2026-12-01T09:20:00Z'));
      expect(before.error?.code).toBe('23P01');
      expect(
        (await service.from('meetings').insert(meeting(second!, '2026-12-01T10:45:00Z'))).error,
      ).toBeNull();

      const cancelled = await service
        .from('meetings')
        .update({ status: 'cancelled', sequence: 1 })
        .eq('consultation_id', first!);
      expect(cancelled.error).toBeNull();
      expect(
        (await service.from('meetings').insert(meeting(third!, '2026-12-01T10:00:00Z'))).error,
      ).toBeNull();
    });

    it('allow one active meeting per lead, and show them to administrators only', async () => {
      const [lead] = await leads(1);
      expect(
        (await service.from('meetings').insert(meeting(lead!, '2026-12-02T09:00:00Z'))).error,
      ).toBeNull();
      const second = await service.from('meetings').insert(meeting(lead!, '2026-12-03T09:00:00Z'));
      expect(second.error?.code).toBe('23505');

      const admin = await backend.signedIn();
      expect((await admin.from('meetings').select('consultation_id')).data).toEqual([
        { consultation_id: lead },
      ]);
      const writes = await admin.from('meetings').insert(meeting(lead!, '2026-12-04T09:00:00Z'));
      expect(writes.error?.code).toBe('42501');
      const stranger = await backend.signedInMember(`user-${Date.now()}@example.com`, null);
      expect((await stranger.from('meetings').select('id')).data).toEqual([]);
      expect((await backend.client().from('meetings').select('id')).error?.code).toBe('42501');
    });
  });
});
