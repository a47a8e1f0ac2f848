// What the consultation page renders into its form on the server: the signed start time (the
// minimum fill time counts from it) and the attribution the request itself shows, or else the ad
// click's the visitor's cookie holds (attribution-cookie.ts), so a form sent without JavaScript
// carries both. The hydrated form replaces the attribution with the visit's.
import { consultationFormSettings, publicSiteUrl } from '~/data/config.server';
import { requestAttribution, type Attribution } from '~/visit/attribution';
import { withCookieAttribution } from '~/visit/attribution-cookie';
import { signFormStart } from './form-token.server';

export interface ConsultationPageData {
  formStart: string;
  attribution: Attribution;
}

export function consultationPageData(request: Request, now = Date.now()): ConsultationPageData {
  return {
    formStart: signFormStart(now, consultationFormSettings().secret),
    attribution: withCookieAttribution(
      requestAttribution(request, publicSiteUrl(request)),
      request.headers.get('cookie'),
    ),
  };
}
