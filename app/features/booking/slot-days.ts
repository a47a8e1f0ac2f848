// Free slots as the visitor reads them: grouped by day in the visitor's time zone, each with its
// time, and the zone named. Computed on the server, so the page works without JavaScript.
import type { Language } from '~/i18n/locale';
import type { Slot } from './slots';
import { zonedDate } from '~/i18n/zoned-time';

export interface SlotDay {
  /** YYYY-MM-DD in the visitor's zone. */
  date: string;
  /** "Monday 30 November" / "måndag 30 november". */
  label: string;
  slots: Array<{ start: string; time: string; label: string }>;
}

const locales: Record<Language, string> = { en: 'en-GB', sv: 'sv-SE' };

/** Is `zone` a time zone this runtime knows? */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "Central European Standard Time" / "centraleuropeisk normaltid" at that instant. */
export function zoneName(zone: string, language: Language, at: number): string {
  const part = new Intl.DateTimeFormat(locales[language], { timeZone: zone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

export function slotDays(
  slots: readonly Slot[],
  zone: string,
  language: Language,
  maxDays: number,
): SlotDay[] {
  const dayLabel = new Intl.DateTimeFormat(locales[language], {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const time = new Intl.DateTimeFormat(locales[language], {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  });
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const date = zonedDate(slot.start, zone);
    let day = days.at(-1);
    if (day?.date !== date) {
      if (days.length === maxDays) break;
      day = { date, label: dayLabel.format(slot.start), slots: [] };
      days.push(day);
    }
    const shown = time.format(slot.start);
    day.slots.push({
      start: new Date(slot.start).toISOString(),
      time: shown,
      label: `${day.label} ${shown}`,
    });
  }
  return days;
}

/** "Monday 30 November 2026, 09:00–09:30" in the zone, for the meeting page and mails. */
export function meetingWhen(start: number, end: number, zone: string, language: Language): string {
  const day = new Intl.DateTimeFormat(locales[language], {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
  const time = new Intl.DateTimeFormat(locales[language], {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${day}, ${time.format(start)}–${time.format(end)}`;
}
