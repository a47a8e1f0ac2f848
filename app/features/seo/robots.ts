// robots.txt: everything public may be crawled; the administrator's pages and the sign-in page
// may not. The sitemap index is named with an absolute URL, as the protocol requires.
import { adminPaths } from '~/config/paths';

export function buildRobotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${adminPaths.posts}`,
    `Disallow: ${adminPaths.login}`,
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
