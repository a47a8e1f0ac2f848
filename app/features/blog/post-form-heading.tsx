// The top of the post form: the way back to the list (which asks first about unsaved changes), the
// form's heading, which takes the focus when the form opens, and the switch for the preview.
import type { Ref } from 'react';
import { managerCopy } from './manager-copy';

const copy = managerCopy.form;

export function PostFormHeading({
  id,
  editing,
  headingRef,
  preview,
  onBack,
  onTogglePreview,
}: {
  /** The heading's id, which names the form's section. */
  id: string;
  editing: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  preview: boolean;
  onBack: () => void;
  onTogglePreview: () => void;
}) {
  return (
    <>
      <button type="button" className="admin-link-button" onClick={onBack}>
        <span aria-hidden="true">←</span> {copy.backToPosts}
      </button>
      <div className="admin__heading-row">
        <h1 id={id} ref={headingRef} tabIndex={-1}>
          {editing ? copy.editHeading : copy.createHeading}
        </h1>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={onTogglePreview}
        >
          {preview ? copy.hidePreview : copy.showPreview}
        </button>
      </div>
    </>
  );
}
