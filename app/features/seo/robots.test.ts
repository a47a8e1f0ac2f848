import { describe, expect, it } from 'vitest';
import { buildRobotsTxt } from './robots';

describe('buildRobotsTxt', () => {
  const robots = buildRobotsTxt('https://agency.example');
  const lines = robots.split('\n');

  it('lets every crawler in and keeps it out of the admin and sign-in pages', () => {
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /login']),
    );
  });

  it('names the sitemap index with an absolute URL', () => {
    expect(lines).toContain('Sitemap: https://agency.example/sitemap.xml');
  });
});
