// Dates and post languages as each language writes them.
import type { PostLanguage } from '~/data/posts';
import type { Language } from './locale';
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { formatDateTime } from '#shared/date-time.ts';
import { RecentlyUsed } from '#shared/recently-used.ts';

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

/**
 * Long dates formatted lately, by language and ISO text: formatting one with Intl cost a render
 * about 40 µs, and pages show the same few dates again and again. The latest 1,000 are kept.
 */
const formattedLongDates = new RecentlyUsed<string, string>(1_000);

/** "November 21, 2026" / "21 november 2026". Dates are shown in the agency's time zone. */
export function formatLongDate(iso: string, language: Language): string {
  const key = `${language} ${iso}`;
  let formatted = formattedLongDates.get(key);
  if (formatted === undefined) {
    formatted = longDates[language].format(new Date(iso));
    formattedLongDates.set(key, formatted);
  }
  return formatted;
}

/**
 * The admin's date and time: "26 Nov 2026, 20:28 CET", 24-hour, in the agency's zone (the admin
 * reads it with useAdminTimeZone, app/admin/admin-dates.ts) with the zone's name of that moment,
 * so a writer in another zone knows whose clock it is. The admin is English; the mails write the
 * same form in either language (shared/date-time.ts).
 */
export function formatAdminDateTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, { language: 'en', timeZone });
}

/** The blog_posts.language value of a page language. */
export function postLanguage(language: Language): PostLanguage {
  return language === 'sv' ? 'swedish' : 'english';
}

/** The page language of a blog_posts.language value; a post without one is English. */
export function pageLanguageOf(language: string | null | undefined): Language {
  return language === 'swedish' ? 'sv' : 'en';
}
