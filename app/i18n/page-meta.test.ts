import type { MetaDescriptor } from 'react-router';
import { fallbackAgencySettingsState } from '~/data/agency-settings';
import { describe, expect, it } from 'vitest';
import { agencyJsonLd, pageMeta } from './page-meta';

const args = (pathname: string) => ({
  location: { pathname },
  matches: [{ id: 'root', loaderData: { siteUrl: 'https://example.se' } }],
});

describe('pageMeta', () => {
  it('gives a Swedish page its Swedish title, canonical URL and both hreflang alternates', () => {
    const tags = pageMeta(args('/sv/blog'), (t) => t.pages.blog);
    expect(tags).toContainEqual({ title: 'Marknadsföringsinsikter & tips | Nordic Lead Agency' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://example.se/sv/blog',
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'en',
      href: 'https://example.se/blog',
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'sv',
      href: 'https://example.se/sv/blog',
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://example.se/blog',
    });
  });

  it('points the English home page at itself and its Swedish twin', () => {
    const tags = pageMeta(args('/'), (t) => t.pages.home);
    expect(tags).toContainEqual({
      name: 'description',
      content: expect.stringContaining('quality leads'),
    });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://example.se/' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'sv',
      href: 'https://example.se/sv',
    });
  });

  it('leaves out the alternates of a page that exists in one language', () => {
    const post = { title: 'Ett inlägg', description: 'Ett kort tips.' };
    const tags = pageMeta(args('/sv/blog/ett-inlagg/'), post, { alternates: false });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://example.se/sv/blog/ett-inlagg',
    });
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'alternate')).toBe(false);
  });

  it('marks pages that should not be indexed and gives them no canonical URL', () => {
    const tags = pageMeta(args('/sv/nope'), (t) => ({ title: t.notFound.title }), {
      noindex: true,
    });
    expect(tags).toEqual([
      { title: 'Sidan hittades inte | Nordic Lead Agency' },
      { name: 'robots', content: 'noindex' },
    ]);
  });
});

const content = (tags: MetaDescriptor[], key: string) =>
  tags.flatMap((tag) =>
    ('property' in tag && tag.property === key) || ('name' in tag && tag.name === key)
      ? [(tag as { content: string }).content]
      : [],
  );

describe('pageMeta share tags', () => {
  it('gives an English page Open Graph and Twitter tags with absolute URLs and the default image', () => {
    const tags = pageMeta(args('/book-call/'), (t) => t.pages.home);
    const title = 'Quality Leads for Local Businesses in 30 Days | Nordic Lead Agency';
    expect(content(tags, 'og:type')).toEqual(['website']);
    expect(content(tags, 'og:title')).toEqual([title]);
    expect(content(tags, 'og:description')).toEqual([expect.stringContaining('quality leads')]);
    expect(content(tags, 'og:url')).toEqual(['https://example.se/book-call']);
    expect(content(tags, 'og:site_name')).toEqual(['Nordic Lead Agency']);
    expect(content(tags, 'og:locale')).toEqual(['en_US']);
    expect(content(tags, 'og:locale:alternate')).toEqual(['sv_SE']);
    expect(content(tags, 'og:image')).toEqual(['https://example.se/og-default.png']);
    expect(content(tags, 'og:image:width')).toEqual(['1200']);
    expect(content(tags, 'og:image:height')).toEqual(['630']);
    expect(content(tags, 'og:image:alt')).toEqual([expect.stringContaining('Nordic Lead Agency')]);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(content(tags, 'twitter:title')).toEqual([title]);
    expect(content(tags, 'twitter:description')).toEqual(content(tags, 'og:description'));
    expect(content(tags, 'twitter:image')).toEqual(['https://example.se/og-default.png']);
    expect(content(tags, 'article:author')).toEqual([]);
  });

  it('gives a Swedish page the Swedish locale with English as its alternate', () => {
    const tags = pageMeta(args('/sv/blog'), (t) => t.pages.blog);
    expect(content(tags, 'og:locale')).toEqual(['sv_SE']);
    expect(content(tags, 'og:locale:alternate')).toEqual(['en_US']);
    expect(content(tags, 'og:url')).toEqual(['https://example.se/sv/blog']);
    expect(content(tags, 'og:image:alt')).toEqual([expect.stringContaining('Kvalitetsleads')]);
  });

  it('uses a page’s own image without the default image’s dimensions', () => {
    const tags = pageMeta(args('/blog/x'), { title: 'X' }, { image: 'https://cdn.example/x.jpg' });
    expect(content(tags, 'og:image')).toEqual(['https://cdn.example/x.jpg']);
    expect(content(tags, 'twitter:image')).toEqual(['https://cdn.example/x.jpg']);
    expect(content(tags, 'og:image:width')).toEqual([]);
  });

  it('shares a page kept out of search engines when asked, without a canonical link', () => {
    const tags = pageMeta(args('/sv/book-call/thank-you'), (t) => t.pages.bookCallThankYou, {
      noindex: true,
      share: true,
    });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(content(tags, 'og:url')).toEqual(['https://example.se/sv/book-call/thank-you']);
    expect(content(tags, 'og:image')).toEqual(['https://example.se/og-default.png']);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(tags.some((tag) => 'tagName' in tag && tag.tagName === 'link')).toBe(false);
  });

  it('repeats no tag', () => {
    const tags = pageMeta(args('/'), (t) => t.pages.home, { jsonLd: [agencyJsonLd(args('/'))] });
    const keys = tags
      .filter((tag) => !('rel' in tag && tag.rel === 'alternate'))
      .map((tag) => JSON.stringify('content' in tag ? { ...tag, content: undefined } : tag));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('agencyJsonLd', () => {
  it('describes the agency as a ProfessionalService in Sweden on the English home page', () => {
    expect(agencyJsonLd(args('/'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: 'Nordic Lead Agency',
      legalName: 'Nordic Lead Agency AB',
      url: 'https://example.se/',
      logo: 'https://example.se/og-default.png',
      image: 'https://example.se/og-default.png',
      description: expect.stringContaining('quality leads'),
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Exempelgatan 1',
        postalCode: '111 22',
        addressLocality: 'Stockholm',
        addressCountry: 'SE',
      },
      email: 'privacy@nordicleadagency.com',
      taxID: '559000-0000',
      areaServed: { '@type': 'Country', name: 'Sweden' },
      sameAs: [
        'https://www.facebook.com/nordicleadagency',
        'https://www.linkedin.com/company/nordic-lead-agency',
      ],
      inLanguage: 'en',
    });
  });

  it('names the company saved in the settings, with only the profiles it has', () => {
    const settings = {
      ...fallbackAgencySettingsState.settings,
      legalName: 'Exempel Reklam AB',
      organisationNumber: '556036-0793',
      streetAddress: 'Storgatan 5',
      postalCode: '411 38',
      city: 'Göteborg',
      contactEmail: 'hej@exempelreklam.se',
      phone: '+46 31 123 45 67',
      facebookUrl: null,
      linkedinUrl: null,
      instagramUrl: 'https://www.instagram.com/exempelreklam',
    };
    const withSettings = {
      location: { pathname: '/' },
      matches: [
        {
          id: 'root',
          loaderData: {
            siteUrl: 'https://example.se',
            agency: { ...fallbackAgencySettingsState, settings, placeholders: [] },
          },
        },
      ],
    };
    expect(agencyJsonLd(withSettings)).toMatchObject({
      legalName: 'Exempel Reklam AB',
      taxID: '556036-0793',
      email: 'hej@exempelreklam.se',
      telephone: '+46 31 123 45 67',
      address: { streetAddress: 'Storgatan 5', postalCode: '411 38', addressLocality: 'Göteborg' },
      sameAs: ['https://www.instagram.com/exempelreklam'],
    });
  });

  it('points the Swedish home page’s data at the Swedish home page', () => {
    expect(agencyJsonLd(args('/sv'))).toMatchObject({
      url: 'https://example.se/sv',
      inLanguage: 'sv-SE',
    });
  });
});
