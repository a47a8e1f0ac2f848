import type { Route } from './+types/blog-page';
import { loadBlogList } from '~/features/blog/blog.server';
import { BlogList } from '~/features/blog/blog-list';
import { pageMeta } from '~/i18n/page-meta';

export function loader({ request }: Route.LoaderArgs) {
  return loadBlogList(request);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.blog);

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return <BlogList result={loaderData} />;
}
