import { describe, expect, it } from 'vitest';
import { consentPostFrom, safeReturnPath } from './consent-choice';

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
    expect(consentPostFrom(frame, undefined)?.choice).toEqual({ ...none, marketing: true });
    expect(consentPostFrom(frame, { ...none, analytics: true })?.choice).toEqual({
      analytics: true,
      marketing: true,
      preferences: false,
    });
  });

  it('is no choice without a known button and source', () => {
    expect(consentPostFrom(form([['choice', 'accept-all']]), undefined)).toBeUndefined();
    expect(
      consentPostFrom(
        form([
          ['choice', 'everything'],
          ['source', 'banner'],
        ]),
        undefined,
      ),
    ).toBeUndefined();
  });

  it('goes back only to a path of the site', () => {
    expect(safeReturnPath('/sv/blog')).toBe('/sv/blog');
    for (const away of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'blog', 7])
      expect(safeReturnPath(away)).toBeUndefined();
  });
});
