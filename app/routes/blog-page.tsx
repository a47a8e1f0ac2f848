import type { Route } from './+types/blog-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.blog);

export default function BlogPage() {
  return <DictionaryPageIntro page="blog" />;
}
