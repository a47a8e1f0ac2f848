// The route table. Each public page is listed once and registered twice: in English at /<path> and
// in Swedish at /sv/<path>, with ids en/<page> and sv/<page>. The page reads its language from the
// path.
import { index, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { adminPaths, routePath } from './config/paths';

function bilingual(path: string, file: string): RouteConfigEntry[] {
  const page = file.replace(/^routes\//, '').replace(/-page\.tsx$/, '');
  return [
    path === '' ? index(file, { id: `en/${page}` }) : route(path, file, { id: `en/${page}` }),
    route(path === '' ? 'sv' : `sv/${path}`, file, { id: `sv/${page}` }),
  ];
}

export default [
  ...bilingual('', 'routes/home-page.tsx'),
  ...bilingual('newsletter', 'routes/newsletter-page.tsx'),
  ...bilingual('newsletter/thank-you', 'routes/newsletter-thank-you-page.tsx'),
  ...bilingual('newsletter/almost-there', 'routes/newsletter-almost-there-page.tsx'),
  ...bilingual('book-call', 'routes/book-call-page.tsx'),
  ...bilingual('book-call/thank-you', 'routes/book-call-thank-you-page.tsx'),
  // The booked strategy call, to move or cancel without signing in.
  ...bilingual('book-call/meeting/:token', 'routes/book-call-meeting-page.tsx'),
  route('book-call/meeting/:token/invite.ics', 'routes/book-call-meeting-invite.ts', {
    id: 'en/book-call-meeting-invite',
  }),
  route('sv/book-call/meeting/:token/invite.ics', 'routes/book-call-meeting-invite.ts', {
    id: 'sv/book-call-meeting-invite',
  }),
  ...bilingual('blog', 'routes/blog-page.tsx'),
  ...bilingual('blog/:slug', 'routes/blog-post-page.tsx'),
  // A draft's or scheduled post's private preview: never cached, never indexed.
  ...bilingual('blog/preview/:token', 'routes/blog-preview-page.tsx'),
  ...bilingual('privacy-policy', 'routes/privacy-policy-page.tsx'),
  ...bilingual('free-meta-ads-guide', 'routes/free-meta-ads-guide-page.tsx'),
  // The cookie settings page, and the endpoint every consent form posts to.
  ...bilingual('cookie-settings', 'routes/cookie-settings-page.tsx'),
  // Resource routes for crawlers and feed readers. blog/rss.xml outranks blog/:slug as
  // a static segment, and no post can take that slug (slugs are [a-z0-9-]).
  route('robots.txt', 'routes/robots-txt.ts'),
  // The agency's booked calls as a subscribed calendar.
  route('calendar/:file', 'routes/calendar-feed.ts'),
  route('sitemap.xml', 'routes/sitemap-index.ts'),
  route('sitemap-en.xml', 'routes/sitemap-language.ts', { id: 'en/sitemap' }),
  route('sitemap-sv.xml', 'routes/sitemap-language.ts', { id: 'sv/sitemap' }),
  route('blog/rss.xml', 'routes/blog-feed.ts', { id: 'en/blog-feed' }),
  route('sv/blog/rss.xml', 'routes/blog-feed.ts', { id: 'sv/blog-feed' }),
  // English only, rendered in the browser.
  route('login', 'routes/login-page.tsx'),
  route(routePath(adminPaths.posts), 'routes/admin-page.tsx'),
  route(routePath(adminPaths.leads), 'routes/admin-leads-page.tsx'),
  route(routePath(adminPaths.leadPattern), 'routes/admin-lead-page.tsx'),
  route(routePath(adminPaths.team), 'routes/admin-team-page.tsx'),
  route(routePath(adminPaths.account), 'routes/admin-account-page.tsx'),
  route(routePath(adminPaths.insights), 'routes/admin-insights-page.tsx'),
  route(routePath(adminPaths.availability), 'routes/admin-availability-page.tsx'),
  route(routePath(adminPaths.settings), 'routes/admin-settings-page.tsx'),
  route(routePath(adminPaths.teamApi), 'routes/admin-team-api.ts'),
  route(routePath(adminPaths.previewLinksApi), 'routes/admin-preview-links-api.ts'),
  route(routePath(adminPaths.meetingLinksApi), 'routes/admin-meeting-links-api.ts'),
  // Anything else answers 404 in the language of its path.
  ...bilingual('*', 'routes/not-found-page.tsx'),
] satisfies RouteConfig;
