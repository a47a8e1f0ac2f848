import type { PostSummary } from '~/data/posts';
import { formatLongDate } from '~/i18n/format';
import { localizedPath, useDictionary, useLanguage } from '~/i18n/locale';
import { imageSources } from './uploaded-image';
import './posts.css';
import { SiteLink } from './site-link';

/** The width a card's image is shown at: a third of the page, half, or the whole screen. */
const CARD_IMAGE_SIZES = '(min-width: 64rem) 23rem, (min-width: 40rem) 50vw, 100vw';

/**
 * One post in a list: optional hero image, date, reading time (blog list), title, summary, author
 * and a Read More link to the post in the page's language. The links fetch the post page's code
 * and data as soon as the visitor points at or focuses them.
 */
export function PostCard({
  post,
  showReadingTime = false,
  headingLevel = 2,
}: {
  post: PostSummary;
  showReadingTime?: boolean;
  headingLevel?: 2 | 3;
}) {
  const language = useLanguage();
  const t = useDictionary().posts;
  const href = localizedPath(`/blog/${post.slug}`, language);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`post-card post-card--${language}`}>
      {post.hero_image_url && (
        <img
          className="post-card__image"
          src={post.hero_image_url}
          alt=""
          width={640}
          height={360}
          // An uploaded image offers its smaller copies; the box stays 16:9 (posts.css).
          {...imageSources(post.hero_image_url, CARD_IMAGE_SIZES)}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="post-card__body">
        <p className="post-card__meta">
          {post.published_date && (
            <time dateTime={post.published_date}>
              {formatLongDate(post.published_date, language)}
            </time>
          )}
          {showReadingTime && <span>{t.minRead(post.reading_minutes)}</span>}
        </p>
        <Heading className="post-card__title">
          <SiteLink to={href} prefetch="intent">
            {post.title}
          </SiteLink>
        </Heading>
        <p className="post-card__summary">{post.summary}</p>
        <p className="post-card__author">{t.by(post.author)}</p>
        <SiteLink
          className="post-card__more"
          to={href}
          prefetch="intent"
          aria-label={t.readMoreAbout(post.title)}
        >
          {t.readMore} <span aria-hidden="true">→</span>
        </SiteLink>
      </div>
    </article>
  );
}

/** Cards in a grid of 1, 2 (medium) and 3 (large screens) columns, or the empty text. */
export function PostGrid({
  posts,
  showReadingTime = false,
  headingLevel = 2,
}: {
  posts: PostSummary[];
  showReadingTime?: boolean;
  headingLevel?: 2 | 3;
}) {
  const t = useDictionary().posts;
  if (posts.length === 0) return <p className="post-grid__empty">{t.empty}</p>;
  return (
    <ul className="post-grid">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} showReadingTime={showReadingTime} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
