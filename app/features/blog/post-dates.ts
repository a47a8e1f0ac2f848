// A blog post's publication date (docs/decisions/0008): as the form's datetime-local control
// shows it (the agency's time, to the minute), whether a post is scheduled, and what a save writes.
// The zone is the agency's, saved in Availability and handed to the admin by useAdminTimeZone
// (docs/decisions/0027): every function here takes it, so the field, the save and the notes read
// one clock.
import type { BlogPost } from '~/data/posts';
import { momentFromZonedInput, zonedInputValue } from '~/i18n/zoned-time';

/**
 * A moment as the form's datetime-local control shows it: the agency's time (not the browser's), to
 * the minute; '' for none.
 */
export function localDateTimeInput(iso: string | null | undefined, timeZone: string): string {
  return zonedInputValue(iso, timeZone);
}

/** The moment a datetime-local value names in the agency's time zone, or null if it names none. */
export function momentFromInput(value: string, timeZone: string): Date | null {
  return momentFromZonedInput(value, timeZone);
}

/** Published, with a publication date still to come: shown nowhere public until then. */
export function isScheduled(
  post: Pick<BlogPost, 'is_published' | 'published_date'>,
  now: Date,
): boolean {
  return (
    post.is_published &&
    post.published_date !== null &&
    new Date(post.published_date).getTime() > now.getTime()
  );
}

/**
 * The publication date a save writes: the date the writer chose; else the one the post has (also
 * when saved as a draft, so republishing keeps it), unless that date is still to come and the
 * writer emptied the field: "leave it empty to publish when you save", so a scheduled post is
 * published now (and a draft forgets its future date); else now when published, none for a new
 * draft. A date left as the control showed it keeps the stored moment to the millisecond, so an
 * unchanged post is not a new revision.
 */
export function publicationDate(
  values: { published_date: string; is_published: boolean },
  existing: string | null | undefined,
  now: Date,
  timeZone: string,
): string | null {
  const typed = values.published_date.trim();
  if (typed && typed !== localDateTimeInput(existing, timeZone)) {
    return momentFromInput(typed, timeZone)?.toISOString() ?? null;
  }
  const emptiedFuture = !typed && existing != null && new Date(existing).getTime() > now.getTime();
  if (existing && !emptiedFuture) return existing;
  return values.is_published ? now.toISOString() : null;
}
