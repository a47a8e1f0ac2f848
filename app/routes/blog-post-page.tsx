import type { Route } from './+types/blog-post-page';
import { loadBlogPost } from '~/features/blog/blog.server';
import { BlogPostView } from '~/features/blog/blog-post';
import { blogPostMeta } from '~/features/blog/post-meta';
import { sharedPageHandle, sharedPageHeaders } from '~/config/caching';
import type { HydrationHandle } from '~/ui/page-hydration';

export function loader({ request, params }: Route.LoaderArgs) {
  return loadBlogPost(request, params.slug);
}

export const meta: Route.MetaFunction = (args) => blogPostMeta(args);

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle = { hydrate: false, ...sharedPageHandle() } satisfies HydrationHandle;

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <BlogPostView result={loaderData} />;
}
