// The versions of a post that later saves replaced (docs/decisions/0008), newest first, each with
// when and by whom it was saved. Restoring one puts it into the form for review; only saving keeps
// it, and that save is itself a new version, so a restore can be undone.
import { listRevisions, type PostRevision } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { useLoaded } from '~/admin/use-loaded';
import { managerCopy } from './manager-copy';

const copy = managerCopy.form.revisions;

export function RevisionHistory({
  client,
  postId,
  onRestore,
}: {
  client: AppSupabaseClient;
  postId: string;
  onRestore: (revision: PostRevision) => void;
}) {
  const timeZone = useAdminTimeZone();
  const { value: revisions, error } = useLoaded(
    () =>
      listRevisions(client, postId).catch((failure: unknown) => {
        console.error(`Could not load the revisions of ${postId}:`, failure);
        throw failure;
      }),
    [client, postId],
  );

  return (
    <section className="admin-revisions" aria-labelledby="admin-revisions-heading">
      <h2 id="admin-revisions-heading" className="admin-revisions__heading">
        {copy.heading}
      </h2>
      {!revisions && !error && <p role="status">{copy.loading}</p>}
      {error && <p role="alert">{copy.loadFailed}</p>}
      {revisions?.length === 0 && <p>{copy.empty}</p>}
      {revisions && revisions.length > 0 && (
        <ol className="admin-revisions__list">
          {revisions.map((revision) => {
            const savedAt = formatAdminDateTime(revision.saved_at, timeZone);
            return (
              <li key={revision.id} className="admin-revisions__item">
                <p className="admin-revisions__meta">{copy.saved(savedAt, revision.saved_by)}</p>
                <p className="admin-revisions__title">{revision.title}</p>
                <button
                  type="button"
                  className="admin-button admin-button--secondary"
                  aria-label={copy.restoreLabel(savedAt)}
                  onClick={() => onRestore(revision)}
                >
                  {copy.restore}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
