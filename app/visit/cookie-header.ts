// Reading one cookie from a request's Cookie header, for the visit's cookies (attribution and
// consent) on the server and in the site's script.

/** The value of one cookie in a Cookie header; undefined when absent. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
