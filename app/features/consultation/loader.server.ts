// What the consultation page renders into its form on the server: the signed start time (the
// minimum fill time counts from it) and the attribution the request itself shows, so a form sent
// without JavaScript carries both. The hydrated form replaces the attribution with the visit's.
import { consultationFormSettings, publicSiteUrl } from '~/data/config.server';
import { requestAttribution, type Attribution } from '~/visit/attribution';
import { signFormStart } from './form-token.server';

export interface ConsultationPageData {
  formStart: string;
  attribution: Attribution;
}

export function consultationPageData(request: Request, now = Date.now()): ConsultationPageData {
  return {
    formStart: signFormStart(now, consultationFormSettings().secret),
    attribution: requestAttribution(request, publicSiteUrl(request)),
  };
}
