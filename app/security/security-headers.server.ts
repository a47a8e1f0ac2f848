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
  /** The whole page as sent. */
  html: string;
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
 * page, and hashing them again for each render was a measurable share of it. Bounded by its
 * number of texts and their total length; emptied whole when either bound is reached.
 */
const hashes = new Map<string, string>();
const HASHED_TEXTS_MAX = 256;
const HASHED_CHARS_MAX = 2_000_000;
let hashedChars = 0;

/** The CSP source expression of an inline text: 'sha256-<base64 of its UTF-8 bytes' hash>'. */
export function hashSource(text: string): string {
  let source = hashes.get(text);
  if (source === undefined) {
    source = `'sha256-${hash('sha256', text, 'base64')}'`;
    if (hashes.size >= HASHED_TEXTS_MAX || hashedChars + text.length > HASHED_CHARS_MAX) {
      hashes.clear();
      hashedChars = 0;
    }
    if (text.length <= HASHED_CHARS_MAX) {
      hashes.set(text, source);
      hashedChars += text.length;
    }
  }
  return source;
}

/**
 * The CSP source expressions ('sha256-…') of the inline scripts a browser would run, or of the
 * inline styles, in the page: each distinct text once, in the order of the page.
 */
export function inlineHashes(html: string, element: 'script' | 'style'): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(inlineElement[element])) {
    if (element === 'script') {
      if (attribute(attributes, 'src') !== undefined) continue;
      const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
      if (!executableScriptTypes.has(type)) continue;
    }
    sources.add(hashSource(text));
  }
  return [...sources];
}

/** The page's Content-Security-Policy. */
export function contentSecurityPolicy(options: PageSecurityOptions): string {
  const {
    html,
    frameSources = [],
    connectSources = [],
    imageSources = [],
    scriptSources = [],
  } = options;
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'none'"],
    ['script-src', "'self'", ...scriptSources, ...inlineHashes(html, 'script')],
    ['style-src', "'self'", ...inlineHashes(html, 'style')],
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
