import type { Route } from './+types/blog-post-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

// A post is written in one language, so it has no twin to announce with hreflang.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.blogPost, { alternates: false });

export default function BlogPostPage() {
  return <DictionaryPageIntro page="blogPost" />;
}
