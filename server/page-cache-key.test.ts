import { describe, expect, it } from 'vitest';
import { sharedRequestOf, type PageCacheDeclaration } from './page-cache-key.ts';

const declaration: PageCacheDeclaration = {
  query: ['page'],
  variantCookies: { cookie_consent: ['accepted', 'rejected'] },
  privateCookies: [/^sb-[^=]*-auth-token(\.\d+)?$/],
  visitorCookies: () => [],
};

const request = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const req = { method, url: path, headers: { host: 'agency.example', ...headers } } as never;
  return sharedRequestOf(req, new URL(path, 'http://localhost'), declaration);
};

describe('sharedRequestOf', () => {
  it('keys by host and path with the declared query parameters only, in their declared order', () => {
    expect(request('/blog')).toEqual({
      key: 'agency.example /blog',
      path: '/blog',
      cookie: undefined,
    });
    const clicked = request('/blog?utm_source=news&page=2&fbclid=IwAR1x&gclid=Cj0K&msclkid=9&x=1');
    expect(clicked).toEqual({
      key: 'agency.example /blog?page=2',
      path: '/blog?page=2',
      cookie: undefined,
    });
    expect(request('/blog?page=3')?.key).toBe('agency.example /blog?page=3');
    expect(request('/blog?page=2&page=3')?.path).toBe('/blog?page=2&page=3');
  });

  it('ignores cookies that change nothing, and makes a consent cookie one variant per value', () => {
    expect(request('/', { cookie: 'visit_attribution=x; _ga=GA1.1' })?.key).toBe(
      'agency.example /',
    );
    const rejected = request('/', { cookie: '_ga=1; cookie_consent=rejected; other=2' });
    expect(rejected).toEqual({
      key: 'agency.example / cookie_consent=rejected',
      path: '/',
      cookie: 'cookie_consent=rejected',
    });
    expect(request('/', { cookie: 'cookie_consent=accepted' })?.key).toBe(
      'agency.example / cookie_consent=accepted',
    );
    // A value outside the declared ones is no choice at all: the copy without the cookie.
    expect(request('/', { cookie: 'cookie_consent=a-unique-id-123' })?.key).toBe(
      'agency.example /',
    );
  });

  it('answers null for a signed-in session, an Authorization header and methods other than GET and HEAD', () => {
    expect(request('/', { cookie: 'sb-local-auth-token=eyJ' })).toBeNull();
    expect(request('/', { cookie: 'a=1; sb-abcd-auth-token.0=eyJ' })).toBeNull();
    expect(request('/', { authorization: 'Bearer x' })).toBeNull();
    expect(request('/', {}, 'POST')).toBeNull();
    expect(request('/', {}, 'HEAD')?.key).toBe('agency.example /');
  });

  it('leaves a visitor’s Cache-Control: no-cache and Pragma out of the key', () => {
    const forced = request('/', { 'cache-control': 'no-cache, max-age=0', pragma: 'no-cache' });
    expect(forced?.key).toBe('agency.example /');
  });
});
