import { describe, expect, it } from 'vitest';
import { isCanonicalPath, sharedRequestOf, type PageCacheDeclaration } from './page-cache-key.ts';

const declaration: PageCacheDeclaration = {
  query: ['page'],
  variantCookies: { cookie_consent: ['accepted', 'rejected'] },
  privateCookies: [/^sb-[^=]*-auth-token(\.\d+)?$/],
  visitorCookies: () => [],
};

const request = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const req = { method, url: path, headers: { host: 'agency.example', ...headers } } as never;
  return sharedRequestOf(
    req,
    new URL(path, 'http://localhost'),
    declaration,
    'http://agency.example',
  );
};

describe('sharedRequestOf', () => {
  it('keys by host and path with the declared query parameters only, in their declared order', () => {
    expect(request('/blog')).toEqual({
      key: 'http://agency.example /blog',
      origin: 'http://agency.example',
      path: '/blog',
      cookie: undefined,
    });
    const clicked = request('/blog?utm_source=news&page=2&fbclid=IwAR1x&gclid=Cj0K&msclkid=9&x=1');
    expect(clicked).toEqual({
      key: 'http://agency.example /blog?page=2',
      origin: 'http://agency.example',
      path: '/blog?page=2',
      cookie: undefined,
    });
    expect(request('/blog?page=3')?.key).toBe('http://agency.example /blog?page=3');
  });

  it('ignores cookies that change nothing, and makes a consent cookie one variant per value', () => {
    expect(request('/', { cookie: 'visit_attribution=x; _ga=GA1.1' })?.key).toBe(
      'http://agency.example /',
    );
    const rejected = request('/', { cookie: '_ga=1; cookie_consent=rejected; other=2' });
    expect(rejected).toEqual({
      key: 'http://agency.example / cookie_consent=rejected',
      origin: 'http://agency.example',
      path: '/',
      cookie: 'cookie_consent=rejected',
    });
    expect(request('/', { cookie: 'cookie_consent=accepted' })?.key).toBe(
      'http://agency.example / cookie_consent=accepted',
    );
    // A value outside the declared ones is no choice at all: the copy without the cookie.
    expect(request('/', { cookie: 'cookie_consent=a-unique-id-123' })?.key).toBe(
      'http://agency.example /',
    );
  });

  it('answers null for a signed-in session, an Authorization header and methods other than GET and HEAD', () => {
    expect(request('/', { cookie: 'sb-local-auth-token=eyJ' })).toBeNull();
    expect(request('/', { cookie: 'a=1; sb-abcd-auth-token.0=eyJ' })).toBeNull();
    expect(request('/', { authorization: 'Bearer x' })).toBeNull();
    expect(request('/', {}, 'POST')).toBeNull();
    expect(request('/', {}, 'HEAD')?.key).toBe('http://agency.example /');
  });

  it('leaves a visitor’s Cache-Control: no-cache and Pragma out of the key', () => {
    const forced = request('/', { 'cache-control': 'no-cache, max-age=0', pragma: 'no-cache' });
    expect(forced?.key).toBe('http://agency.example /');
  });

  it('keeps no copy of another spelling of an address, nor of a declared parameter given twice', () => {
    for (const spelling of [
      '/BLOG',
      '/Blog/three',
      '/blog/',
      '/bl%6Fg',
      '/blog//three',
      '/SV/blog',
    ])
      expect(request(spelling), spelling).toBeNull();
    expect(request('/blog?page=2&page=3')).toBeNull();
    expect(request('/')?.path).toBe('/');
    expect(request('/sv/blog/three-email-welcome-sequence')?.path).toBe(
      '/sv/blog/three-email-welcome-sequence',
    );
  });

  it('takes the path’s spelling from its caller when it knows it', () => {
    const req = { method: 'GET', url: '/blog', headers: { host: 'agency.example' } } as never;
    const url = new URL('/blog', 'http://localhost');
    const origin = 'http://agency.example';
    expect(sharedRequestOf(req, url, declaration, origin, false)).toBeNull();
    expect(sharedRequestOf(req, url, declaration, origin, true)?.path).toBe('/blog');
  });

  it('keeps no copy for a request without an origin to keep it under', () => {
    const req = { method: 'GET', url: '/', headers: { host: 'random.example' } } as never;
    expect(sharedRequestOf(req, new URL('/', 'http://localhost'), declaration, null)).toBeNull();
  });
});

describe('isCanonicalPath', () => {
  it('accepts the site’s own spelling, percent-encoding only what must be', () => {
    expect(isCanonicalPath('/')).toBe(true);
    expect(isCanonicalPath('/blog/a-post')).toBe(true);
    expect(isCanonicalPath('/blog/%C3%A5r')).toBe(true);
    expect(isCanonicalPath('/blog/%c3%a5r')).toBe(false);
    expect(isCanonicalPath('/blog/%E0%A4%A')).toBe(false);
  });
});
