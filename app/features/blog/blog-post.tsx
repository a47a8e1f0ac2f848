import { Link } from 'react-router';
import type { BlogPost } from '~/data/posts';
import { formatLongDate } from '~/i18n/format';
import {
  localizedPath,
  useCopy,
  useDictionary,
  useLanguage,
  type PageAlternates,
} from '~/i18n/locale';
import { BODY_IMAGE_SIZES } from '~/ui/markdown';
import { MarkdownHtml } from '~/ui/markdown-html';
import { imageSources } from '~/ui/uploaded-image';
import { readingTimeMinutes } from '~/ui/reading-time';
import { BlogLoading } from './blog-loading';
import { blogCopy } from './copy';
import { usePendingBlogPage } from './pending-blog-page';
import './blog.css';

export type BlogPostResult =
  | { status: 'loaded'; post: BlogPost; bodyHtml: string; alternates: PageAlternates | null }
  | { status: 'not-found' }
  | { status: 'failed' };

/** The post page (specification §2): the post, or the not-found or failed state. */
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
    <Link to={localizedPath('/blog', language)} className={className}>
      <span aria-hidden="true">←</span>
      {copy.backToBlog}
    </Link>
  );
}

/** Missing or failed: the error as the heading, the explanation and a way back (§2, §8). */
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
  const posts = useDictionary().posts;
  const copy = useCopy(blogCopy).post;
  return (
    <article className="blog-post">
      <div className="container blog-post__container">
        <BackToBlog className="blog-post__back" />
        <header className="blog-post__header">
          <h1 className="blog-post__title">{post.title}</h1>
          <p className="blog-post__meta">
            <span>{posts.by(post.author)}</span>
            {post.published_date && (
              <time dateTime={post.published_date}>
                {formatLongDate(post.published_date, language)}
              </time>
            )}
            <span>{posts.minRead(readingTimeMinutes(post.content))}</span>
          </p>
        </header>
        {post.hero_image_url && (
          <img
            className="blog-post__hero"
            src={post.hero_image_url}
            alt={post.title}
            width={1200}
            height={675}
            // An uploaded image offers its smaller copies; the box stays 16:9 (blog.css).
            {...imageSources(post.hero_image_url, BODY_IMAGE_SIZES)}
            fetchPriority="high"
            decoding="async"
          />
        )}
        <MarkdownHtml html={bodyHtml} className="blog-post__body" />
        <aside className="blog-cta" aria-labelledby="blog-cta-heading">
          <h2 id="blog-cta-heading" className="blog-cta__heading">
            {copy.cta.heading}
          </h2>
          <p className="blog-cta__lead">{copy.cta.lead}</p>
          <Link to={localizedPath('/book-call', language)} className="button button--accent">
            {copy.cta.button}
          </Link>
        </aside>
      </div>
    </article>
  );
}
