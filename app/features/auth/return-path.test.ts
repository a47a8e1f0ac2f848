import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps an admin page with its query', () => {
    expect(safeReturnPath('/admin/leads/4f0c2a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a')).toBe(
      '/admin/leads/4f0c2a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
    );
    expect(safeReturnPath('/admin?edit=12')).toBe('/admin?edit=12');
  });

  it.each([
    ['another site', 'https://evil.example/admin'],
    ['a protocol-relative address', '//evil.example/admin'],
    ['a backslashed address', '/\\evil.example/admin'],
    ['a tab before the host', '/\t/evil.example'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a public page', '/blog'],
    ['a path that only looks like the admin', '/administrator'],
    ['a climb out of the admin', '/admin/../blog'],
    ['the team endpoint', '/admin/api/team'],
    ['nothing', null],
  ])('refuses %s and goes to the blog manager', (_name, requested) => {
    expect(safeReturnPath(requested)).toBe('/admin');
  });
});

describe('loginPathFor', () => {
  it('names the page asked for, and nothing for the blog manager', () => {
    expect(loginPathFor({ pathname: '/admin/leads/7', search: '?tab=mails' })).toBe(
      '/login?next=%2Fadmin%2Fleads%2F7%3Ftab%3Dmails',
    );
    expect(loginPathFor({ pathname: '/admin', search: '' })).toBe('/login');
  });
});
