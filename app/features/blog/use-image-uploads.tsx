// The post form's image uploads: a hero image chosen with its file control, and images
// dropped or pasted into the content. Each such image goes on its own lines at the
// cursor, and the writer is asked for its alt text in a small dialog while it uploads; left out,
// it goes again. What an upload says (progress as a status, a failure as an alert) shows under
// its own field.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
} from 'react';
import type { AppSupabaseClient } from '~/data/supabase';
import { managerCopy } from './manager-copy';
import { imageMarkdown, insertBlock, replaceBlock, uploadImage } from './image-upload';

const copy = managerCopy.form.images;

type Field = 'hero' | 'content';

/** The image files among what is dropped or pasted; none means the browser handles it. */
function imageFilesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));
}

/** A question for the writer: the alt text of one image, answered with text or null (left out). */
interface AltQuestion {
  fileName: string;
  answer: (alt: string | null) => void;
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
  const [questions, setQuestions] = useState<AltQuestion[]>([]);

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

  /** Asks for an image's alt text; the questions are answered one at a time, in order. */
  function askAlt(fileName: string): Promise<string | null> {
    return new Promise((resolve) => {
      const question: AltQuestion = {
        fileName,
        answer: (alt) => {
          setQuestions((waiting) => waiting.filter((other) => other !== question));
          resolve(alt);
        },
      };
      setQuestions((waiting) => [...waiting, question]);
    });
  }

  /**
   * Each file gets a placeholder block at the cursor; it becomes the image's Markdown once the
   * file is stored and described, or goes if either fails.
   */
  async function insertImages(files: File[], at: number) {
    const placeholders = files.map((file) => copy.placeholder(file.name));
    editContent((content) => insertBlock(content, at, placeholders.join('\n\n')));
    for (const [index, file] of files.entries()) {
      const [url, alt] = await Promise.all([upload(file, 'content'), askAlt(file.name)]);
      const markdown = url && alt !== null ? imageMarkdown(alt, url) : '';
      editContent((content) => replaceBlock(content, placeholders[index]!, markdown));
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

  const asking = questions[0];
  const altDialog = asking ? (
    <AltTextDialog key={asking.fileName} fileName={asking.fileName} onAnswer={asking.answer} />
  ) : null;

  return { uploadingHero, uploadHero, dropOrPaste, messages, altDialog };
}

/**
 * A modal dialog that asks for one image's alt text: a labelled field with its hint, Insert image
 * and Leave the image out (Escape too). The browser's modal dialog keeps the focus inside.
 */
function AltTextDialog({
  fileName,
  onAnswer,
}: {
  fileName: string;
  onAnswer: (alt: string | null) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [alt, setAlt] = useState('');
  const [error, setError] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!alt.trim()) {
      setError(true);
      return;
    }
    onAnswer(alt);
  }

  return (
    <dialog
      ref={dialogRef}
      className="admin-dialog"
      aria-labelledby={`${id}-heading`}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(null);
      }}
    >
      <form className="admin-form" noValidate onSubmit={submit}>
        <h2 id={`${id}-heading`}>{copy.alt.heading}</h2>
        <div className="admin-field">
          <label htmlFor={`${id}-alt`}>{copy.alt.label}</label>
          <input
            id={`${id}-alt`}
            type="text"
            maxLength={300}
            autoFocus
            value={alt}
            aria-invalid={error || undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setAlt(event.target.value);
              setError(false);
            }}
          />
          <p id={`${id}-hint`} className="admin-field__hint">
            {copy.alt.hint(fileName)}
          </p>
          {error && (
            <p id={`${id}-error`} className="admin-field__error">
              {copy.alt.required}
            </p>
          )}
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary">
            {copy.alt.insert}
          </button>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={() => onAnswer(null)}
          >
            {copy.alt.leaveOut}
          </button>
        </div>
      </form>
    </dialog>
  );
}
