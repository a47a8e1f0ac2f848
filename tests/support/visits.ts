// A page view as the site's recorder receives it (server/product/visits/visit-recorder.ts), for
// the tests that feed a recorder directly.
import type { RecordedView } from '#server/product/visits/visit-recorder.ts';

/** A desktop visitor's view of `path` from `address`, now, with no referrer or campaign. */
export function aRecordedView(
  address: string,
  path: string,
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
): RecordedView {
  return {
    at: new Date(),
    address,
    userAgent,
    path,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    language: 'en',
    device: 'desktop',
  };
}
