// The versions of a post that later saves replaced (docs/decisions/0008), newest first, each with
// when and by whom it was saved. Restoring one puts it into the form for review; only saving keeps
// it, and that save is itself a new version, so a restore can be undone.
import { useEffect, useState } from 'react';
import { listRevisions, type PostRevision } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { formatAgencyDateTime } from '~/i18n/format';
import { managerCopy } from './manager-copy';

const copy = managerCopy.form.revisions;

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; revisions: PostRevision[] };

export function RevisionHistory({
  client,
  postId,
  onRestore,
}: {
  client: AppSupabaseClient;
  postId: string;
  onRestore: (revision: PostRevision) => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    listRevisions(client, postId).then(
      (revisions) => {
        if (current) setLoaded({ state: 'loaded', revisions });
      },
      (error: unknown) => {
        console.error(`Could not load the revisions of ${postId}:`, error);
        if (current) setLoaded({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [client, postId]);

  return (
    <section className="admin-revisions" aria-labelledby="admin-revisions-heading">
      <h2 id="admin-revisions-heading" className="admin-revisions__heading">
        {copy.heading}
      </h2>
      {loaded.state === 'loading' && <p role="status">{copy.loading}</p>}
      {loaded.state === 'failed' && <p role="alert">{copy.loadFailed}</p>}
      {loaded.state === 'loaded' && loaded.revisions.length === 0 && <p>{copy.empty}</p>}
      {loaded.state === 'loaded' && loaded.revisions.length > 0 && (
        <ol className="admin-revisions__list">
          {loaded.revisions.map((revision) => {
            const savedAt = formatAgencyDateTime(revision.saved_at);
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
