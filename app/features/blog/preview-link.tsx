// The edit form's "Share a preview": for a saved draft or scheduled post, the server
// signs a private link to its page as it will look, for a colleague who is not signed in. The link
// shows in a read-only field to select or copy, with when it stops working.
import { useId, useState } from 'react';
import { createPreviewLink, type PreviewLink as Link } from '~/data/post-previews';
import type { AppSupabaseClient } from '~/data/supabase';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { AdminField } from '~/admin/admin-field';
import { managerCopy } from './manager-copy';

const copy = managerCopy.form.previewLink;

export function PreviewLink({
  client,
  postId,
  unsaved,
}: {
  client: AppSupabaseClient;
  postId: string;
  /** The form holds changes the link would not show yet. */
  unsaved: boolean;
}) {
  const id = useId();
  const timeZone = useAdminTimeZone();
  const [link, setLink] = useState<Link | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function create() {
    setBusy(true);
    setFailure(null);
    setCopied(false);
    try {
      setLink(await createPreviewLink(client, postId));
    } catch (error) {
      setFailure(copy.failed((error as Error).message));
    } finally {
      setBusy(false);
    }
  }

  async function copyLink(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      setFailure(copy.failed((error as Error).message));
    }
  }

  return (
    <section className="admin-preview-link" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.heading}</h2>
      <p className="admin-field__hint">{copy.text}</p>
      {unsaved && <p className="admin-field__hint">{copy.unsaved}</p>}
      {link && (
        <AdminField
          label={copy.label}
          hint={copy.expires(formatAdminDateTime(link.expiresAt, timeZone))}
          after={
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => void copyLink(link.url)}
            >
              {copy.copy}
            </button>
          }
        >
          {(control) => (
            <input
              {...control}
              type="url"
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
        </AdminField>
      )}
      <p role="status" className="admin-field__hint">
        {copied ? copy.copied : ''}
      </p>
      <p role="alert" className="admin-field__error">
        {failure ?? ''}
      </p>
      {!link && (
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={busy}
          onClick={() => void create()}
        >
          {busy ? copy.creating : copy.create}
        </button>
      )}
    </section>
  );
}
