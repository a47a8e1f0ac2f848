import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MAX_LENGTHS,
  attributionFromFormData,
  externalReferrer,
  landingAttribution,
  normalizeAttribution,
  requestAttribution,
} from './attribution';

describe('landingAttribution', () => {
  it('takes the five UTM parameters, the other site and the path with its query', () => {
    const page =
      'https://nordiclead.se/sv/blog/tips?utm_source=facebook&utm_medium=cpc&utm_campaign=v%C3%A5r&utm_term=leads&utm_content=ad-2&fbclid=x#top';
    expect(landingAttribution(page, 'https://www.facebook.com/')).toEqual({
      utm_source: 'facebook',
      utm_medium: 'cpc',
      utm_campaign: 'vår',
      utm_term: 'leads',
      utm_content: 'ad-2',
      referrer: 'https://www.facebook.com/',
      landing_page:
        '/sv/blog/tips?utm_source=facebook&utm_medium=cpc&utm_campaign=v%C3%A5r&utm_term=leads&utm_content=ad-2&fbclid=x',
    });
  });

  it('leaves out what the address does not say, and empty parameters', () => {
    expect(landingAttribution('https://nordiclead.se/?utm_source=&utm_medium=%20', '')).toEqual({
      landing_page: '/?utm_source=&utm_medium=%20',
    });
  });
});

describe('externalReferrer', () => {
  const page = 'https://nordiclead.se/book-call';

  it('keeps another site’s page', () => {
    expect(externalReferrer('https://www.google.com/search?q=leads', page)).toBe(
      'https://www.google.com/search?q=leads',
    );
    expect(externalReferrer('http://partner.example/list', page)).toBe(
      'http://partner.example/list',
    );
  });

  it('drops this site’s own pages (http or https, any case), empty and non-web referrers', () => {
    expect(externalReferrer('https://nordiclead.se/blog', page)).toBeUndefined();
    expect(externalReferrer('http://NordicLead.se/', page)).toBeUndefined();
    expect(externalReferrer('', page)).toBeUndefined();
    expect(externalReferrer(null, page)).toBeUndefined();
    expect(externalReferrer('not a url', page)).toBeUndefined();
    expect(externalReferrer('android-app://com.google.android.gm/', page)).toBeUndefined();
  });

  it('counts every given address of the site as its own', () => {
    expect(
      externalReferrer('https://nordiclead.se/', 'http://10.0.0.5:3000/', 'https://nordiclead.se'),
    ).toBeUndefined();
  });
});

describe('normalizeAttribution', () => {
  it('cuts every field to its column’s limit instead of refusing it', () => {
    const long = normalizeAttribution({
      utm_source: 's'.repeat(301),
      utm_content: 'c'.repeat(5000),
      referrer: `https://example.com/${'r'.repeat(3000)}`,
      landing_page: `/?q=${'l'.repeat(3000)}`,
    });
    expect(long.utm_source).toHaveLength(ATTRIBUTION_MAX_LENGTHS.utm_source);
    expect(long.utm_content).toHaveLength(300);
    expect(long.referrer).toHaveLength(2048);
    expect(long.landing_page).toHaveLength(2048);
    expect(long.referrer!.startsWith('https://example.com/rrr')).toBe(true);
  });

  it('cuts by characters as the database counts them, never inside an emoji', () => {
    const source = normalizeAttribution({ utm_source: '🚀'.repeat(400) }).utm_source!;
    expect(Array.from(source)).toHaveLength(300);
    expect(source).toBe('🚀'.repeat(300));
  });

  it('keeps only known text fields, trimmed', () => {
    expect(
      normalizeAttribution({ utm_source: '  news  ', utm_medium: 42, status: 'won', referrer: '' }),
    ).toEqual({ utm_source: 'news' });
  });
});

describe('requestAttribution', () => {
  const get = (url: string, referer?: string) =>
    new Request(url, { headers: referer ? { referer } : {} });

  it('treats a visitor from another site as landing on this page', () => {
    expect(
      requestAttribution(
        get('http://127.0.0.1:3000/book-call?utm_source=linkedin', 'https://www.linkedin.com/'),
      ),
    ).toEqual({
      utm_source: 'linkedin',
      referrer: 'https://www.linkedin.com/',
      landing_page: '/book-call?utm_source=linkedin',
    });
  });

  it('treats a visitor without a Referer (typed, bookmarked) as landing here', () => {
    expect(requestAttribution(get('http://127.0.0.1:3000/sv/book-call'))).toEqual({
      landing_page: '/sv/book-call',
    });
  });

  it('knows only the UTM parameters when the visitor came from another page of the site', () => {
    expect(
      requestAttribution(
        get('http://10.0.0.5:3000/book-call?utm_medium=email', 'https://nordiclead.se/blog'),
        'https://nordiclead.se',
      ),
    ).toEqual({ utm_medium: 'email' });
  });
});

describe('attributionFromFormData', () => {
  it('reads the hidden fields a form sent, empty ones as unknown', () => {
    const form = new FormData();
    form.set('utm_source', 'google');
    form.set('referrer', '');
    form.set('landing_page', '/?utm_source=google');
    expect(attributionFromFormData(form)).toEqual({
      utm_source: 'google',
      landing_page: '/?utm_source=google',
    });
  });

  it('says so when the form sent none of them', () => {
    const form = new FormData();
    form.set('name', 'Anna');
    expect(attributionFromFormData(form)).toBeUndefined();
  });
});
