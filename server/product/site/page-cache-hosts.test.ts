import { describe, expect, it } from 'vitest';
import { cacheOrigins } from './page-cache-hosts.ts';

describe('cacheOrigins', () => {
  it('gives every Host the site’s own origin when SITE_URL is set', () => {
    const originOf = cacheOrigins({ siteUrl: 'https://agency.example/' });
    expect(originOf('agency.example')).toBe('https://agency.example');
    expect(originOf('x7f3.attacker.example')).toBe('https://agency.example');
    expect(originOf(undefined)).toBe('https://agency.example');
    expect(originOf('not a host')).toBe('https://agency.example');
  });

  it('without SITE_URL keeps copies for the first few hosts only, while they are asked for', () => {
    let now = 0;
    const originOf = cacheOrigins({ maxHosts: 2, idleMs: 1000, now: () => now });
    expect(originOf('Agency.Example')).toBe('http://agency.example');
    expect(originOf('127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(originOf('random-1.example')).toBeNull();
    now = 900;
    expect(originOf('agency.example.')).toBe('http://agency.example');
    expect(originOf('random-2.example')).toBeNull();
    // 127.0.0.1:3000 was last asked for at 0: its place goes to the next host after a second.
    now = 1000;
    expect(originOf('random-3.example')).toBe('http://random-3.example');
    expect(originOf('agency.example')).toBe('http://agency.example');
    expect(originOf('127.0.0.1:3000')).toBeNull();
  });

  it('keeps the place of a host asked for again as it was kept', () => {
    let now = 0;
    const originOf = cacheOrigins({ maxHosts: 2, idleMs: 1000, now: () => now });
    expect(originOf('a.example')).toBe('http://a.example');
    expect(originOf('b.example')).toBe('http://b.example');
    now = 900;
    expect(originOf('a.example')).toBe('http://a.example');
    now = 1000;
    expect(originOf('c.example')).toBe('http://c.example');
    expect(originOf('a.example')).toBe('http://a.example');
    expect(originOf('b.example')).toBeNull();
  });

  it('keeps no copy for a malformed Host', () => {
    const originOf = cacheOrigins();
    for (const host of [undefined, '', 'a b', 'evil.example/path', 'x@y', `${'a'.repeat(300)}.se`])
      expect(originOf(host), host).toBeNull();
    expect(originOf('[::1]:3000')).toBe('http://[::1]:3000');
  });
});
