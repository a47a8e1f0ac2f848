// The agency's own ad measurement in the page (docs/decisions/0015): Meta's pixel (marketing) and
// Microsoft Clarity's session recording (analytics), each only where configured and only after
// consent for its category. The server marks <html> with what is configured; the site's script
// loads a tag's code once the visitor's choice allows it (app/enhance/ad-tags.ts), never before.

/** On <html>: the pixel's ID, and where its script comes from. */
export const META_PIXEL_ATTRIBUTE = 'data-meta-pixel';
export const META_PIXEL_SRC_ATTRIBUTE = 'data-meta-pixel-src';
/** On <html>: Clarity's project ID, and the address its tag is loaded from (the ID appended). */
export const CLARITY_ATTRIBUTE = 'data-clarity';
export const CLARITY_SRC_ATTRIBUTE = 'data-clarity-src';
/** On the thank-you page: the pixel tracks a Lead there, with the lead's ID from the address. */
export const LEAD_EVENT_ATTRIBUTE = 'data-lead-event';

export interface AdTagSettings {
  META_PIXEL_ID?: string;
  META_PIXEL_SCRIPT_URL: string;
  CLARITY_ID?: string;
  CLARITY_SCRIPT_URL: string;
}

/** The attributes <html> carries for the configured tags (none when nothing is configured). */
export function adTagAttributes(settings: AdTagSettings): Record<string, string> {
  return {
    ...(settings.META_PIXEL_ID && {
      [META_PIXEL_ATTRIBUTE]: settings.META_PIXEL_ID,
      [META_PIXEL_SRC_ATTRIBUTE]: settings.META_PIXEL_SCRIPT_URL,
    }),
    ...(settings.CLARITY_ID && {
      [CLARITY_ATTRIBUTE]: settings.CLARITY_ID,
      [CLARITY_SRC_ATTRIBUTE]: settings.CLARITY_SCRIPT_URL,
    }),
  };
}

/** What the page's policy must allow for the configured tags, by directive. */
export function adTagSources(settings: AdTagSettings): { script: string[]; connect: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  if (settings.META_PIXEL_ID) {
    const origin = new URL(settings.META_PIXEL_SCRIPT_URL).origin;
    // fbevents.js loads its configuration from its own origin and reports to www.facebook.com
    // (images, which img-src's https: allows, or beacons).
    script.push(origin);
    connect.push(origin, 'https://www.facebook.com');
  }
  if (settings.CLARITY_ID) {
    const origin = new URL(settings.CLARITY_SCRIPT_URL).origin;
    // The tag loads clarity.js from scripts.clarity.ms and uploads to a *.clarity.ms collector.
    script.push(origin, 'https://scripts.clarity.ms');
    connect.push(origin, 'https://*.clarity.ms', 'https://c.bing.com');
  }
  return { script: [...new Set(script)], connect: [...new Set(connect)] };
}
