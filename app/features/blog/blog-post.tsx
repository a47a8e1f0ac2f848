import type { BlogPost } from '~/data/posts';
import { formatLongDate } from '~/i18n/format';
import { localizedPath, useCopy, useLanguage, type PageAlternates } from '~/i18n/locale';
import { MarkdownHtml } from '~/ui/markdown-html';
import { PostArticle } from '~/ui/post-article';
import { BlogLoading } from './blog-loading';
import { blogCopy } from './copy';
import { usePendingBlogPage } from './pending-blog-page';
import './blog.css';
import { SiteLink } from '~/ui/site-link';

export type BlogPostResult =
  | { status: 'loaded'; post: BlogPost; bodyHtml: string; alternates: PageAlternates | null }
  | { status: 'not-found' }
  | { status: 'failed' };

/** The post page: the post, or the not-found or failed state. */
export function BlogPostView({ result }: { result: BlogPostResult }) {
  const copy = useCopy(blogCopy).post;
  const pending = usePendingBlogPage();
  if (pending) return <BlogLoading pending={pending} />;
  if (result.status === 'loaded')
    return <LoadedPost post={result.post} bodyHtml={result.bodyHtml} />;
  return <MissingPost heading={result.status === 'failed' ? copy.failed : copy.notFound} />;
}

function BackToBlog({ className }: { className: string }) {
  const language = useLanguage();
  const copy = useCopy(blogCopy).post;
  return (
    <SiteLink to={localizedPath('/blog', language)} className={className}>
      <span aria-hidden="true">←</span>
      {copy.backToBlog}
    </SiteLink>
  );
}

/** Missing or failed: the error as the heading, the explanation and a way back. */
function MissingPost({ heading }: { heading: string }) {
  const copy = useCopy(blogCopy).post;
  return (
    <section className="page-intro blog-missing">
      <div className="container">
        <h1>{heading}</h1>
        <p className="lead">{copy.missing}</p>
        <BackToBlog className="button button--primary" />
      </div>
    </section>
  );
}

function LoadedPost({ post, bodyHtml }: { post: BlogPost; bodyHtml: string }) {
  const language = useLanguage();
  return (
    <PostArticle
      post={post}
      readingMinutes={post.reading_minutes}
      language={language}
      top={<BackToBlog className="blog-post__back" />}
      body={<MarkdownHtml html={bodyHtml} className="blog-post__body" />}
      bottom={<BookingCallToAction />}
    />
  );
}

function BookingCallToAction() {
  const language = useLanguage();
  const copy = useCopy(blogCopy).post;
  return (
    <aside className="blog-cta" aria-labelledby="blog-cta-heading">
      <h2 id="blog-cta-heading" className="blog-cta__heading">
        {copy.cta.heading}
      </h2>
      <p className="blog-cta__lead">{copy.cta.lead}</p>
      <SiteLink to={localizedPath('/book-call', language)} className="button button--accent">
        {copy.cta.button}
      </SiteLink>
    </aside>
  );
}

export type BlogPostPreviewResult =
  | { status: 'loaded'; post: BlogPost; bodyHtml: string; expiresAt: string }
  | { status: 'expired' | 'invalid' | 'not-found' };

/**
 * A draft or scheduled post through its private preview link: the post page as it will
 * look, under a notice that says it is a preview; or why the link shows nothing.
 */
export function BlogPostPreviewView({ result }: { result: BlogPostPreviewResult }) {
  const language = useLanguage();
  const copy = useCopy(blogCopy).preview;
  if (result.status !== 'loaded') {
    const refusal = copy.refused[result.status];
    return (
      <section className="page-intro blog-missing">
        <div className="container">
          <h1>{refusal.heading}</h1>
          <p className="lead">{refusal.text}</p>
          <BackToBlog className="button button--primary" />
        </div>
      </section>
    );
  }
  const { post, bodyHtml, expiresAt } = result;
  const scheduledFor =
    post.is_published && post.published_date ? formatLongDate(post.published_date, language) : null;
  return (
    <PostArticle
      post={post}
      readingMinutes={post.reading_minutes}
      language={language}
      top={
        <aside className="blog-preview-notice" aria-label={copy.label}>
          <p>
            <strong>{copy.notice}</strong>{' '}
            {scheduledFor ? copy.scheduled(scheduledFor) : copy.draft}
          </p>
          <p>{copy.expires(formatLongDate(expiresAt, language))}</p>
        </aside>
      }
      body={<MarkdownHtml html={bodyHtml} className="blog-post__body" />}
      bottom={<BookingCallToAction />}
    />
  );
}
