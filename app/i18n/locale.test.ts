import { describe, expect, it } from 'vitest';
import { languageFromPath, localizedPath, switchLanguagePath } from './locale';

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
