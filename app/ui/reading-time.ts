/** Words per minute of the reading-time estimate. */
export const WORDS_PER_MINUTE = 200;

/**
 * Minutes to read a text: its words (runs of non-space characters) divided by 200, rounded up,
 * at least 1. The post page counts its content here; the lists read the same count from
 * blog_posts.reading_minutes, which the database computes by this rule.
 */
export function readingTimeMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
