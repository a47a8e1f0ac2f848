import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_COOKIE,
  attributionCookieFor,
  attributionFromCookie,
  withCookieAttribution,
} from './attribution-cookie';

/** Marketing allowed by the visitor's cookie choice (consent-cookie.ts). */
const consented = 'cookie_consent=marketing';

const landing = (path: string, headers: Record<string, string> = {}, publicOrigin?: string) =>
  attributionCookieFor({
    url: new URL(path, 'http://agency.example'),
    header: (name) => (name === 'cookie' ? `${consented}; ${headers.cookie ?? ''}` : headers[name]),
    publicOrigin,
  });

/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!;

describe('the attribution cookie', () => {
  it('is set by a landing with campaign parameters and holds what the landing shows', () => {
    const setCookie = landing('/blog/a-post?utm_source=meta&utm_campaign=spring&fbclid=IwAR1', {
      referer: 'https://l.facebook.com/',
    })!;
    expect(setCookie).toMatch(
      new RegExp(`^${ATTRIBUTION_COOKIE}=[^;]+; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax$`),
    );
    expect(attributionFromCookie(`other=1; ${sentBack(setCookie)}`)).toEqual({
      utm_source: 'meta',
      utm_campaign: 'spring',
      referrer: 'https://l.facebook.com/',
      landing_page: '/blog/a-post?utm_source=meta&utm_campaign=spring&fbclid=IwAR1',
    });
  });

  it('is set for a click id alone, Secure on an https site, and not without campaign parameters', () => {
    const gclid = landing('/?gclid=Cj0KCQ', {}, 'https://agency.example')!;
    expect(gclid).toMatch(/; Secure$/);
    expect(attributionFromCookie(sentBack(gclid))).toEqual({ landing_page: '/?gclid=Cj0KCQ' });
    expect(landing('/blog?page=2')).toBeUndefined();
    expect(landing('/blog?not_gclid=1&xutm_source=2')).toBeUndefined();
    expect(landing('/?page=1&msclkid')).toMatch(`${ATTRIBUTION_COOKIE}=`);
    expect(landing('/')).toBeUndefined();
  });

  it('is set only for a visitor who allowed marketing', () => {
    const url = new URL('/?utm_source=meta', 'http://agency.example');
    const withCookie = (cookie?: string) =>
      attributionCookieFor({
        url,
        header: (name) => (name === 'cookie' ? cookie : undefined),
        publicOrigin: undefined,
      });
    expect(withCookie(undefined)).toBeUndefined();
    expect(withCookie('cookie_consent=rejected')).toBeUndefined();
    expect(withCookie('cookie_consent=analytics.preferences')).toBeUndefined();
    expect(withCookie('cookie_consent=accepted')).toMatch(`${ATTRIBUTION_COOKIE}=`);
    expect(withCookie('cookie_consent=analytics.marketing')).toMatch(`${ATTRIBUTION_COOKIE}=`);
  });

  it('keeps the first ad click: a visitor who holds one gets no new cookie', () => {
    const first = sentBack(landing('/?utm_source=google')!);
    expect(landing('/?utm_source=meta', { cookie: first })).toBeUndefined();
  });

  it('stays small when the landing address is long', () => {
    const setCookie = landing(`/?utm_source=x&utm_content=${'y'.repeat(3000)}`)!;
    expect(setCookie.length).toBeLessThan(4096);
  });

  it('reads nothing from a missing, empty or tampered cookie', () => {
    expect(attributionFromCookie(undefined)).toBeUndefined();
    expect(attributionFromCookie(`${ATTRIBUTION_COOKIE}=`)).toBeUndefined();
    expect(attributionFromCookie(`${ATTRIBUTION_COOKIE}=%7Bnot-json`)).toBeUndefined();
    expect(attributionFromCookie(`${ATTRIBUTION_COOKIE}=%7B%22evil%22%3A1%7D`)).toBeUndefined();
  });

  it('gives a lead the cookie’s ad click unless its own attribution names a campaign', () => {
    const cookie = `${consented}; ${sentBack(landing('/?utm_source=meta&utm_medium=paid')!)}`;
    expect(withCookieAttribution({ landing_page: '/book-call' }, cookie)).toEqual({
      utm_source: 'meta',
      utm_medium: 'paid',
      landing_page: '/?utm_source=meta&utm_medium=paid',
    });
    const own = { utm_source: 'newsletter', landing_page: '/book-call?utm_source=newsletter' };
    expect(withCookieAttribution(own, cookie)).toEqual(own);
    expect(withCookieAttribution({}, undefined)).toEqual({});
  });

  it('is not read once marketing is no longer allowed', () => {
    const attribution = sentBack(landing('/?utm_source=meta')!);
    const own = { landing_page: '/book-call' };
    expect(withCookieAttribution(own, attribution)).toEqual(own);
    expect(withCookieAttribution(own, `cookie_consent=rejected; ${attribution}`)).toEqual(own);
  });
});
