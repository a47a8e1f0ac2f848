import { describe, expect, it } from 'vitest';
import { consentPostFrom } from './consent-choice';

const form = (fields: Array<[string, string]>) => {
  const data = new URLSearchParams(fields);
  return { get: (name: string) => data.get(name), getAll: (name: string) => data.getAll(name) };
};
const none = { analytics: false, marketing: false, preferences: false };

describe('a consent form’s post', () => {
  it('accepts all, rejects all, or saves only the ticked boxes', () => {
    const post = (choice: string, ...allow: string[]) =>
      consentPostFrom(
        form([
          ['choice', choice],
          ['source', 'banner'],
          ['return_to', '/blog?page=2'],
          ...allow.map((category): [string, string] => ['allow', category]),
        ]),
        undefined,
        'en',
      );
    expect(post('accept-all', 'analytics')).toEqual({
      choice: { analytics: true, marketing: true, preferences: true },
      source: 'banner',
      returnTo: '/blog?page=2',
    });
    expect(post('reject-all', 'marketing')?.choice).toEqual(none);
    expect(post('save', 'preferences', 'unknown')?.choice).toEqual({ ...none, preferences: true });
    expect(post('save')?.choice).toEqual(none);
  });

  it('adds marketing to the previous choice when a frame is loaded', () => {
    const frame = form([
      ['choice', 'allow-marketing'],
      ['source', 'frame'],
    ]);
    expect(consentPostFrom(frame, undefined, 'sv')?.choice).toEqual({ ...none, marketing: true });
    expect(consentPostFrom(frame, { ...none, analytics: true }, 'sv')?.choice).toEqual({
      analytics: true,
      marketing: true,
      preferences: false,
    });
  });

  it('is no choice without a known button and source', () => {
    expect(consentPostFrom(form([['choice', 'accept-all']]), undefined, 'en')).toBeUndefined();
    expect(
      consentPostFrom(
        form([
          ['choice', 'everything'],
          ['source', 'banner'],
        ]),
        undefined,
        'en',
      ),
    ).toBeUndefined();
  });

  it("goes back only to a path of the site, else to the home page in the page's language", () => {
    const back = (returnTo: string, language: 'en' | 'sv') =>
      consentPostFrom(
        form([
          ['choice', 'reject-all'],
          ['source', 'settings'],
          ['return_to', returnTo],
        ]),
        undefined,
        language,
      )?.returnTo;
    expect(back('/sv/blog', 'sv')).toBe('/sv/blog');
    for (const away of ['//evil.example', '/%09/evil.example', 'https://evil.example/', 'blog']) {
      expect(back(away, 'en')).toBe('/');
      expect(back(away, 'sv')).toBe('/sv');
    }
    expect(
      consentPostFrom(
        form([
          ['choice', 'accept-all'],
          ['source', 'banner'],
        ]),
        undefined,
        'sv',
      )?.returnTo,
    ).toBe('/sv');
  });
});
