// Links and buttons that need the browser: the language links keep the section the visitor is
// reading (#hash, which the server never sees), in-page jumps glide and move the focus, and Back
// goes back when the tab has somewhere to go back to.

/** Links marked data-keep-hash carry the page's current #hash. */
export function keepHashOnLinks(doc: Document, win: Window, signal?: AbortSignal): void {
  const update = () => {
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-keep-hash]')) {
      const url = new URL(link.href);
      url.hash = win.location.hash;
      link.href = url.pathname + url.search + url.hash;
    }
  };
  update();
  win.addEventListener('hashchange', update, { signal });
}

/**
 * Links marked data-jump (href="#id") scroll to their target smoothly, unless the visitor asks
 * for reduced motion, and move the focus there as a native jump moves the Tab starting point.
 * A click meant for a new tab or window is left to the browser.
 */
export function enhanceJumps(doc: Document, win: Window, signal?: AbortSignal): void {
  doc.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-jump]');
      if (!link || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = doc.getElementById(link.hash.slice(1));
      if (!target) return;
      event.preventDefault();
      const reduceMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
      target.focus({ preventScroll: true });
    },
    { signal },
  );
}

/**
 * Buttons marked data-history-back go back when the tab has history (history.length > 1), and to
 * their data-home address in a fresh tab.
 */
export function enhanceBackButtons(
  doc: Document,
  win: Pick<Window, 'history' | 'location'>,
  signal?: AbortSignal,
): void {
  doc.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>(
        'button[data-history-back]',
      );
      if (!button) return;
      if (win.history.length > 1) win.history.back();
      else win.location.assign(button.dataset.home ?? '/');
    },
    { signal },
  );
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-history-back]'))
    button.disabled = false;
}
