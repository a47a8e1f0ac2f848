// The security headers of every page, graded A+ by MDN HTTP Observatory's rules: a
// Content-Security-Policy that starts from default-src 'none' and allows the page's own inline
// scripts and styles by their SHA-256 hashes (never 'unsafe-inline'), the frame origins its route
// names, and nothing else from elsewhere but images over https; no framing by other sites; no
// MIME sniffing; a private referrer policy; features the site never uses switched off; its own
// browsing context group; and HSTS once the public site is on https.
//
// Hashes rather than nonces: a page's hashes follow from its HTML, so the same page keeps the
// same bytes and its ETag (a 304 stays possible), where a nonce would change every response.
import { hash } from 'node:crypto';
import { contentTagOf } from '#shared/content-tag.ts';
import { RecentlyUsed } from '#shared/recently-used.ts';

/** What a route may declare in its `handle` about its page's policy. */
export interface SecurityHandle {
  csp?: {
    /** Origins the page frames (the newsletter provider's hosted form). */
    frameSrc?: readonly string[];
    /** Image sources besides the site and https (the admin pages' QR codes are data: URLs). */
    imgSrc?: readonly string[];
  };
}

export interface PageSecurityOptions {
  /** The whole page as sent: its text, or its UTF-8 bytes (as the server sends it). */
  html: string | Buffer;
  /** The bytes' validator (contentTagOf), when the caller made it: its policy is kept by it. */
  contentTag?: string;
  /** Origins the page may frame, from its routes' handles. */
  frameSources?: readonly string[];
  /** More image sources, from its routes' handles. */
  imageSources?: readonly string[];
  /** Origins besides the site's own that its scripts call (a hosted Supabase project). */
  connectSources?: readonly string[];
  /** Origins of scripts the page may load besides its own (a configured ad tag). */
  scriptSources?: readonly string[];
  /** The public site is served over https (SITE_URL): browsers are told to keep to https. */
  https?: boolean;
  /** Development: the policy is reported, not enforced (Vite injects styles while it runs). */
  reportOnly?: boolean;
}

/** Script types a browser runs; anything else (application/ld+json) is a data block. */
const executableScriptTypes = new Set(['', 'text/javascript', 'module', 'application/javascript']);

const inlineElement = {
  script: /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  style: /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi,
};

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes,
  );
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/**
 * The hashes of inline texts seen lately: the same stylesheet and scripts are inlined in every
 * page, and hashing them again for each render was a measurable share of it. At most 256 texts and
 * 2 M characters of them, the least recently used let go first. Texts read from a page's bytes (one
 * character per byte) are kept apart from real text, whose hash differs where a character is beyond
 * ASCII.
 */
class HashMemo {
  private readonly sources = new RecentlyUsed<string, string>(
    2_000_000,
    (_source, text) => text.length,
    256,
  );

  source(text: string, hashOf: (text: string) => string): string {
    let source = this.sources.get(text);
    if (source === undefined) {
      source = `'sha256-${hashOf(text)}'`;
      this.sources.set(text, source);
    }
    return source;
  }
}

const textHashes = new HashMemo();
const byteHashes = new HashMemo();

/** The CSP source expression of an inline text: 'sha256-<base64 of its UTF-8 bytes' hash>'. */
export function hashSource(text: string): string {
  return textHashes.source(text, (value) => hash('sha256', value, 'base64'));
}

/** The same, for a text read from a page's bytes one character per byte (latin1). */
function byteHashSource(bytesAsText: string): string {
  return byteHashes.source(bytesAsText, (value) =>
    hash('sha256', Buffer.from(value, 'latin1'), 'base64'),
  );
}

/**
 * The CSP source expressions ('sha256-…') of the inline scripts a browser would run, or of the
 * inline styles, in the page: each distinct text once, in the order of the page. A page given as
 * its bytes is scanned without decoding it (the elements' markup is ASCII) and each text hashed
 * as the bytes it is.
 */
export function inlineHashes(html: string | Buffer, element: 'script' | 'style'): string[] {
  return typeof html === 'string'
    ? hashesIn(html, element, false)
    : hashesIn(html.toString('latin1'), element, true);
}

/** inlineHashes of a page's text, or of its bytes read one character per byte (`bytes`). */
function hashesIn(text: string, element: 'script' | 'style', bytes: boolean): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', inline = ''] of text.matchAll(inlineElement[element])) {
    if (element === 'script') {
      if (attribute(attributes, 'src') !== undefined) continue;
      const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
      if (!executableScriptTypes.has(type)) continue;
    }
    sources.add(bytes ? byteHashSource(inline) : hashSource(inline));
  }
  return [...sources];
}

/**
 * The policies of pages seen lately, by the page's validator (the SHA-256 of its bytes) and the
 * sources its routes add: a page rendered again unchanged (a post read by signed-in members, a
 * cached page renewed) gets its policy without its inline elements being found and hashed again.
 * At most 256.
 */
const policies = new RecentlyUsed<string, string>(256);

/** The page's Content-Security-Policy. */
export function contentSecurityPolicy(options: PageSecurityOptions): string {
  if (typeof options.html === 'string') return policyOf(options);
  const { html, frameSources, connectSources, imageSources, scriptSources } = options;
  const key = JSON.stringify([
    options.contentTag ?? contentTagOf(html),
    frameSources,
    connectSources,
    imageSources,
    scriptSources,
  ]);
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = policyOf(options);
    policies.set(key, policy);
  }
  return policy;
}

function policyOf(options: PageSecurityOptions): string {
  const {
    html,
    frameSources = [],
    connectSources = [],
    imageSources = [],
    scriptSources = [],
  } = options;
  // Bytes are read once, one character per byte, for both kinds of element.
  const bytes = typeof html !== 'string';
  const page = bytes ? html.toString('latin1') : html;
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'none'"],
    ['script-src', "'self'", ...scriptSources, ...hashesIn(page, 'script', bytes)],
    ['style-src', "'self'", ...hashesIn(page, 'style', bytes)],
    // Post hero images and images in posts may be anywhere on the web, over https.
    ['img-src', "'self'", 'https:', ...imageSources],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...connectSources],
    ...(frameSources.length > 0 ? [['frame-src', ...frameSources] as [string, ...string[]]] : []),
    ['manifest-src', "'self'"],
    ['form-action', "'self'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Powerful features no page of the site uses, denied to it and to every frame in it. */
export const permissionsPolicy = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Two years: what hstspreload.org asks for, and beyond Observatory's six months. */
const hstsMaxAgeSeconds = 63_072_000;

/** Every security header of a page, by name. */
export function pageSecurityHeaders(options: PageSecurityOptions): Record<string, string> {
  return {
    [options.reportOnly ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy']:
      contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': permissionsPolicy,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': `max-age=${hstsMaxAgeSeconds}` } : {}),
  };
}
