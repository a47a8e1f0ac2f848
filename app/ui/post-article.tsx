// A blog post as its page shows it: title, author, date, reading time, the hero image with the
// title as its alt text, and the body. The post page renders it with the server's HTML of the body;
// the blog manager's preview and the private preview link (docs/decisions/0017) use the same
// component and styles, so what the writer sees is what readers get.
import type { ReactNode } from 'react';
import type { BlogPost } from '~/data/posts';
import { formatLongDate } from '~/i18n/format';
import { dictionaryFor, type Language } from '~/i18n/locale';
import { BODY_IMAGE_SIZES } from './markdown';
import { readingTimeMinutes } from './reading-time';
import { imageSources } from './uploaded-image';
import './post-article.css';

export type ArticlePost = Pick<
  BlogPost,
  'title' | 'author' | 'published_date' | 'content' | 'hero_image_url'
>;

export function PostArticle({
  post,
  language,
  body,
  top,
  bottom,
  headingLevel = 1,
  readingMinutes,
}: {
  post: ArticlePost;
  language: Language;
  /** The rendered body: the server's HTML on the page, the live renderer in the manager. */
  body: ReactNode;
  /** Above the title: the way back, or the preview's notice. */
  top?: ReactNode;
  /** Below the body: the call to action. */
  bottom?: ReactNode;
  /** 1 on a page of its own; lower inside another page (the manager's preview). */
  headingLevel?: 1 | 2 | 3;
  /**
   * A saved post's reading time, as the database counted it (blog_posts.reading_minutes, by the
   * same rule); counted here from the content when absent (the manager's unsaved text).
   */
  readingMinutes?: number;
}) {
  const posts = dictionaryFor(language).posts;
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="blog-post">
      <div className="container blog-post__container">
        {top}
        <header className="blog-post__header">
          <Heading className="blog-post__title">{post.title}</Heading>
          <p className="blog-post__meta">
            <span>{posts.by(post.author)}</span>
            {post.published_date && (
              <time dateTime={post.published_date}>
                {formatLongDate(post.published_date, language)}
              </time>
            )}
            <span>{posts.minRead(readingMinutes ?? readingTimeMinutes(post.content))}</span>
          </p>
        </header>
        {post.hero_image_url && (
          <img
            className="blog-post__hero"
            src={post.hero_image_url}
            alt={post.title}
            width={1200}
            height={675}
            // An uploaded image offers its smaller copies; the box stays 16:9 (post-article.css).
            {...imageSources(post.hero_image_url, BODY_IMAGE_SIZES)}
            fetchPriority="high"
            decoding="async"
          />
        )}
        {body}
        {bottom}
      </div>
    </article>
  );
}
