import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentTagOf } from '#shared/content-tag.ts';
import {
  contentSecurityPolicy,
  hashSource,
  inlineHashes,
  pageSecurityHeaders,
} from './security-headers.server';

const sha = (text: string) => `'sha256-${hash('sha256', text, 'base64')}'`;

const page = [
  '<!DOCTYPE html><html><head>',
  '<script type="application/ld+json">{"@type":"BlogPosting"}</script>',
  '<link rel="modulepreload" href="/assets/entry.js"/>',
  '<noscript><style>.site-nav{display:flex}</style></noscript>',
  '</head><body>',
  '<script>window.__context = {"a":"\\u003c/script>"};</script>',
  '<script type="module" async="">import("/assets/entry.js");</script>',
  '<script src="/assets/other.js"></script>',
  '<SCRIPT>console.log(1)</SCRIPT >',
  '<script>window.__context = {"a":"\\u003c/script>"};</script>',
  '</body></html>',
].join('');

describe('inlineHashes', () => {
  it('hashes each inline script a browser runs, once, and skips data blocks and files', () => {
    expect(inlineHashes(page, 'script')).toEqual([
      sha('window.__context = {"a":"\\u003c/script>"};'),
      sha('import("/assets/entry.js");'),
      sha('console.log(1)'),
    ]);
  });

  it('hashes inline styles, the menu’s no-script rule among them', () => {
    expect(inlineHashes(page, 'style')).toEqual([sha('.site-nav{display:flex}')]);
    expect(inlineHashes('<p>no styles</p>', 'style')).toEqual([]);
  });
});

describe('inlineHashes of a page’s bytes', () => {
  it('hashes each text as the bytes it is, characters beyond ASCII included', () => {
    const utf8 = [
      '<html lang="sv"><head><style>.q::before{content:"”"}</style></head><body>',
      '<script>window.greeting = "Hej på dig ✓ 😀";</script>',
      '<script>window.plain = 1;</script></body></html>',
    ].join('');
    for (const element of ['script', 'style'] as const) {
      expect(inlineHashes(Buffer.from(utf8), element)).toEqual(inlineHashes(utf8, element));
    }
    expect(inlineHashes(Buffer.from(utf8), 'script')).toEqual([
      sha('window.greeting = "Hej på dig ✓ 😀";'),
      sha('window.plain = 1;'),
    ]);
    // The same characters as text and as bytes read one per byte never share a hash.
    const mojibake = Buffer.from('”').toString('latin1');
    expect(inlineHashes(`<style>${mojibake}</style>`, 'style')).toEqual([sha(mojibake)]);
    expect(inlineHashes(Buffer.from('<style>”</style>'), 'style')).toEqual([sha('”')]);
  });
});

describe('hashSource', () => {
  it('gives each text its own hash however many texts pass through its bound', () => {
    // More distinct texts than the memo keeps, then the first ones again: never a stale answer.
    const texts = Array.from({ length: 600 }, (_, i) => `.rule-${i}{margin:${i}px}`);
    for (const text of texts) expect(hashSource(text)).toBe(sha(text));
    for (const text of texts.slice(0, 50)) expect(hashSource(text)).toBe(sha(text));
    const large = 'x'.repeat(3_000_000);
    expect(hashSource(large)).toBe(sha(large));
    expect(hashSource('é')).toBe(sha('é'));
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split('; ').map((directive) => {
        const [name, ...sources] = directive.split(' ');
        return [name, sources];
      }),
    );

  it('starts from nothing and allows the page’s own scripts and styles by hash, never unsafe-inline', () => {
    const policy = contentSecurityPolicy({ html: page });
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directives(policy)).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'", ...inlineHashes(page, 'script')],
      'style-src': ["'self'", sha('.site-nav{display:flex}')],
      'img-src': ["'self'", 'https:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'manifest-src': ["'self'"],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('allows frames only from the origins the page names, and a hosted Supabase project', () => {
    const policy = directives(
      contentSecurityPolicy({
        html: page,
        frameSources: ['https://preview.mailerlite.io'],
        connectSources: ['https://abc.supabase.co'],
      }),
    );
    expect(policy['frame-src']).toEqual(['https://preview.mailerlite.io']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://abc.supabase.co']);
  });

  it('adds the image sources a page names (the admin pages’ data: QR codes) and no others', () => {
    const admin = directives(contentSecurityPolicy({ html: page, imageSources: ['data:'] }));
    expect(admin['img-src']).toEqual(["'self'", 'https:', 'data:']);
    expect(directives(contentSecurityPolicy({ html: page }))['img-src']).toEqual([
      "'self'",
      'https:',
    ]);
  });
});

describe('contentSecurityPolicy of a page’s bytes', () => {
  it('gives a page rendered again the same policy, and any other page or source its own', () => {
    const bytes = (text: string) => Buffer.from(text);
    const first = contentSecurityPolicy({ html: bytes(page) });
    expect(contentSecurityPolicy({ html: bytes(page) })).toBe(first);
    expect(contentSecurityPolicy({ html: bytes(page) })).toBe(
      contentSecurityPolicy({ html: page }),
    );
    // One character of one inline script changed: that script's hash changes with it.
    const changed = page.replace('console.log(1)', 'console.log(2)');
    const other = contentSecurityPolicy({ html: bytes(changed) });
    expect(other).toContain(sha('console.log(2)'));
    expect(other).not.toContain(sha('console.log(1)'));
    expect(contentSecurityPolicy({ html: bytes(page) })).toContain(sha('console.log(1)'));
    // The same bytes with a frame origin from the route: the policy names it.
    const framed = contentSecurityPolicy({
      html: bytes(page),
      frameSources: ['https://forms.example'],
    });
    expect(framed).toContain('frame-src https://forms.example');
    expect(contentSecurityPolicy({ html: bytes(page) })).not.toContain('frame-src');
    for (const sources of ['connectSources', 'imageSources', 'scriptSources'] as const)
      expect(
        contentSecurityPolicy({ html: bytes(page), [sources]: ['https://more.example'] }),
      ).toContain('https://more.example');
  });

  it('keeps a policy by the validator the caller made, as by the one it would make', () => {
    const bytes = Buffer.from(page);
    expect(contentSecurityPolicy({ html: bytes, contentTag: contentTagOf(bytes) })).toBe(
      contentSecurityPolicy({ html: bytes }),
    );
    const changed = Buffer.from(page.replace('console.log(1)', 'console.log(3)'));
    expect(contentSecurityPolicy({ html: changed, contentTag: contentTagOf(changed) })).toContain(
      sha('console.log(3)'),
    );
  });
});

describe('pageSecurityHeaders', () => {
  it('sends the headers MDN Observatory grades, and HSTS only for an https site', () => {
    const headers = pageSecurityHeaders({ html: page });
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(headers['Permissions-Policy']).toMatch(/(^|, )camera=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/(^|, )geolocation=\(\)/);
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
    expect(pageSecurityHeaders({ html: page, https: true })['Strict-Transport-Security']).toBe(
      'max-age=63072000',
    );
  });

  it('only reports the policy in development', () => {
    const headers = pageSecurityHeaders({ html: page, reportOnly: true });
    expect(headers).not.toHaveProperty('Content-Security-Policy');
    expect(headers['Content-Security-Policy-Report-Only']).toContain("default-src 'none'");
  });
});
