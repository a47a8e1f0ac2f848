import { describe, expect, it } from 'vitest';
import {
  publicPostPath,
  slugAfterTitleChange,
  slugLookupBase,
  slugSuggestion,
  slugify,
} from './post-slugs';

describe('slugify', () => {
  it('lower-cases and turns spaces into hyphens', () => {
    expect(slugify('Google Ads That Convert')).toBe('google-ads-that-convert');
  });

  it('removes characters other than letters, digits, spaces and hyphens', () => {
    expect(slugify('Why 90% of Ads Fail (and How to Fix It)!')).toBe(
      'why-90-of-ads-fail-and-how-to-fix-it',
    );
    expect(slugify('Tips & Tricks: 2026 edition?')).toBe('tips-tricks-2026-edition');
    expect(slugify('snake_case & emoji 🚀 title')).toBe('snakecase-emoji-title');
  });

  it('collapses repeated spaces and hyphens and drops them at the ends', () => {
    expect(slugify('  Leads   --  fast -- ')).toBe('leads-fast');
    expect(slugify('a\t\nb')).toBe('a-b');
    expect(slugify('-already-a-slug-')).toBe('already-a-slug');
  });

  it('writes Swedish and other accented letters in ASCII', () => {
    expect(slugify('Så får du fler kunder på 30 dagar')).toBe('sa-far-du-fler-kunder-pa-30-dagar');
    expect(slugify('Öka försäljningen med Facebook-annonser')).toBe(
      'oka-forsaljningen-med-facebook-annonser',
    );
    expect(slugify('Café Ærø Straße Łódź')).toBe('cafe-aero-strasse-lodz');
  });

  it('always gives what the database accepts, or nothing', () => {
    for (const title of ['ÅÄÖ åäö', 'Crème brûlée', '!!!', '', '   ', 'x'.repeat(500)]) {
      const slug = slugify(title);
      expect(slug === '' || /^[a-z0-9-]+$/.test(slug)).toBe(true);
      expect(slug.length).toBeLessThanOrEqual(200);
      expect(slug.startsWith('-') || slug.endsWith('-')).toBe(false);
    }
    expect(slugify('!!!')).toBe('');
    expect(slugify('ÅÄÖ åäö')).toBe('aao-aao');
  });
});

describe('slugAfterTitleChange', () => {
  it('fills an empty slug from the title while creating a post', () => {
    expect(slugAfterTitleChange({ mode: 'create', slug: '', previousTitle: '', title: 'H' })).toBe(
      'h',
    );
  });

  it('keeps following the title while the slug is still the generated one', () => {
    expect(
      slugAfterTitleChange({
        mode: 'create',
        slug: 'hello',
        previousTitle: 'Hello',
        title: 'Hello World',
      }),
    ).toBe('hello-world');
  });

  it('leaves a slug typed by hand alone', () => {
    expect(
      slugAfterTitleChange({
        mode: 'create',
        slug: 'my-own',
        previousTitle: 'Hello',
        title: 'Hello World',
      }),
    ).toBe('my-own');
  });

  it('never changes the slug of a post being edited', () => {
    expect(
      slugAfterTitleChange({ mode: 'edit', slug: '', previousTitle: '', title: 'New title' }),
    ).toBe('');
    expect(
      slugAfterTitleChange({ mode: 'edit', slug: 'old', previousTitle: 'Old', title: 'New' }),
    ).toBe('old');
  });
});

describe('slug suggestions', () => {
  it('say nothing for a free slug', () => {
    expect(slugSuggestion('spring-offer', ['spring-offers'])).toBeNull();
  });

  it('number a taken slug from -2, skipping the numbers in use', () => {
    expect(slugSuggestion('spring-offer', ['spring-offer'])).toBe('spring-offer-2');
    expect(slugSuggestion('spring-offer', ['spring-offer', 'spring-offer-2'])).toBe(
      'spring-offer-3',
    );
  });

  it('continue a numbered series, but read a number that is part of the title as such', () => {
    expect(slugSuggestion('offer-2', ['offer', 'offer-2', 'offer-3'])).toBe('offer-4');
    expect(slugSuggestion('top-10', ['top-10'])).toBe('top-10-2');
    expect(slugLookupBase('offer-2')).toBe('offer');
    expect(slugLookupBase('top-10')).toBe('top');
    expect(slugLookupBase('offer')).toBe('offer');
  });

  it('stay within the database’s 200 characters', () => {
    const long = 'a'.repeat(200);
    const suggestion = slugSuggestion(long, [long])!;
    expect(suggestion).toHaveLength(200);
    expect(suggestion.endsWith('-2')).toBe(true);
  });
});

describe('publicPostPath', () => {
  it('puts English posts under /blog and Swedish ones under /sv/blog', () => {
    expect(publicPostPath('english', 'ten-tips')).toBe('/blog/ten-tips');
    expect(publicPostPath('swedish', 'tio-tips')).toBe('/sv/blog/tio-tips');
  });
});
