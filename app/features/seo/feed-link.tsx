// Points feed readers at the blog's feed from the head of the pages that lead to the blog: home,
// the blog list and the posts, in the page's language.
import { useMatches, useRouteLoaderData } from 'react-router';
import { site } from '~/config/site';
import { useLanguage } from '~/i18n/locale';
import { seoCopy } from './copy';
import { feedUrl } from './site-urls';

/** Route ids (en/<page>, sv/<page>, see app/routes.ts) of the pages that link their feed. */
const pagesWithFeed = new Set(['home', 'blog', 'blog-post']);

export function hasFeedLink(routeIds: readonly string[]): boolean {
  return routeIds.some((id) => pagesWithFeed.has(id.replace(/^(en|sv)\//, '')));
}

export function FeedLink() {
  const language = useLanguage();
  const matches = useMatches();
  const root = useRouteLoaderData<{ siteUrl?: string }>('root');
  if (!hasFeedLink(matches.map((match) => match.id))) return null;
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={seoCopy[language].feed.linkTitle(site.name)}
      href={feedUrl(root?.siteUrl ?? '', language)}
    />
  );
}
