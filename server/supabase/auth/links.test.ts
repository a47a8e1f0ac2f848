import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../project-config.ts';
import { lifetimeInWords, linkTtlSeconds, requestOrigin, safeRedirect } from './links.ts';

describe('safeRedirect', () => {
  const site = 'https://agency.example/';

  it('keeps a same-origin target, without any fragment', () => {
    expect(safeRedirect('https://agency.example/login?x=1#old', site)).toBe(
      'https://agency.example/login?x=1',
    );
    expect(safeRedirect('/admin', site)).toBe('https://agency.example/admin');
  });

  it('falls back to the site for other origins, schemes and garbage', () => {
    expect(safeRedirect('https://evil.example/login', site)).toBe(site);
    expect(safeRedirect('//evil.example/login', site)).toBe(site);
    expect(safeRedirect('http://agency.example/login', site)).toBe(site);
    expect(safeRedirect('javascript:alert(1)', site)).toBe(site);
    expect(safeRedirect('https://agency.example.evil.example/', site)).toBe(site);
    expect(safeRedirect(null, site)).toBe(site);
  });

  it.each([
    ['a tab between the slashes', '/\t/evil.example', site],
    ['a line break between the slashes', '/\r\n/evil.example', site],
    ['a backslash', '/\\evil.example', site],
    ['a leading tab', '\t//evil.example', site],
    ['user information naming the site', 'https://agency.example@evil.example/', site],
    // What stays on the site is sent as an absolute address of it, so it names no other host.
    ['an encoded tab', '/%09/evil.example', 'https://agency.example/%09/evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example', 'https://agency.example/%2F%2Fevil.example'],
    [
      'a dot segment making two slashes',
      '/.//evil.example',
      'https://agency.example//evil.example',
    ],
  ])('keeps %s on the site', (_, requested, expected) => {
    expect(safeRedirect(requested, site)).toBe(expected);
  });
});

describe('requestOrigin', () => {
  const request = (headers: Record<string, string>) =>
    ({ headers, socket: {} }) as unknown as IncomingMessage;

  it('is the Host the request was addressed to', () => {
    expect(requestOrigin(request({ host: '127.0.0.1:3000' }))).toBe('http://127.0.0.1:3000');
    expect(requestOrigin(request({ host: 'site.example', 'x-forwarded-proto': 'https' }))).toBe(
      'https://site.example',
    );
  });

  it('ignores a Host that is not a host name', () => {
    expect(requestOrigin(request({ host: 'evil.example/path?' }))).toBe('http://localhost');
  });
});

describe('linkTtlSeconds', () => {
  it("is config.toml's otp_expiry, an hour when unset, and at most GoTrue's day", () => {
    expect(linkTtlSeconds(parseToml('[auth.email]\notp_expiry = 86400\n'))).toBe(86_400);
    expect(linkTtlSeconds(parseToml(''))).toBe(3600);
    expect(() => linkTtlSeconds(parseToml('[auth.email]\notp_expiry = 90000\n'))).toThrow(
      'config.toml [auth.email] otp_expiry must be between 60 and 86400 seconds',
    );
  });

  it('is said in words in the mails', () => {
    expect(lifetimeInWords(86_400)).toBe('24 hours');
    expect(lifetimeInWords(3600)).toBe('one hour');
    expect(lifetimeInWords(1800)).toBe('30 minutes');
  });
});
