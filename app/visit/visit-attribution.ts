// The browser's record of where this visit came from: taken on the first page the visitor opens
// in the tab and never overwritten. sessionStorage, not a cookie: it stays in this tab, is never
// sent to a server by itself, and is gone when the tab closes. Where storage is blocked (some
// privacy modes throw on access) the record lives in memory for the page's lifetime instead.
// Storage in the browser for ad attribution needs consent (to marketing), as the cookie
// does: until the visitor allows marketing the record lives in memory only, and goes to the
// tab's storage when they allow it on the page.
import { landingAttribution, normalizeAttribution, type Attribution } from './attribution';
import { allows } from './consent-cookie';

const STORAGE_KEY = 'visit-attribution';

/** Used when sessionStorage cannot be read or written. */
let inMemory: Attribution | undefined;

/** The parts of `window` the record needs; tests pass their own. */
export interface VisitWindow {
  location: { href: string };
  /** The cookies the script may read: cookie_consent says whether marketing is allowed. */
  document: { referrer: string; cookie?: string };
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>;
}

function stored(win: VisitWindow): Attribution | undefined {
  try {
    const text = win.sessionStorage?.getItem(STORAGE_KEY);
    if (text) {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') {
        return normalizeAttribution(parsed as Record<string, unknown>);
      }
    }
  } catch {
    // Blocked storage or a value someone edited by hand: fall back to memory.
  }
  return inMemory;
}

function store(win: VisitWindow, attribution: Attribution): void {
  inMemory = attribution;
  try {
    win.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(attribution));
  } catch {
    // Kept in memory only.
  }
}

/**
 * The visit's attribution, recording it from the current page if this is the visit's first:
 * the first page wins, later pages only read it.
 */
export function captureVisitAttribution(win: VisitWindow = window): Attribution {
  if (!allows(win.document.cookie, 'marketing')) {
    forgetVisitAttribution(win);
    inMemory ??= landingAttribution(win.location.href, win.document.referrer);
    return inMemory;
  }
  const known = stored(win);
  if (known) return known;
  const attribution = landingAttribution(win.location.href, win.document.referrer);
  store(win, attribution);
  return attribution;
}

/** The visitor allowed marketing on this page: the page's record goes to the tab's storage. */
export function keepVisitAttribution(win: VisitWindow = window): void {
  if (inMemory) store(win, inMemory);
}

/** Marketing is not (or no longer) allowed: nothing stays in the tab's storage. */
export function forgetVisitAttribution(win: VisitWindow = window): void {
  try {
    win.sessionStorage?.removeItem?.(STORAGE_KEY);
  } catch {
    // Blocked storage holds nothing.
  }
}
