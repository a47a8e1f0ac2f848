import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestOrigin, safeRedirect } from './links.ts';

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
