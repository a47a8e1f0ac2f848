// The booking step in the visitor's own time zone (docs/decisions/0018): the server renders the
// times in the agency's zone, or the one the page's ?tz= asks for; with JavaScript the page asks
// for the browser's zone once, so the visitor sees their own clock, with the zone named.

export function showTimesInOwnZone(doc: Document, win: Window): void {
  const picker = doc.querySelector<HTMLElement>('[data-booking-zone]');
  if (!picker) return;
  const url = new URL(win.location.href);
  if (url.searchParams.has('tz')) return;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!own || own === picker.dataset.bookingZone) return;
  url.searchParams.set('tz', own);
  win.location.replace(url.toString());
}
