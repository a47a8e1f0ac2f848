// What one page view tells the statistics, read from the request alone: no cookie, and
// nothing personal kept. The address and the browser only make the day's visitor hash
// (visit-recorder.ts) and are then dropped; the rest is the page, where the visit came from
// (another site's host, the campaign's UTM parameters), the page's language and a device class.
import { firstCodePoints } from '#shared/code-points.ts';

/** Crawlers, link previews, uptime monitors, headless browsers and HTTP libraries: not visitors. */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|archiver|facebookexternalhit|meta-externalagent|embedly|preview|lighthouse|headless|phantomjs|puppeteer|playwright|selenium|pingdom|uptime|monitor|statuscake|curl\/|wget\/|python|httpx|aiohttp|go-http|java\/|okhttp|node-fetch|undici|axios|libwww|http_request|postman|insomnia|wrk\b|\bab\/|k6\//i;

export function isBot(userAgent: string | undefined): boolean {
  // Every browser sends a user agent; a request without one is a script.
  if (!userAgent || userAgent.length < 10) return true;
  return BOT_USER_AGENT.test(userAgent);
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** A host as the statistics name it: lowercase, without www. */
export function displayHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

/**
 * The other site that linked here, as its host; undefined for a direct visit, a link within this
 * site (`ownHosts`) or a referrer that is not a web page.
 */
export function referrerHost(
  referer: string | undefined,
  ownHosts: readonly string[],
): string | undefined {
  if (!referer) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = displayHost(url.hostname);
  if (host === '' || ownHosts.some((own) => displayHost(own) === host)) return undefined;
  return host.slice(0, 253);
}

/** What is stored of one view, besides the visitor hash and the time. */
export interface PageViewFacts {
  path: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  language: 'en' | 'sv';
  device: DeviceClass;
}

function utmValue(
  params: URLSearchParams,
  field: 'utm_source' | 'utm_medium' | 'utm_campaign',
): string | null {
  const value = params.get(field)?.trim();
  return value ? firstCodePoints(value, 300) : null;
}

export function pageViewFacts(
  url: URL,
  headers: { referer?: string; userAgent: string },
  ownHosts: readonly string[],
): PageViewFacts {
  const path = url.pathname.slice(0, 300);
  return {
    path,
    referrer_host: referrerHost(headers.referer, ownHosts) ?? null,
    utm_source: utmValue(url.searchParams, 'utm_source'),
    utm_medium: utmValue(url.searchParams, 'utm_medium'),
    utm_campaign: utmValue(url.searchParams, 'utm_campaign'),
    language: path === '/sv' || path.startsWith('/sv/') ? 'sv' : 'en',
    device: deviceClass(headers.userAgent),
  };
}
