// Dates and post languages as each language writes them.
import type { PostLanguage } from '~/data/posts';
import type { Language } from './locale';
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { timeZoneAbbreviation } from './zoned-time';

const locales: Record<Language, string> = { en: 'en-US', sv: 'sv-SE' };

// Formatters are made once per language: building an Intl.DateTimeFormat costs far more than
// formatting with one, and a blog list formats a date per card.
const longDates = Object.fromEntries(
  Object.entries(locales).map(([language, locale]) => [
    language,
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: AGENCY_TIME_ZONE,
    }),
  ]),
) as Record<Language, Intl.DateTimeFormat>;

const adminDateTimes = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: AGENCY_TIME_ZONE,
});

/** "November 21, 2026" / "21 november 2026". Dates are shown in the agency's time zone. */
export function formatLongDate(iso: string, language: Language): string {
  return longDates[language].format(new Date(iso));
}

/** The blog manager's date-time: "Nov 21, 2026, 09:30 AM" (en-US, short month, hour and minute). */
export function formatAdminDateTime(iso: string): string {
  return adminDateTimes.format(new Date(iso));
}

/**
 * formatAdminDateTime with the zone's name of that moment, "Nov 21, 2026, 09:30 AM CET", so a
 * writer in another zone knows whose clock it is.
 */
export function formatAgencyDateTime(iso: string): string {
  return `${formatAdminDateTime(iso)} ${timeZoneAbbreviation(iso, AGENCY_TIME_ZONE)}`;
}

/** The blog_posts.language value of a page language. */
export function postLanguage(language: Language): PostLanguage {
  return language === 'sv' ? 'swedish' : 'english';
}

/** The page language of a blog_posts.language value; a post without one is English. */
export function pageLanguageOf(language: string | null | undefined): Language {
  return language === 'swedish' ? 'sv' : 'en';
}
