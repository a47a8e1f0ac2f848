import type { PostSummary } from '~/data/posts';
import { localizedPath, useCopy, useDictionary, useLanguage, type Language } from '~/i18n/locale';
import { PageIntro } from '~/ui/page-intro';
import { PostGrid } from '~/ui/post-card';
import { BlogLoading } from './blog-loading';
import { blogCopy } from './copy';
import { usePendingBlogPage } from './pending-blog-page';
import './blog.css';
import { SiteLink } from '~/ui/site-link';

export type BlogListResult =
  | { status: 'loaded'; posts: PostSummary[]; page: number; hasOlder: boolean }
  | { status: 'failed' };

/** The address of a page of the blog list: /blog for the first, /blog?page=N after it. */
export function blogPagePath(page: number, language: Language): string {
  return localizedPath(page > 1 ? `/blog?page=${page}` : '/blog', language);
}

/**
 * The blog list: title, intro and the published posts of the page's language
 * as cards with their reading time, or the error or empty text. Every post is listed, newest
 * first, 30 to a page, with links to the newer and older pages.
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
          <>
            <PostGrid posts={result.posts} showReadingTime />
            <Pagination page={result.page} hasOlder={result.hasOlder} />
          </>
        )}
      </div>
    </>
  );
}

function Pagination({ page, hasOlder }: { page: number; hasOlder: boolean }) {
  const copy = useCopy(blogCopy).list;
  const language = useLanguage();
  if (page === 1 && !hasOlder) return null;
  return (
    <nav className="blog-pages" aria-label={copy.pagesLabel}>
      {page > 1 && (
        <SiteLink to={blogPagePath(page - 1, language)} rel="prev" className="blog-pages__newer">
          <span aria-hidden="true">← </span>
          {copy.newer}
        </SiteLink>
      )}
      <p className="blog-pages__current">{copy.page(page)}</p>
      {hasOlder && (
        <SiteLink to={blogPagePath(page + 1, language)} rel="next" className="blog-pages__older">
          {copy.older}
          <span aria-hidden="true"> →</span>
        </SiteLink>
      )}
    </nav>
  );
}
