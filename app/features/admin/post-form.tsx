// The blog manager's create and edit form (specification §2, §4, §5, §8). Every control has a
// visible label and the name of its blog_posts column. The preview renders the content with the
// public post page's Markdown renderer, so the editor sees what readers will see. Issue 9 adds the
// slug check, the revisions of the post, and no lost work (use-unsaved-changes.ts); the focus
// starts on the form's heading, or on the message that says what the form now holds.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  createPost,
  setTranslationGroup,
  updatePost,
  type BlogPost,
  type PostLanguage,
  type PostRevision,
} from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { DataError } from '~/data/errors';
import { formatAdminDateTime, pageLanguageOf } from '~/i18n/format';
import { Markdown } from '~/ui/markdown';
import { adminCopy } from './copy';
import { IMAGE_TYPES } from './image-upload';
import {
  SLUG_MAX_LENGTH,
  emptyPostValues,
  authorAfterLanguageChange,
  momentFromInput,
  chosenTranslation,
  postInputFromValues,
  postToValues,
  publicPostPath,
  revisionToValues,
  sameValues,
  slugAfterTitleChange,
  translationCandidates,
  translationLink,
  validatePost,
  type PostField,
  type PostFormErrors,
  type PostFormValues,
} from './post-rules';
import { RevisionHistory } from './revision-history';
import { SlugAvailability } from './slug-availability';
import { useImageUploads } from './use-image-uploads';
import { draftKey, forgetDraft, readDraft, useUnsavedChanges } from './use-unsaved-changes';

const copy = adminCopy.form;

/** The fields in the order the form shows them, to focus the first one that is wrong. */
const fieldOrder: PostField[] = [
  'language',
  'translation',
  'hero_image_url',
  'title',
  'slug',
  'summary',
  'content',
  'author',
  'is_published',
  'published_date',
];

export function PostForm({
  client,
  post,
  posts,
  onBack,
  onSaved,
  onLeaveGuard,
}: {
  client: AppSupabaseClient;
  /** The post to edit; without it the form creates one. */
  post?: BlogPost;
  /** Every post, for the choice of this one's translation. */
  posts: readonly BlogPost[];
  onBack: () => void;
  /** After a save, with the title saved. */
  onSaved: (title: string) => void;
  /** Receives the question to ask before the manager leaves the form (sign-out); null after. */
  onLeaveGuard?: (confirmLeave: (() => boolean) | null) => void;
}) {
  const mode = post ? 'edit' : 'create';
  const [initial] = useState<PostFormValues>(() =>
    post ? postToValues(post, posts) : emptyPostValues(),
  );
  const storageKey = draftKey(post?.id);
  // Changes kept from an earlier visit that was reloaded or closed before saving.
  const [keptDraft] = useState(() => {
    const draft = readDraft(storageKey);
    return draft && !sameValues({ ...initial, ...draft.values }, initial) ? draft : null;
  });
  const [values, setValues] = useState<PostFormValues>(() =>
    keptDraft ? { ...initial, ...keptDraft.values } : initial,
  );
  const [notice, setNotice] = useState<{ text: string; discard?: boolean } | null>(() =>
    keptDraft
      ? { text: copy.unsaved.restored(formatAdminDateTime(keptDraft.savedAt)), discard: true }
      : null,
  );
  const dirty = !sameValues(values, initial);
  const { confirmLeave, saved } = useUnsavedChanges({ key: storageKey, dirty, values });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // Set when the notice should take the focus once it is shown.
  const [focusNotice, setFocusNotice] = useState(keptDraft !== null);
  const others = posts.filter(({ id }) => id !== post?.id);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const fieldId = (field: PostField) => `${id}-${field}`;
  const errorId = (field: PostField) => `${id}-${field}-error`;

  // A new mode (create or edit) starts at its heading, or at the message about a kept draft.
  useEffect(() => {
    if (focusNotice) {
      noticeRef.current?.focus();
      setFocusNotice(false);
    }
  }, [focusNotice]);
  useEffect(() => {
    if (!keptDraft) headingRef.current?.focus();
  }, [keptDraft]);

  useEffect(() => {
    onLeaveGuard?.(confirmLeave);
    return () => onLeaveGuard?.(null);
  }, [onLeaveGuard, confirmLeave]);

  function discardDraft() {
    forgetDraft(storageKey);
    setValues(initial);
    setErrors({});
    setNotice({ text: copy.unsaved.discarded });
    setFocusNotice(true);
  }

  function restore(revision: PostRevision) {
    setValues(revisionToValues(revision, values));
    setErrors({});
    setNotice({ text: copy.revisions.restored(formatAdminDateTime(revision.saved_at)) });
    setFocusNotice(true);
  }

  const images = useImageUploads({
    client,
    setHeroImage: (url) => change({ hero_image_url: url }),
    editContent: (edit) => setValues((current) => ({ ...current, content: edit(current.content) })),
  });

  /** Sets fields; editing a field clears its message (§5). */
  function change(next: Partial<PostFormValues>) {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const cleared = { ...current };
      for (const field of Object.keys(next) as PostField[]) delete cleared[field];
      return cleared;
    });
  }

  function changeTitle(title: string) {
    const slug = slugAfterTitleChange({
      mode,
      slug: values.slug,
      previousTitle: values.title,
      title,
    });
    change(slug === values.slug ? { title } : { title, slug });
  }

  function focusFirstError(found: PostFormErrors) {
    const first = fieldOrder.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaveError(null);
    const found = validatePost(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setSaving(true);
    try {
      const now = new Date();
      const link = translationLink({
        post,
        initial: initial.translation,
        chosen: chosenTranslation(values, others),
        posts: others,
      });
      if (link.prepare) await setTranslationGroup(client, link.prepare.id, link.prepare.group);
      const input = {
        ...postInputFromValues(values, { existing: post, now }),
        ...(link.group === undefined ? {} : { translation_group: link.group }),
      };
      if (post) await updatePost(client, post.id, input);
      else await createPost(client, { ...input, created_at: now.toISOString() });
      saved();
      onSaved(values.title.trim());
    } catch (error) {
      setSaving(false);
      if (error instanceof DataError && error.isUniqueViolation) {
        const slugTaken = { slug: copy.errors.slugTaken };
        setErrors(slugTaken);
        focusFirstError(slugTaken);
      } else {
        console.error('Could not save the blog post:', error);
        setSaveError(copy.errors.saveFailed);
      }
    }
  }

  const error = (field: PostField) =>
    errors[field] ? (
      <p id={errorId(field)} className="admin-field__error">
        {errors[field]}
      </p>
    ) : null;
  /** aria attributes of a control whose field may carry a message and a hint. */
  const described = (field: PostField, hint?: string) => {
    const ids = [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ');
    return {
      id: fieldId(field),
      name: field,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': ids || undefined,
    } as const;
  };
  const slugHintId = `${id}-slug-hint`;
  const dateHintId = `${id}-published_date-hint`;
  const chosenMoment = momentFromInput(values.published_date);
  const scheduledFor =
    values.is_published && chosenMoment && chosenMoment.getTime() > Date.now()
      ? formatAdminDateTime(chosenMoment.toISOString())
      : null;
  const languageHintId = `${id}-language-hint`;
  const translationHintId = `${id}-translation-hint`;
  const candidates = translationCandidates(values.language, others);
  const otherLanguage: PostLanguage = values.language === 'english' ? 'swedish' : 'english';

  return (
    <section aria-labelledby={`${id}-heading`}>
      <button
        type="button"
        className="admin-link-button"
        onClick={() => {
          if (confirmLeave()) onBack();
        }}
      >
        <span aria-hidden="true">←</span> {copy.backToPosts}
      </button>
      <div className="admin__heading-row">
        <h1 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {post ? copy.editHeading : copy.createHeading}
        </h1>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => setPreview((shown) => !shown)}
        >
          {preview ? copy.hidePreview : copy.showPreview}
        </button>
      </div>
      <div ref={noticeRef} tabIndex={-1} role="status" className="admin-form-notice">
        {notice && (
          <p>
            {notice.text}{' '}
            {notice.discard && (
              <button type="button" className="admin-link-button" onClick={discardDraft}>
                {copy.unsaved.discard}
              </button>
            )}
          </p>
        )}
      </div>

      <div className={preview ? 'admin-editor admin-editor--preview' : 'admin-editor'}>
        <form ref={formRef} className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
          <fieldset className="admin-field">
            <legend>{copy.language}</legend>
            <div className="admin-choices">
              {(['english', 'swedish'] as const).map((language) => (
                <Choice
                  key={language}
                  name="language"
                  value={language}
                  checked={values.language === language}
                  onChange={() =>
                    change(
                      mode === 'create'
                        ? { language, author: authorAfterLanguageChange(values.author, language) }
                        : { language },
                    )
                  }
                  describedBy={languageHintId}
                >
                  {copy.languages[language]}
                </Choice>
              ))}
            </div>
            <p id={languageHintId} className="admin-field__hint">
              {copy.languageHint}
            </p>
          </fieldset>

          <div className="admin-field">
            <label htmlFor={fieldId('translation')}>
              {copy.translation} <span className="admin-field__optional">{copy.optional}</span>
            </label>
            <select
              {...described('translation', translationHintId)}
              value={chosenTranslation(values, others)}
              onChange={(e) => change({ translation: e.target.value })}
            >
              <option value="">{copy.noTranslation}</option>
              {candidates.map((candidate) => {
                const linkedTo = others.find(
                  (other) =>
                    other.id !== candidate.id &&
                    other.language === values.language &&
                    candidate.translation_group &&
                    other.translation_group === candidate.translation_group,
                );
                return (
                  <option key={candidate.id} value={candidate.id}>
                    {copy.translationOption({
                      title: candidate.title,
                      path: publicPostPath(otherLanguage, candidate.slug),
                      draft: !candidate.is_published,
                      linkedTo: linkedTo?.title,
                    })}
                  </option>
                );
              })}
            </select>
            <p id={translationHintId} className="admin-field__hint">
              {copy.translationHint(copy.languages[otherLanguage])}
            </p>
          </div>

          <div className="admin-field">
            <label htmlFor={fieldId('hero_image_url')}>
              {copy.heroImageUrl} <span className="admin-field__optional">{copy.optional}</span>
            </label>
            <input
              {...described('hero_image_url')}
              type="url"
              inputMode="url"
              maxLength={2048}
              placeholder="https://example.com/image.jpg"
              value={values.hero_image_url}
              onChange={(e) => change({ hero_image_url: e.target.value })}
            />
            {error('hero_image_url')}
            <label htmlFor={`${id}-hero-upload`} className="admin-upload__label">
              {copy.images.heroUpload}
            </label>
            <input
              id={`${id}-hero-upload`}
              type="file"
              accept={Object.keys(IMAGE_TYPES).join(',')}
              aria-describedby={`${id}-upload-hint`}
              disabled={images.uploadingHero}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void images.uploadHero(file);
              }}
            />
            <p id={`${id}-upload-hint`} className="admin-field__hint">
              {copy.images.uploadHint}
            </p>
            {images.messages('hero')}
            {/^https?:\/\/\S+$/i.test(values.hero_image_url.trim()) && (
              <img
                className="admin-hero-preview"
                src={values.hero_image_url.trim()}
                alt={copy.images.heroPreview}
              />
            )}
          </div>

          <div className="admin-field">
            <label htmlFor={fieldId('title')}>{copy.title}</label>
            <input
              {...described('title')}
              type="text"
              maxLength={300}
              value={values.title}
              onChange={(e) => changeTitle(e.target.value)}
            />
            {error('title')}
          </div>

          <div className="admin-field">
            <label htmlFor={fieldId('slug')}>{copy.slug}</label>
            <input
              {...described('slug', slugHintId)}
              type="text"
              maxLength={SLUG_MAX_LENGTH}
              autoCapitalize="none"
              spellCheck={false}
              value={values.slug}
              onChange={(e) => change({ slug: e.target.value })}
            />
            <p id={slugHintId} className="admin-field__hint">
              {copy.slugHint(publicPostPath(values.language, values.slug.trim()))}
            </p>
            <SlugAvailability
              client={client}
              slug={values.slug}
              ownSlug={post?.slug}
              onUse={(slug) => change({ slug })}
            />
            {error('slug')}
          </div>

          <div className="admin-field">
            <label htmlFor={fieldId('summary')}>{copy.summary}</label>
            <textarea
              {...described('summary')}
              rows={3}
              maxLength={1000}
              value={values.summary}
              onChange={(e) => change({ summary: e.target.value })}
            />
            {error('summary')}
          </div>

          <div className="admin-field">
            <label htmlFor={fieldId('content')}>
              {copy.content} <span className="admin-field__optional">({copy.contentHint})</span>
            </label>
            <textarea
              {...described('content')}
              className="admin-field__content"
              rows={preview ? 10 : 20}
              maxLength={100_000}
              value={values.content}
              onChange={(e) => change({ content: e.target.value })}
              onDragOver={(e) => {
                if ([...e.dataTransfer.types].includes('Files')) e.preventDefault();
              }}
              onDrop={(e) => images.dropOrPaste(e, e.dataTransfer)}
              onPaste={(e) => images.dropOrPaste(e, e.clipboardData)}
            />
            <p className="admin-field__hint">{copy.images.contentHint}</p>
            {images.messages('content')}
            {error('content')}
          </div>

          <div className="admin-field">
            <label htmlFor={fieldId('author')}>{copy.author}</label>
            <input
              {...described('author')}
              type="text"
              maxLength={200}
              value={values.author}
              onChange={(e) => change({ author: e.target.value })}
            />
            {error('author')}
          </div>

          <fieldset className="admin-field">
            <legend>{copy.status}</legend>
            <div className="admin-choices">
              <Choice
                name="is_published"
                value="true"
                checked={values.is_published}
                onChange={() => change({ is_published: true })}
              >
                {copy.published}
              </Choice>
              <Choice
                name="is_published"
                value="false"
                checked={!values.is_published}
                onChange={() => change({ is_published: false })}
              >
                {copy.draft}
              </Choice>
            </div>
          </fieldset>

          <div className="admin-field">
            <label htmlFor={fieldId('published_date')}>
              {copy.publishedDate} <span className="admin-field__optional">{copy.optional}</span>
            </label>
            <input
              {...described('published_date', dateHintId)}
              type="datetime-local"
              value={values.published_date}
              onChange={(e) => change({ published_date: e.target.value })}
            />
            <p id={dateHintId} className="admin-field__hint">
              {copy.publishedDateHint(values.is_published)}
            </p>
            <p className="admin-field__hint" role="status">
              {scheduledFor && copy.scheduledNote(scheduledFor)}
            </p>
            {error('published_date')}
          </div>

          <div className="admin-form__actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
              {post ? (saving ? copy.updating : copy.update) : saving ? copy.creating : copy.create}
            </button>
            <p role="alert" className="admin-notice" hidden={!saveError}>
              {saveError}
            </p>
          </div>
        </form>

        {preview && (
          <PreviewPanel id={`${id}-preview`} language={values.language}>
            {values.content}
          </PreviewPanel>
        )}
      </div>
      {post && <RevisionHistory client={client} postId={post.id} onRestore={restore} />}
    </section>
  );
}

function Choice({
  name,
  value,
  checked,
  onChange,
  describedBy,
  children,
}: {
  name: PostField;
  value: string;
  checked: boolean;
  onChange: () => void;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <label className="admin-choice">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-describedby={describedBy}
      />
      {children}
    </label>
  );
}

function PreviewPanel({
  id,
  language,
  children,
}: {
  id: string;
  language: PostLanguage;
  children: string;
}) {
  const lang = pageLanguageOf(language);
  return (
    <section id={id} className="admin-preview" aria-labelledby={`${id}-heading`} lang={lang}>
      <h2 id={`${id}-heading`} className="admin-preview__heading" lang="en">
        {copy.previewHeading}
      </h2>
      {children.trim() ? (
        <Markdown language={lang}>{children}</Markdown>
      ) : (
        <p className="admin-preview__empty" lang="en">
          {copy.previewEmpty}
        </p>
      )}
    </section>
  );
}
