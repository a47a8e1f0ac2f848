// Where a visit came from: the UTM parameters, the other site that sent the visitor and
// the first page they saw, stored with a lead. No cookies: the browser keeps it for the tab's
// lifetime (visit-attribution.ts); without JavaScript the server reads it from the request.
// Shared by the root (which records it) and the consultation form (which sends it).
import { firstCodePoints } from '#shared/code-points.ts';

/** The consultations columns of a lead's attribution, in the order its page shows them. */
export const ATTRIBUTION_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_page',
] as const;

export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/** What is known of a visit's origin; a missing field is unknown (stored as null). */
export type Attribution = Partial<Record<AttributionField, string>>;

const UTM_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const satisfies readonly AttributionField[];

/** The check constraints of supabase/migrations/20261123090000_add_lead_management_to_consultations.sql. */
export const ATTRIBUTION_MAX_LENGTHS: Record<AttributionField, number> = {
  utm_source: 300,
  utm_medium: 300,
  utm_campaign: 300,
  utm_term: 300,
  utm_content: 300,
  referrer: 2048,
  landing_page: 2048,
};

/**
 * Trimmed and cut to the column's limit: a long campaign URL must never cost the agency a lead.
 * Cut by code points, as char_length counts, so an emoji is never split into an invalid half.
 */
function fitted(field: AttributionField, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const max = ATTRIBUTION_MAX_LENGTHS[field];
  return firstCodePoints(trimmed, max).trim();
}

/** Keeps only known fields holding text, each within its limit. */
export function normalizeAttribution(raw: Partial<Record<string, unknown>>): Attribution {
  const attribution: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = fitted(field, raw[field]);
    if (value !== undefined) attribution[field] = value;
  }
  return attribution;
}

function parsedUrl(value: string | null | undefined, base?: string): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

function hostOf(url: URL | string): string {
  return new URL(url).hostname.toLowerCase();
}

/**
 * The referrer if it is another site's web page. Links within this site (any of `siteUrls`' hosts;
 * http or https alike) and non-web referrers (android-app://…) say nothing about where the visit
 * came from.
 */
export function externalReferrer(
  referrer: string | null | undefined,
  ...siteUrls: (string | URL)[]
): string | undefined {
  const from = parsedUrl(referrer);
  if (!from || (from.protocol !== 'http:' && from.protocol !== 'https:')) return undefined;
  const ownHosts = siteUrls.map(hostOf);
  return ownHosts.includes(from.hostname.toLowerCase()) ? undefined : from.href;
}

/** The UTM parameters of a page's address. */
export function utmParameters(pageUrl: string | URL): Attribution {
  const { searchParams } = new URL(pageUrl);
  const found: Partial<Record<AttributionField, string>> = {};
  for (const name of UTM_PARAMETERS) {
    const value = searchParams.get(name);
    if (value !== null) found[name] = value;
  }
  return normalizeAttribution(found);
}

/** The attribution of a visit whose first page is `pageUrl`, reached from `referrer`. */
export function landingAttribution(
  pageUrl: string | URL,
  referrer: string | null | undefined,
): Attribution {
  const page = new URL(pageUrl);
  return normalizeAttribution({
    ...utmParameters(page),
    referrer: externalReferrer(referrer, page),
    landing_page: page.pathname + page.search,
  });
}

/**
 * What the server can tell from one request for a page (no JavaScript): its UTM parameters, and,
 * when the visitor arrived from another site or straight from the address bar (no Referer), that
 * referrer and this page as the landing page. A link from within the site means the visit began
 * on a page the server no longer knows, so landing page and referrer stay unknown.
 */
export function requestAttribution(request: Request, publicOrigin?: string): Attribution {
  return addressAttribution(new URL(request.url), request.headers.get('referer'), publicOrigin);
}

/** requestAttribution from the request's address and Referer header alone. */
export function addressAttribution(
  url: URL,
  refererHeader: string | null | undefined,
  publicOrigin?: string,
): Attribution {
  // Behind a proxy the request's host may be an internal one; the public origin is ours too.
  const siteUrls = publicOrigin ? [url, publicOrigin] : [url];
  const referer = parsedUrl(refererHeader);
  if (referer && siteUrls.map(hostOf).includes(referer.hostname.toLowerCase())) {
    return utmParameters(url);
  }
  return normalizeAttribution({
    ...utmParameters(url),
    referrer: externalReferrer(referer?.href, ...siteUrls),
    landing_page: url.pathname + url.search,
  });
}

/**
 * The attribution fields a form sent, or undefined when it sent none of them (a hand-made
 * request), so the caller can fall back to the request itself.
 */
export function attributionFromFormData(formData: FormData): Attribution | undefined {
  if (!ATTRIBUTION_FIELDS.some((field) => formData.has(field))) return undefined;
  return normalizeAttribution(
    Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f, formData.get(f)])),
  );
}
