import { dictionaryFor } from '~/i18n/locale';
import { LoadingStatus } from '~/ui/loading-status';
import { blogCopy } from './copy';
import type { PendingBlogPage } from './pending-blog-page';

/** The spinner of the blog page being loaded, in that page's language. */
export function BlogLoading({ pending }: { pending: PendingBlogPage }) {
  const text =
    pending.page === 'list'
      ? dictionaryFor(pending.language).posts.loading
      : blogCopy[pending.language].post.loading;
  return <LoadingStatus text={text} />;
}
