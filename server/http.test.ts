import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from './http.ts';

describe('resolveClientAddress', () => {
  it('takes the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', 0)).toBe('203.0.113.9');
  });

  it('takes the socket peer, written plainly, when no X-Forwarded-For came', () => {
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, 0)).toBe('203.0.113.9');
    expect(resolveClientAddress('::FFFF:198.51.100.7', undefined, 2)).toBe('198.51.100.7');
    expect(resolveClientAddress('2001:db8::5', undefined, 0)).toBe('2001:db8::5');
    expect(resolveClientAddress('::1', undefined, 0)).toBe('::1');
    expect(resolveClientAddress(undefined, undefined, 0)).toBe('unknown');
  });

  it("trusts a loopback peer's X-Forwarded-For: the site's own server-side requests", () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', 0)).toBe('198.51.100.1');
    expect(resolveClientAddress('::ffff:127.0.0.1', '198.51.100.1', 0)).toBe('198.51.100.1');
    expect(resolveClientAddress('::1', '2001:db8::5', 0)).toBe('2001:db8::5');
  });

  it('walks from the right, so a forged first entry does not win behind a local proxy', () => {
    // nginx on the same machine appends the real client to what the client sent.
    expect(resolveClientAddress('127.0.0.1', '6.6.6.6, 198.51.100.1', 0)).toBe('198.51.100.1');
  });

  it('trusts as many further proxies as TRUST_PROXY says', () => {
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.1', 1)).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.3', 2)).toBe(
      '198.51.100.1',
    );
  });

  it('never walks past the first entry', () => {
    expect(resolveClientAddress('127.0.0.1', '127.0.0.2', 0)).toBe('127.0.0.2');
    expect(resolveClientAddress('10.0.0.2', undefined, 3)).toBe('10.0.0.2');
    expect(resolveClientAddress('127.0.0.1', undefined, 0)).toBe('127.0.0.1');
  });

  it('reads a header given several times', () => {
    expect(resolveClientAddress('127.0.0.1', ['6.6.6.6', '198.51.100.7'], 0)).toBe('198.51.100.7');
  });
});
