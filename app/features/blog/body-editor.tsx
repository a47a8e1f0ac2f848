// The post form's body: the Markdown text, into which an image is uploaded by dropping or pasting
// it (use-image-uploads.tsx), with the uploads' messages under it.
import { AdminField } from '~/admin/admin-field';
import { managerCopy } from './manager-copy';
import type { useImageUploads } from './use-image-uploads';

const copy = managerCopy.form;

export function BodyEditor({
  value,
  error,
  rows,
  images,
  onChange,
}: {
  value: string;
  error: string | undefined;
  /** Fewer beside the preview. */
  rows: number;
  images: ReturnType<typeof useImageUploads>;
  onChange: (content: string) => void;
}) {
  return (
    <AdminField
      label={
        <>
          {copy.content} <span className="admin-field__optional">({copy.contentHint})</span>
        </>
      }
      hint={copy.images.contentHint}
      error={error}
      after={images.messages('content')}
    >
      {(control) => (
        <textarea
          {...control}
          name="content"
          className="admin-field__content"
          rows={rows}
          maxLength={100_000}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onDragOver={(e) => {
            if ([...e.dataTransfer.types].includes('Files')) e.preventDefault();
          }}
          onDrop={(e) => images.dropOrPaste(e, e.dataTransfer)}
          onPaste={(e) => images.dropOrPaste(e, e.clipboardData)}
        />
      )}
    </AdminField>
  );
}
