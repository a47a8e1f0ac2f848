import type { PostSummary } from '~/data/posts';
import { useCopy, useDictionary } from '~/i18n/locale';
import { PageIntro } from '~/ui/page-intro';
import { PostGrid } from '~/ui/post-card';
import { BlogLoading } from './blog-loading';
import { blogCopy } from './copy';
import { usePendingBlogPage } from './pending-blog-page';
import './blog.css';

export type BlogListResult = { status: 'loaded'; posts: PostSummary[] } | { status: 'failed' };

/**
 * The blog list (specification §2): title, intro and every published post of the page's language
 * as cards with their reading time, or the error or empty text.
 */
export function BlogList({ result }: { result: BlogListResult }) {
  const page = useDictionary().pages.blog;
  const copy = useCopy(blogCopy);
  const pending = usePendingBlogPage();
  if (pending) return <BlogLoading pending={pending} />;
  return (
    <>
      <PageIntro heading={page.heading} lead={page.lead} />
      <div className="container blog-list">
        {result.status === 'failed' ? (
          <p className="blog-error" role="alert">
            {copy.list.failed}
          </p>
        ) : (
          <PostGrid posts={result.posts} showReadingTime />
        )}
      </div>
    </>
  );
}
