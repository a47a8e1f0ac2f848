import type { Route } from './+types/blog-page';
import { loadBlogList } from '~/features/blog/blog.server';
import { BlogList, blogPagePath } from '~/features/blog/blog-list';
import { blogCopy } from '~/features/blog/copy';
import { languageFromPath } from '~/i18n/locale';
import { pageMeta } from '~/i18n/page-meta';
import { sharedPageHandle, sharedPageHeaders } from '~/config/caching';
import type { HydrationHandle } from '~/ui/page-hydration';

export function loader({ request }: Route.LoaderArgs) {
  return loadBlogList(request);
}

/**
 * The first page is the blog with its twin in the other language; a later page names its number
 * in the title, is its own canonical address and has no twin. Each page names its neighbours.
 */
export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData;
  if (result?.status !== 'loaded') return pageMeta(args, (t) => t.pages.blog);
  const language = languageFromPath(args.location.pathname);
  const { page, hasOlder } = result;
  const series = {
    previous: page > 1 ? blogPagePath(page - 1, language) : null,
    next: hasOlder ? blogPagePath(page + 1, language) : null,
  };
  if (page === 1) return pageMeta(args, (t) => t.pages.blog, { series });
  return pageMeta(
    args,
    (t) => ({
      ...t.pages.blog,
      title: `${t.pages.blog.title} – ${blogCopy[language].list.page(page)}`,
    }),
    { alternates: false, search: `?page=${page}`, series },
  );
};

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

/**
 * Server-rendered HTML with app/enhance's script: React never loads here. Its shared copy depends
 * on ?page=N and on no other query parameter.
 */
export const handle = {
  hydrate: false,
  ...sharedPageHandle({ query: ['page'] }),
} satisfies HydrationHandle;

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return <BlogList result={loaderData} />;
}
