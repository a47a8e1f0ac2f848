// The post form's image uploads (issue 9): a hero image chosen with its file control, and images
// dropped or pasted into the content, each written in as Markdown at the cursor once stored. What
// an upload says (progress as a status, a failure as an alert) shows under its own field.
import { useState, type ClipboardEvent, type DragEvent } from 'react';
import type { AppSupabaseClient } from '~/data/supabase';
import { adminCopy } from './copy';
import { altFromFileName, uploadImage } from './image-upload';

const copy = adminCopy.form.images;

type Field = 'hero' | 'content';

/** The image files among what is dropped or pasted; none means the browser handles it. */
function imageFilesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));
}

export function useImageUploads({
  client,
  setHeroImage,
  editContent,
}: {
  client: AppSupabaseClient;
  /** Puts an uploaded hero image's address into the form. */
  setHeroImage: (url: string) => void;
  /** Changes the content (from its latest value) as uploads start and end. */
  editContent: (edit: (content: string) => string) => void;
}) {
  const [message, setMessage] = useState<{ text: string; failed: boolean; field: Field } | null>(
    null,
  );
  const [uploadingHero, setUploadingHero] = useState(false);

  /** Uploads `file` and says how it went under `field`; the image's address, or null. */
  async function upload(file: File, field: Field): Promise<string | null> {
    setMessage({ text: copy.uploading(file.name), failed: false, field });
    try {
      const url = await uploadImage(client, file);
      setMessage({ text: copy.uploaded(file.name), failed: false, field });
      return url;
    } catch (error) {
      setMessage({ text: copy.failed(file.name, (error as Error).message), failed: true, field });
      return null;
    }
  }

  async function uploadHero(file: File) {
    setUploadingHero(true);
    const url = await upload(file, 'hero');
    if (url) setHeroImage(url);
    setUploadingHero(false);
  }

  /**
   * Each file gets a placeholder at the cursor that becomes its Markdown once stored, or goes if
   * it cannot be.
   */
  async function insertImages(files: File[], at: number) {
    for (const file of files) {
      const placeholder = copy.placeholder(file.name);
      editContent((content) => content.slice(0, at) + placeholder + content.slice(at));
      const url = await upload(file, 'content');
      const markdown = url ? `![${altFromFileName(file.name)}](${url})` : '';
      editContent((content) => content.replace(placeholder, markdown));
      at += markdown.length;
    }
  }

  function dropOrPaste(
    event: DragEvent<HTMLTextAreaElement> | ClipboardEvent<HTMLTextAreaElement>,
    data: DataTransfer | null,
  ) {
    const files = imageFilesOf(data);
    if (files.length === 0) return;
    event.preventDefault();
    const textarea = event.currentTarget;
    void insertImages(files, textarea.selectionStart ?? textarea.value.length);
  }

  /** An upload's progress (status) and failure (alert) under its field; present while empty. */
  function messages(field: Field) {
    const shown = message?.field === field ? message : null;
    return (
      <>
        <p role="status" className="admin-field__hint">
          {shown && !shown.failed ? shown.text : ''}
        </p>
        <p role="alert" className="admin-field__error">
          {shown?.failed ? shown.text : ''}
        </p>
      </>
    );
  }

  return { uploadingHero, uploadHero, dropOrPaste, messages };
}
