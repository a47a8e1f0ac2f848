// A broken or missing image never shows visitors a broken-image box: an image that fails
// to load (a hero or body image whose address no longer answers, or answers with something that
// is not an image) is taken out of the page, and the card or post reads as one without an image.
// Error events do not bubble, so the document listens in the capture phase; an image that failed
// before this script ran is found by its state.

function hide(image: HTMLImageElement): void {
  image.dataset.broken = '';
  image.removeAttribute('srcset');
}

export function hideBrokenImages(doc: Document, signal?: AbortSignal): void {
  doc.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) hide(event.target);
    },
    { capture: true, signal },
  );
  for (const image of doc.images) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) hide(image);
  }
}
