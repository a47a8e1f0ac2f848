// A draft's or scheduled post's private preview: the post page as it will look, for
// whoever holds the signed link. Its route declares no page cache, so no copy is kept or shared;
// every answer says private, no-store and noindex (app/features/blog/blog.server.ts).
import type { Route } from './+types/blog-preview-page';
import { loadBlogPostPreview, PREVIEW_HEADERS } from '~/features/blog/blog.server';
import { BlogPostPreviewView } from '~/features/blog/blog-post';
import { blogCopy } from '~/features/blog/copy';
import { languageFromPath } from '~/i18n/locale';
import { pageMeta } from '~/i18n/page-meta';
import type { HydrationHandle } from '~/ui/page-hydration';

export function loader({ request, params }: Route.LoaderArgs) {
  return loadBlogPostPreview(request, params.token);
}

export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData;
  const copy = blogCopy[languageFromPath(args.location.pathname)].preview;
  const title =
    result?.status === 'loaded'
      ? `${copy.label}: ${result.post.title}`
      : copy.refused[result?.status ?? 'invalid'].heading;
  return pageMeta(args, { title }, { noindex: true });
};

export const headers = () => PREVIEW_HEADERS;

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle: HydrationHandle = { hydrate: false };

export default function BlogPreviewPage({ loaderData }: Route.ComponentProps) {
  return <BlogPostPreviewView result={loaderData} />;
}
