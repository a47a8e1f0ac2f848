import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedPageHandle } from './caching';

const routesDir = path.resolve(import.meta.dirname, '../routes');

describe('the page cache declarations', () => {
  it('are made by every route whose page shared caches may keep, and by no other', () => {
    const files = readdirSync(routesDir).filter((name) => /\.tsx?$/.test(name));
    const sharedHeaders = files.filter((name) =>
      readFileSync(path.join(routesDir, name), 'utf8').includes('headers = sharedPageHeaders'),
    );
    const declared = files.filter((name) =>
      readFileSync(path.join(routesDir, name), 'utf8').includes('...sharedPageHandle('),
    );
    expect(sharedHeaders.length).toBeGreaterThan(0);
    expect(declared.sort()).toEqual(sharedHeaders.sort());
  });

  it('name the query parameters a page reads, consent variants and the session cookies', () => {
    const { pageCache } = sharedPageHandle({ query: ['page'] });
    expect(pageCache.query).toEqual(['page']);
    expect(sharedPageHandle().pageCache.query).toEqual([]);
    expect(pageCache.variantCookies.cookie_consent).toContain('rejected');
    expect(pageCache.privateCookies.some((name) => name.test('sb-local-auth-token'))).toBe(true);
    expect(pageCache.privateCookies.some((name) => name.test('cookie_consent'))).toBe(false);
  });

  it('give an ad click’s landing its attribution cookie after marketing consent only', () => {
    const visit = (path: string, cookie = 'cookie_consent=accepted') => ({
      url: new URL(path, 'http://agency.example'),
      header: (name: string) => (name === 'cookie' ? cookie : undefined),
      publicOrigin: undefined,
    });
    const { pageCache } = sharedPageHandle();
    expect(pageCache.visitorCookies(visit('/?gclid=abc'))).toHaveLength(1);
    expect(pageCache.visitorCookies(visit('/'))).toEqual([]);
    expect(pageCache.visitorCookies(visit('/?gclid=abc', ''))).toEqual([]);
    expect(pageCache.visitorCookies(visit('/?gclid=abc', 'cookie_consent=rejected'))).toEqual([]);
  });

  it('keep one copy per consent state: no choice yet, and each of the eight choices', () => {
    expect(sharedPageHandle().pageCache.variantCookies.cookie_consent).toHaveLength(8);
  });
});
