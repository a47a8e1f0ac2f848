// The times an administrator may move a lead's call to, read in their browser with their own
// session: the same free times a visitor is offered (slots.ts, without the days fresh bookings
// hold, fresh-holds.ts), the call's own time not standing in its way, grouped by day in the
// agency's zone. The lead's page (app/features/leads/lead-call.tsx) gets this from its route, as
// features do not import each other; the database still decides (docs/decisions/0026).
import { listBusyTimes, listFreshHolds, loadBookingSettings } from '~/data/booking-calendar';
import type { AppSupabaseClient } from '~/data/supabase';
import { zonedDate } from '~/i18n/zoned-time';
import { formatLongDay, formatTime } from '#shared/date-time.ts';
import { withoutHeldDays } from './fresh-holds';
import { freeSlots } from './slots';

export interface CallTimeChoice {
  timeZone: string;
  meetingMinutes: number;
  bufferMinutes: number;
  days: Array<{ date: string; label: string; times: Array<{ start: number; label: string }> }>;
}

/** Free times to move the call starting at `callStart` to, from `now` on. */
export async function loadCallTimes(
  client: AppSupabaseClient,
  callStart: number,
  now: number = Date.now(),
): Promise<CallTimeChoice> {
  const settings = await loadBookingSettings(client);
  const horizonEnd = now + (settings.horizonDays + 1) * 24 * 3600 * 1000;
  const [busy, holds] = await Promise.all([
    listBusyTimes(client, now, horizonEnd),
    listFreshHolds(client, now, horizonEnd, now),
  ]);
  const others = (time: { start: number }) => time.start !== callStart;
  const slots = withoutHeldDays(
    freeSlots(settings, busy.filter(others), now),
    settings,
    holds.filter(others),
  );
  const style = { language: 'en', timeZone: settings.timeZone } as const;
  const days = new Map<string, CallTimeChoice['days'][number]>();
  for (const slot of slots) {
    const date = zonedDate(slot.start, settings.timeZone);
    let day = days.get(date);
    if (!day) {
      day = { date, label: formatLongDay(slot.start, style), times: [] };
      days.set(date, day);
    }
    day.times.push({ start: slot.start, label: formatTime(slot.start, style) });
  }
  return {
    timeZone: settings.timeZone,
    meetingMinutes: settings.meetingMinutes,
    bufferMinutes: settings.bufferMinutes,
    days: [...days.values()],
  };
}
