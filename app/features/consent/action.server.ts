// The consent endpoint: every consent form posts here, with or without JavaScript. It
// keeps the choice in the visitor's cookies, records it with the random consent ID, the time and
// the policy version, lets the ad click's attribution follow the marketing choice, and sends the
// visitor back (303) to the page they chose on, if it is a path of this site (safeReturnPath). The
// site's script sends the same request.
import { data, redirect } from 'react-router';
import { publicSiteUrl, serverEnv } from '~/data/config.server';
import { recordCookieConsent } from '~/data/cookie-consents';
import { DataError } from '~/data/errors';
import { getServerSupabase } from '~/data/supabase.server';
import { languageFromPath } from '~/i18n/locale';
import {
  ATTRIBUTION_COOKIE,
  attributionCookieFor,
  expiredAttributionCookie,
} from '~/visit/attribution-cookie';
import {
  CONSENT_COOKIE,
  consentCookieValue,
  consentFromCookies,
  consentIdFromCookies,
  consentSetCookies,
} from '~/visit/consent-cookie';
import { cookieValue } from '~/visit/cookie-header';
import { visitorAddress } from '~/visit/visitor-address';
import { consentPostFrom } from './consent-choice';
import { consentCopy } from './copy';

/** The page the request came from, when it is one of this site's. */
export function sameSitePage(request: Request, siteUrl: string): URL | undefined {
  const referer = request.headers.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    const origins = [new URL(siteUrl).origin, new URL(request.url).origin];
    return origins.includes(url.origin) ? url : undefined;
  } catch {
    return undefined;
  }
}

export async function consentAction(
  request: Request,
  { policyVersion }: { policyVersion: () => Promise<string> },
): Promise<Response> {
  const env = serverEnv();
  const siteUrl = publicSiteUrl(request, env);
  // Another site's page may not make a choice for the visitor.
  const origin = request.headers.get('origin');
  if (origin && origin !== new URL(siteUrl).origin && origin !== new URL(request.url).origin)
    throw data('A cookie choice is made on this site only.', { status: 403 });

  const cookies = request.headers.get('cookie');
  const language = languageFromPath(new URL(request.url).pathname);
  const post = consentPostFrom(await request.formData(), consentFromCookies(cookies), language);
  if (!post) throw data('Not a cookie choice.', { status: 400 });
  const consentId = consentIdFromCookies(cookies) ?? crypto.randomUUID();
  const record = {
    consent_id: consentId,
    ...post.choice,
    policy_version: await policyVersion(),
    language,
    source: post.source,
  };
  try {
    await recordCookieConsent(getServerSupabase(), record, {
      clientAddress: visitorAddress(request),
    });
  } catch (error) {
    // A choice that cannot be proven is not kept either: the cookies stay as they were.
    if (error instanceof DataError && error.isRateLimited)
      throw data(consentCopy[language].failed, { status: 429 });
    throw error;
  }

  const headers = new Headers();
  for (const cookie of consentSetCookies(post.choice, consentId, siteUrl.startsWith('https:')))
    headers.append('Set-Cookie', cookie);
  if (post.choice.marketing) {
    // The ad click of the page the choice was made on (its address carries the campaign), now
    // that the visitor allows it: without JavaScript the cached page could not hold it.
    const page = sameSitePage(request, siteUrl);
    const now = `${CONSENT_COOKIE}=${consentCookieValue(post.choice)}; ${cookies ?? ''}`;
    const attribution =
      page &&
      attributionCookieFor({
        url: page,
        header: (name) => (name === 'cookie' ? now : undefined),
        publicOrigin: env.SITE_URL ? siteUrl : undefined,
      });
    if (attribution) headers.append('Set-Cookie', attribution);
  } else if (cookieValue(cookies, ATTRIBUTION_COOKIE) !== undefined) {
    headers.append('Set-Cookie', expiredAttributionCookie());
  }
  return redirect(post.returnTo, { status: 303, headers });
}
