// Frames that wait for the page: a slot marked data-deferred-frame holds its frame in <noscript>
// (signup-frame.tsx), which a browser running scripts keeps as text. Once the page has loaded and
// painted, the frame is made from that text and put in the slot, so a third party's frame never
// holds up the page's first paint. Without JavaScript the browser shows the <noscript> frame.

/** Puts each waiting frame in its slot. */
export function insertDeferredFrames(doc: Document): void {
  for (const slot of doc.querySelectorAll<HTMLElement>('[data-deferred-frame]')) {
    const markup = slot.querySelector('noscript')?.textContent;
    if (!markup) continue;
    const template = doc.createElement('template');
    template.innerHTML = markup;
    slot.replaceChildren(template.content);
  }
}

/** Inserts the waiting frames after the page's load event and the next paint. */
export function loadDeferredFrames(doc: Document, win: Window): void {
  const afterPaint = () =>
    win.requestAnimationFrame(() => win.setTimeout(() => insertDeferredFrames(doc)));
  if (doc.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}
