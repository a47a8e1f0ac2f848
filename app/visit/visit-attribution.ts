// The browser's record of where this visit came from: taken on the first page the visitor opens
// in the tab and never overwritten. sessionStorage, not a cookie: it stays in this tab, is never
// sent to a server by itself, and is gone when the tab closes. Where storage is blocked (some
// privacy modes throw on access) the record lives in memory for the page's lifetime instead.
import { landingAttribution, normalizeAttribution, type Attribution } from './attribution';

const STORAGE_KEY = 'visit-attribution';

/** Used when sessionStorage cannot be read or written. */
let inMemory: Attribution | undefined;

/** The parts of `window` the record needs; tests pass their own. */
export interface VisitWindow {
  location: { href: string };
  document: { referrer: string };
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>;
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
  const known = stored(win);
  if (known) return known;
  const attribution = landingAttribution(win.location.href, win.document.referrer);
  store(win, attribution);
  return attribution;
}
