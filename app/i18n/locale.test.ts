import { describe, expect, it } from 'vitest';
import {
  languageFromPath,
  languageSwitchPath,
  localizedPath,
  postPath,
  switchLanguagePath,
} from './locale';

describe('languageFromPath', () => {
  it('reads Swedish from the /sv prefix', () => {
    expect(languageFromPath('/sv')).toBe('sv');
    expect(languageFromPath('/sv/')).toBe('sv');
    expect(languageFromPath('/sv/blog/x')).toBe('sv');
  });

  it('reads English everywhere else, including paths that merely start with "sv"', () => {
    expect(languageFromPath('/')).toBe('en');
    expect(languageFromPath('/blog/x')).toBe('en');
    expect(languageFromPath('/svenska')).toBe('en');
    expect(languageFromPath('/blog/sv')).toBe('en');
  });
});

describe('localizedPath', () => {
  it('prefixes Swedish paths with /sv and leaves English ones alone', () => {
    expect(localizedPath('/', 'sv')).toBe('/sv');
    expect(localizedPath('/book-call', 'sv')).toBe('/sv/book-call');
    expect(localizedPath('/?ref=x#process', 'sv')).toBe('/sv?ref=x#process');
    expect(localizedPath('/book-call', 'en')).toBe('/book-call');
  });
});

describe('switchLanguagePath', () => {
  it('switches the home page', () => {
    expect(switchLanguagePath('/', 'sv')).toBe('/sv');
    expect(switchLanguagePath('/sv', 'en')).toBe('/');
  });

  it('keeps a path already in the target language', () => {
    expect(switchLanguagePath('/', 'en')).toBe('/');
    expect(switchLanguagePath('/sv', 'sv')).toBe('/sv');
    expect(switchLanguagePath('/sv/blog/x', 'sv')).toBe('/sv/blog/x');
  });

  it('adds and removes the prefix on deeper paths', () => {
    expect(switchLanguagePath('/blog/x', 'sv')).toBe('/sv/blog/x');
    expect(switchLanguagePath('/sv/blog/x', 'en')).toBe('/blog/x');
  });

  it('keeps the search and the hash', () => {
    expect(switchLanguagePath('/sv/blog/x?y#z', 'en')).toBe('/blog/x?y#z');
    expect(switchLanguagePath('/blog/x?y#z', 'sv')).toBe('/sv/blog/x?y#z');
    expect(switchLanguagePath('/sv?y', 'en')).toBe('/?y');
  });

  it('treats /svenska as an English path', () => {
    expect(switchLanguagePath('/svenska', 'sv')).toBe('/sv/svenska');
    expect(switchLanguagePath('/svenska', 'en')).toBe('/svenska');
  });
});

describe('languageSwitchPath', () => {
  it('switches an ordinary page, keeping search and hash', () => {
    expect(languageSwitchPath('/privacy-policy#retention', 'sv')).toBe(
      '/sv/privacy-policy#retention',
    );
    expect(languageSwitchPath('/sv/blog?page=2', 'en')).toBe('/blog?page=2');
  });

  it('leads from a post to the other language’s blog list, not to a missing twin', () => {
    expect(languageSwitchPath('/blog/local-search-ads', 'sv')).toBe('/sv/blog');
    expect(languageSwitchPath('/sv/blog/svara-snabbt-pa-forfragningar', 'en')).toBe('/blog');
    expect(languageSwitchPath('/blog/local-search-ads', 'en')).toBe('/blog/local-search-ads');
  });

  it('leads from a post to its translation when the page names one', () => {
    const alternates = { en: '/blog/answer-fast', sv: '/sv/blog/svara-snabbt' };
    expect(languageSwitchPath('/blog/answer-fast', 'sv', alternates)).toBe('/sv/blog/svara-snabbt');
    expect(languageSwitchPath('/sv/blog/svara-snabbt', 'en', alternates)).toBe('/blog/answer-fast');
    expect(languageSwitchPath('/sv/blog/svara-snabbt#a', 'sv', alternates)).toBe(
      '/sv/blog/svara-snabbt#a',
    );
    expect(languageSwitchPath('/blog/answer-fast', 'sv', null)).toBe('/sv/blog');
  });

  it('names a post’s path in either language', () => {
    expect(postPath('svara-snabbt', 'sv')).toBe('/sv/blog/svara-snabbt');
    expect(postPath('answer-fast', 'en')).toBe('/blog/answer-fast');
  });

  it('leaves the feeds and the blog list to the ordinary rule', () => {
    expect(languageSwitchPath('/blog/rss.xml', 'sv')).toBe('/sv/blog/rss.xml');
    expect(languageSwitchPath('/blog', 'sv')).toBe('/sv/blog');
  });

  it('has nowhere to go from a page that exists in English only', () => {
    for (const path of ['/login', '/admin', '/admin/', '/admin/leads', '/admin?edit=1']) {
      expect(languageSwitchPath(path, 'sv'), path).toBeNull();
      expect(languageSwitchPath(path, 'en'), path).toBe(path);
    }
    expect(languageSwitchPath('/administration', 'sv')).toBe('/sv/administration');
  });
});
