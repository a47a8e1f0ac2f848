// The free times a visitor may book, from what the database holds, on both databases: the
// availability an administrator saved (hours, length, buffer, notice, holidays, blocked dates, the
// zone) and the meetings booked, read as the site's server reads them (the service key), then
// computed. Across Stockholm's change to summer time, in another agency zone, and as meetings are
// booked, moved and cancelled.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freeSlots } from '~/features/booking/slots';
import { listBusyTimes, loadBookingSettings, defaultBookingSettings } from '~/data/meetings.server';
import type { AppSupabaseClient } from '~/data/supabase';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';

const week = (monday: Array<{ start: number; end: number }>) => ({
  1: monday,
  2: [],
  3: [],
  4: [],
  5: [],
  6: [],
  7: [{ start: 60, end: 300 }],
});

describe.each(backendKinds)('free times from the database on %s', (kind) => {
  let backend: TestBackend;
  let service: AppSupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend(kind);
    service = backend.client(backend.serviceRoleKey) as unknown as AppSupabaseClient;
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => {
    await backend.db.query('delete from public.meetings');
    await backend.db.query('delete from public.booking_settings');
  });

  /** The free times the server offers at `now`, as "YYYY-MM-DD HH:MM" in `zone`. */
  const offered = async (now: string, zone = 'Europe/Stockholm') => {
    const settings = await loadBookingSettings(service);
    const at = Date.parse(now);
    const busy = await listBusyTimes(service, at, at + (settings.horizonDays + 1) * 86_400_000);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    return freeSlots(settings, busy, at).map((slot) => local.format(slot.start));
  };
  const save = async (settings: Record<string, unknown>) => {
    const admin = await backend.signedIn();
    const { error } = await admin.from('booking_settings').upsert({ id: true, ...settings });
    expect(error).toBeNull();
  };
  const lead = async () => {
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.consultations (name, email, phone_number, problems, company_name, how_found_us)
       values ('Slot Lead', 'slot.' || gen_random_uuid() || '@example.se', '070-000 00 00',
               'We need more qualified leads for our business.', 'Slot AB', 'Google')
       returning id`,
    );
    return rows[0]!.id;
  };

  it('uses the defaults until the agency saves its own', async () => {
    expect(await loadBookingSettings(service)).toEqual(defaultBookingSettings);
    // Monday 30 November 2026, 08:00: the 4-hour notice makes 12:00 the first.
    const times = await offered('2026-11-30T07:00:00Z');
    expect(times[0]).toBe('2026-11-30 12:00');
    expect(times.every((time) => !/ 1[7-9]:|^.{11}0[0-8]:/.test(time))).toBe(true);
  });

  it('keeps the saved hours, length, buffer and notice, and skips booked and blocked times', async () => {
    await save({
      weekly_hours: week([{ start: 540, end: 720 }]),
      meeting_minutes: 45,
      buffer_minutes: 15,
      minimum_notice_minutes: 60,
      horizon_days: 8,
      blocked_dates: ['2026-12-07'],
    });
    // 09:00, 09:45, 10:30, 11:15; a meeting booked at 09:45 (busy until 10:45) takes 09:45 and
    // 10:30, and 09:00 too (09:00-09:45 leaves no 15 minutes before it).
    const leadId = await lead();
    const { error } = await service.from('meetings').insert({
      consultation_id: leadId,
      starts_at: '2026-11-30T08:45:00Z',
      ends_at: '2026-11-30T09:30:00Z',
      busy_until: '2026-11-30T09:45:00Z',
    });
    expect(error).toBeNull();
    const times = await offered('2026-11-29T20:00:00Z');
    expect(times.filter((time) => time.startsWith('2026-11-30'))).toEqual(['2026-11-30 11:15']);
    // Monday 7 December is blocked; Sunday's night hours are open.
    expect(times.some((time) => time.startsWith('2026-12-07'))).toBe(false);
    expect(times).toContain('2026-12-06 01:00');

    // Cancelled, the meeting's time is free again.
    await service
      .from('meetings')
      .update({ status: 'cancelled', sequence: 1 })
      .eq('consultation_id', leadId);
    expect(
      (await offered('2026-11-29T20:00:00Z')).filter((t) => t.startsWith('2026-11-30')),
    ).toEqual(['2026-11-30 09:00', '2026-11-30 09:45', '2026-11-30 10:30', '2026-11-30 11:15']);
  });

  it('closes Swedish holidays unless opened, and follows the clocks across summer time', async () => {
    await save({
      weekly_hours: week([{ start: 540, end: 600 }]),
      minimum_notice_minutes: 0,
      horizon_days: 14,
    });
    // Easter Monday 6 April 2026 is closed; Sunday 29 March's night hours skip 02:00-03:00.
    const spring = await offered('2026-03-28T12:00:00Z');
    expect(spring.filter((time) => time.startsWith('2026-03-29'))).toEqual([
      '2026-03-29 01:00',
      '2026-03-29 01:30',
      '2026-03-29 03:00',
      '2026-03-29 03:30',
      '2026-03-29 04:00',
      '2026-03-29 04:30',
    ]);
    expect(spring).toContain('2026-03-30 09:00');
    expect(spring.some((time) => time.startsWith('2026-04-06'))).toBe(false);
    await save({ opened_holidays: ['2026-04-06'] });
    expect(await offered('2026-03-28T12:00:00Z')).toContain('2026-04-06 09:00');
  });

  it('reads the hours in the agency’s own zone', async () => {
    await save({
      time_zone: 'America/New_York',
      weekly_hours: week([{ start: 540, end: 600 }]),
      minimum_notice_minutes: 0,
      horizon_days: 7,
    });
    const inNewYork = await offered('2026-11-29T12:00:00Z', 'America/New_York');
    expect(inNewYork[0]).toBe('2026-11-30 09:00');
    // The same instant on Stockholm's clock: 15:00.
    expect((await offered('2026-11-29T12:00:00Z'))[0]).toBe('2026-11-30 15:00');
  });
});
