// The blog manager's list mode: every post, drafts included, most recently updated first, with
// its badges, dates and the view, edit and delete actions.
import { useEffect, useRef, useState } from 'react';
import { deletePost, postLanguageOf, type BlogPost } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { formatAdminDateTime, pageLanguageOf } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { LoadingStatus } from '~/ui/loading-status';
import { managerCopy } from './manager-copy';
import { isScheduled } from './post-dates';
import { publicPostPath } from './post-slugs';
import { translationOf } from './post-translations';

const copy = managerCopy.list;

export function PostList({
  client,
  posts,
  loading,
  notice,
  onCreate,
  onEdit,
  onDeleted,
}: {
  client: AppSupabaseClient;
  posts: BlogPost[];
  loading: boolean;
  /** What just happened (a save, a delete): shown and focused, so screen readers say it. */
  notice: string | null;
  onCreate: () => void;
  onEdit: (post: BlogPost) => void;
  onDeleted: (post: BlogPost) => void;
}) {
  const [deleting, setDeleting] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // The list starts at its heading (after sign-in, and back from the form), or at what just
  // happened.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
    else headingRef.current?.focus();
  }, [notice]);
  const now = new Date();
  const timeZone = useAdminTimeZone();

  async function remove(post: BlogPost) {
    if (!window.confirm(copy.confirmDelete)) return;
    setDeleting(post.id);
    try {
      await deletePost(client, post.id);
      onDeleted(post);
    } catch (error) {
      console.error(`Could not delete the blog post ${post.id}:`, error);
      window.alert(copy.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="admin-list-heading">
      <div className="admin__heading-row">
        <h1 id="admin-list-heading" ref={headingRef} tabIndex={-1}>
          {copy.heading}
        </h1>
        <button type="button" className="admin-button admin-button--primary" onClick={onCreate}>
          <span aria-hidden="true">+</span> {copy.create}
        </button>
      </div>
      <p ref={noticeRef} tabIndex={-1} role="status" className="admin-list-notice">
        {notice}
      </p>
      {loading ? (
        <LoadingStatus text={copy.loading} />
      ) : posts.length === 0 ? (
        <div className="admin-empty">
          <p className="admin-empty__heading">{copy.emptyHeading}</p>
          <p>{copy.emptyText}</p>
        </div>
      ) : (
        <ul className="admin-posts">
          {posts.map((post) => {
            const language = postLanguageOf(post.language);
            const titleId = `admin-post-${post.id}`;
            const translation = translationOf(post, posts);
            const scheduled = isScheduled(post, now);
            const badge = scheduled ? 'scheduled' : post.is_published ? 'published' : 'draft';
            return (
              <li key={post.id}>
                <article className="admin-post" aria-labelledby={titleId}>
                  <div className="admin-post__main">
                    <div className="admin-post__title-row">
                      <h2 id={titleId} className="admin-post__title">
                        {post.title}
                      </h2>
                      <span className={`admin-badge admin-badge--${badge}`}>{copy[badge]}</span>
                      <span
                        className="admin-badge admin-badge--language"
                        lang={pageLanguageOf(language)}
                      >
                        {copy.languages[language]}
                      </span>
                    </div>
                    <p className="admin-post__summary">{post.summary}</p>
                    <p className="admin-post__meta">
                      <span>{copy.by(post.author)}</span>
                      <span>{copy.updated(formatAdminDateTime(post.updated_at, timeZone))}</span>
                      {post.published_date && (
                        <span>
                          {(scheduled
                            ? copy.scheduledFor
                            : post.is_published
                              ? copy.publishedAt
                              : copy.keptDate)(formatAdminDateTime(post.published_date, timeZone))}
                        </span>
                      )}
                      {translation && (
                        <span>
                          {copy.translation}{' '}
                          <span lang={pageLanguageOf(translation.language)}>
                            {translation.title}
                          </span>
                        </span>
                      )}
                    </p>
                  </div>
                  <div className="admin-post__actions">
                    {post.is_published && !scheduled && (
                      <a
                        className="admin-button admin-button--secondary"
                        href={publicPostPath(language, post.slug)}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={copy.viewLabel(post.title)}
                      >
                        {copy.view}
                      </a>
                    )}
                    <button
                      type="button"
                      className="admin-button admin-button--secondary"
                      aria-label={copy.editLabel(post.title)}
                      onClick={() => onEdit(post)}
                    >
                      {copy.edit}
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--danger"
                      aria-label={copy.deleteLabel(post.title)}
                      disabled={deleting === post.id}
                      onClick={() => void remove(post)}
                    >
                      {copy.delete}
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
