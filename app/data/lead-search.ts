// The leads list's search as a PostgREST filter: whatever the administrator types stays one
// literal substring of a lead's name, e-mail or company, and can neither break the filter's
// syntax nor widen it with wildcards.

/**
 * The text as a LIKE pattern that matches it literally: `\`, `%` and `_` are escaped with
 * PostgreSQL's default LIKE escape character. PostgREST turns every `*` of a like pattern into
 * `%` and offers no escape for it, so a `*` becomes `_` (exactly one character, the `*` among
 * them): the nearest literal match there is, and never a run of any characters. Callers that
 * need the `*` exactly check the rows or use a regular expression.
 */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`).replaceAll('*', '_');
}

/**
 * A value of a PostgREST logic tree (`or=(…)`) in double quotes, so commas, parentheses, dots
 * and quotes in it are data, not grammar. Inside the quotes a backslash escapes the next
 * character, in PostgREST (pQuotedValue) and in the embedded parser (server/supabase/rest/parse.ts) alike.
 */
function quoteLogicValue(value: string): string {
  return `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}

/** A POSIX regular expression matching the text literally: every non-alphanumeric escaped. */
function escapeRegex(text: string): string {
  // In PostgreSQL's regular expressions a backslash before a letter or digit starts a class
  // escape (\d, \w), so only the other characters are escaped.
  return text.replace(/[^\p{L}\p{N}\s]/gu, (character) => `\\${character}`);
}

/**
 * The `.or()` filter of the leads list's search: the name, e-mail or company contains the text, any
 * case. Whatever the administrator types stays one literal substring: it can neither break the
 * filter's syntax nor widen it with wildcards. Text with a `*` is matched by a case-insensitive
 * regular expression (imatch) instead of ilike, because PostgREST reads every `*` of a like
 * pattern as `%` and has no way to escape it.
 */
export function leadSearchFilter(search: string): string {
  const [operator, pattern] = search.includes('*')
    ? ['imatch', escapeRegex(search)]
    : ['ilike', `%${escapeLikePattern(search)}%`];
  const value = quoteLogicValue(pattern);
  return ['name', 'email', 'company_name']
    .map((column) => `${column}.${operator}.${value}`)
    .join(',');
}
