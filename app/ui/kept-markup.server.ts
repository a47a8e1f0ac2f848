// Where the kept parts of pages live (kept-markup.tsx): each part's inner HTML under its inputs,
// within a bound on their total size, the least recently used going first. A part rendered in
// full for the first time is marked with an attribute named with a secret of the process (so no
// text a page carries, a post's own HTML, can be taken for it), found in the page React wrote,
// kept, and its marker taken out.
import { randomBytes } from 'node:crypto';
import { RecentlyUsed } from '#shared/recently-used.ts';
import type { KeptParts, KeptTag } from './kept-markup';

/** Up to this many characters of kept HTML with their keys. */
export const KEPT_CHARACTERS = 2 * 1024 * 1024;

const kept = new RecentlyUsed<string, string>(
  KEPT_CHARACTERS,
  (html, key) => html.length + key.length,
);

const MARK = `data-kept-${randomBytes(6).toString('hex')}`;

/** One render's kept parts: read as they are, or marked to be kept once the page is written. */
export class KeptRender implements KeptParts {
  private readonly pending: { key: string; tag: KeptTag; value: string }[] = [];

  kept(key: string): string | undefined {
    return kept.get(key);
  }

  mark(key: string, tag: KeptTag): { name: string; value: string } {
    const value = String(this.pending.length);
    this.pending.push({ key, tag, value });
    return { name: MARK, value };
  }

  /** The page's HTML without the markers, each marked part's inner HTML now kept. */
  finish(html: string): string {
    let page = html;
    for (const { key, tag, value } of this.pending) {
      const attribute = ` ${MARK}="${value}"`;
      const at = page.indexOf(attribute);
      if (at === -1) continue;
      page = page.slice(0, at) + page.slice(at + attribute.length);
      // The marker is the part's last attribute: its start tag ends right after it.
      if (page[at] !== '>') continue;
      const end = closingTag(page, tag, at + 1);
      if (end !== -1) kept.set(key, ownCopy(page.slice(at + 1, end)));
    }
    return page;
  }
}

/**
 * The text as a string of its own. V8 keeps a cut of a long string as a view into it: a part's
 * inside cut from the page would hold the whole page for as long as it is kept (500 parts of 3,000
 * characters cut from pages of 79,000 held 40 MB, copied 1.6).
 */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * Where the element whose inside starts at `from` closes. The inside is React's writing from
 * components (text escaped, no raw HTML): each `<tag` in it opens one, each `</tag>` closes one.
 */
function closingTag(html: string, tag: KeptTag, from: number): number {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let depth = 1;
  let at = from;
  for (;;) {
    const nextClose = html.indexOf(close, at);
    if (nextClose === -1) return -1;
    const nextOpen = html.indexOf(open, at);
    if (nextOpen !== -1 && nextOpen < nextClose) {
      const after = html[nextOpen + open.length];
      if (after === ' ' || after === '>') depth++;
      at = nextOpen + open.length;
    } else {
      depth--;
      if (depth === 0) return nextClose;
      at = nextClose + close.length;
    }
  }
}

/** Forgets every kept part (tests). */
export function forgetKeptMarkup(): void {
  kept.clear();
}

/** How many parts are kept (tests). */
export function keptParts(): number {
  return kept.size;
}
