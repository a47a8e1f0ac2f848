// Where the site may send a visitor back to when the address comes from the request (a form's
// return_to, the Referer): only a path of this site, else the home page in the page's language.
// Browsers forgive a lot in a Location header or a link (a tab or a backslash inside `/\t/evil`
// or `/\evil` still makes `//evil`, another host), so anything that could be read as another
// host, raw or percent-encoded, is refused rather than repaired.
import { localizedPath, type Language } from './locale';

/** No return address a page of this site needs is longer. */
export const MAX_RETURN_PATH_LENGTH = 2048;

/** Printable ASCII without the space: what a path the site wrote itself is made of. */
const PLAIN = /^[\x21-\x7e]+$/;
/** Holds a control character (C0 or DEL) or a backslash. */
const isHostile = (text: string) =>
  [...text].some((char) => char < ' ' || char === '\x7f' || char === '\\');
/** Decoding is repeated this often at most (`%252F` is `%2F` is `/`); still more is refused. */
const MAX_DECODINGS = 3;
/** Any host: only its path is kept, and a path that would leave it is refused. */
const BASE = 'http://site.invalid';

/** The value percent-decoded until it no longer changes, or undefined when that fails. */
function fullyDecoded(value: string): string | undefined {
  let decoded = value;
  for (let round = 0; round <= MAX_DECODINGS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return undefined;
}

/**
 * A path that starts with one `/` and holds only letters, digits, `-`, `_`, `~` and `/`: nothing
 * in it to decode, encode or resolve, so the checks below would give it back as it is (the
 * language toggle and the cookie banner ask for such a path on every page).
 */
const PLAIN_PATH = /^\/(?!\/)[\w\-~/]*$/;

/** Starts with one `/` and is not read as `//host` (or `/\host`) by any browser. */
const isSitePath = (path: string) => path.startsWith('/') && !/^\/[/\\]/.test(path);

/**
 * `value` as a path of this site (its path, query and fragment, normalised), or the home page in
 * `language` when it is anything else: not a string, too long, not starting with a single `/`, or
 * holding a backslash, a space or control character raw or percent-encoded.
 */
export function safeReturnPath(value: unknown, language: Language): string {
  const home = localizedPath('/', language);
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return home;
  if (PLAIN_PATH.test(value)) return value;
  if (!PLAIN.test(value) || value.includes('\\') || !isSitePath(value)) return home;
  const decoded = fullyDecoded(value);
  if (decoded === undefined || isHostile(decoded) || !isSitePath(decoded)) return home;
  const url = new URL(value, BASE);
  // Dot segments can still make `//` (`/.//evil`), so the normalised path is checked again.
  const path = url.pathname + url.search + url.hash;
  return url.origin === BASE && isSitePath(path) ? path : home;
}
