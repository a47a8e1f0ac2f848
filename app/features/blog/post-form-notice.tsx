// The message above the post form that says what it now holds (a kept draft, with a way to discard
// it; a discarded draft; a restored revision). It takes the focus when it changes.
import type { Ref } from 'react';
import { managerCopy } from './manager-copy';
import type { PostFormState } from './post-form-state';

const copy = managerCopy.form;

export function FormNotice({
  notice,
  noticeRef,
  onDiscard,
}: {
  notice: PostFormState['notice'];
  noticeRef: Ref<HTMLDivElement>;
  onDiscard: () => void;
}) {
  return (
    <div ref={noticeRef} tabIndex={-1} role="status" className="admin-form-notice">
      {notice && (
        <p>
          {notice.text}{' '}
          {notice.discard && (
            <button type="button" className="admin-link-button" onClick={onDiscard}>
              {copy.unsaved.discard}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
