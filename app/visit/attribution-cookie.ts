// Attribution without JavaScript on cached pages, after marketing consent (docs/decisions/0013 and
// 0014). The page cache serves one copy of a page to every visitor whatever the address's campaign
// parameters, so the HTML cannot carry the ad click's attribution. Instead, the answer to a landing
// request that carries campaign parameters sets a first-party cookie holding the attribution (added
// per request by the server, never stored in the cache), and the booking form's loader and action
// read it. The first ad click wins until the cookie expires, as the tab's record does
// (visit-attribution.ts). An ad attribution cookie is not strictly necessary (EDPB guidelines
// 2/2023), so it is set only for a visitor who allowed marketing: on a landing after that choice,
// or by the consent endpoint from the page the choice was made on (docs/decisions/0014-consent.md).
import {
  addressAttribution,
  normalizeAttribution,
  type Attribution,
  type AttributionField,
} from './attribution.ts';
import { allows } from './consent-cookie.ts';
import { cookieValue } from './cookie-header.ts';
import { firstCodePoints } from '#shared/code-points.ts';

export const ATTRIBUTION_COOKIE = 'visit_attribution';

/** Google Ads' default click-through conversion window: a lead a month after the click counts. */
export const ATTRIBUTION_COOKIE_SECONDS = 30 * 24 * 3600;

/** A cookie's value is sent with every request: the longest fields are cut to keep it small. */
const COOKIE_FIELD_MAX = 600;

/** Parameters an ad click adds to the landing page's address: UTM and the ad networks' click ids. */
export const CAMPAIGN_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'li_fat_id',
  'ttclid',
] as const;

const campaignParameter = new RegExp(`[?&](${CAMPAIGN_PARAMETERS.join('|')})(=|&|$)`);

/** Read from the raw query, without parsing it: the page cache asks for every page it serves. */
export function hasCampaignParameters(url: URL): boolean {
  return campaignParameter.test(url.search);
}

/** The attribution the cookie holds, or undefined when there is none (or it was tampered with). */
export function attributionFromCookie(header: string | null | undefined): Attribution | undefined {
  const value = cookieValue(header, ATTRIBUTION_COOKIE);
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    if (!parsed || typeof parsed !== 'object') return undefined;
    const attribution = normalizeAttribution(parsed as Record<string, unknown>);
    return Object.keys(attribution).length > 0 ? attribution : undefined;
  } catch {
    return undefined;
  }
}

function fieldsForCookie(attribution: Attribution): Attribution {
  const kept: Attribution = {};
  for (const [field, value] of Object.entries(attribution) as [AttributionField, string][])
    kept[field] = firstCodePoints(value, COOKIE_FIELD_MAX);
  return kept;
}

/** What a landing request shows: its address with every parameter, and two of its headers. */
export interface LandingRequest {
  url: URL;
  header(name: 'cookie' | 'referer'): string | undefined;
  /** The site's public origin (SITE_URL) when set: a Referer from it is this site's own page. */
  publicOrigin: string | undefined;
}

/**
 * The Set-Cookie header value for a landing request, when it carries campaign parameters, the
 * visitor allowed marketing and holds no attribution yet; undefined otherwise. Read by the server only (HttpOnly: it
 * fills the form with it), sent along when a link from another site is followed (SameSite=Lax),
 * over https only when the site is. Cheap for the usual request without campaign parameters: the
 * page cache asks for every page it serves.
 */
export function attributionCookieFor({
  url,
  header,
  publicOrigin,
}: LandingRequest): string | undefined {
  if (!url.search || !hasCampaignParameters(url)) return undefined;
  const cookies = header('cookie');
  if (!allows(cookies, 'marketing') || attributionFromCookie(cookies)) return undefined;
  const attribution = fieldsForCookie(addressAttribution(url, header('referer'), publicOrigin));
  const value = encodeURIComponent(JSON.stringify(attribution));
  const secure = (publicOrigin ?? url.origin).startsWith('https:') ? '; Secure' : '';
  return `${ATTRIBUTION_COOKIE}=${value}; Path=/; Max-Age=${ATTRIBUTION_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The attribution to store with a lead: what the form or the request itself shows, unless that
 * names no campaign and the visitor, who allows marketing, holds an ad click's cookie (a visit that landed elsewhere
 * with campaign parameters and came on to the form).
 */
export function withCookieAttribution(
  attribution: Attribution,
  cookieHeader: string | null | undefined,
): Attribution {
  const namesCampaign = Object.keys(attribution).some((field) => field.startsWith('utm_'));
  // Reading the cookie needs the same consent as setting it.
  if (namesCampaign || !allows(cookieHeader, 'marketing')) return attribution;
  return attributionFromCookie(cookieHeader) ?? attribution;
}

/** The Set-Cookie value that removes the attribution cookie: marketing consent was withdrawn. */
export function expiredAttributionCookie(): string {
  return `${ATTRIBUTION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}
