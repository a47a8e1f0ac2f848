// Text cut to a number of code points, as PostgreSQL's char_length counts them, so a character
// outside the Basic Multilingual Plane (an emoji) is never split into an invalid half.

export function firstCodePoints(text: string, max: number): string {
  // At most `max` UTF-16 units are at most `max` code points: most text needs no cutting, and
  // the page views cut every visitor's user agent.
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}
