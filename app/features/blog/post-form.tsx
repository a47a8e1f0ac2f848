// The blog manager's create and edit form. Every control has a visible label and the name of its
// blog_posts column (admin-field.tsx ties label, hint and error to it). The preview shows the post
// as its page will (app/ui/post-article.tsx). The form checks the slug while it is typed, lists
// the post's revisions, and loses no work (use-unsaved-changes.ts); the focus starts on the form's
// heading, or on the message that says what the form now holds. The date is the agency's time and
// says so, and a saved draft can be shared by a private link (docs/decisions/0017).
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
import { formatAgencyDateTime, pageLanguageOf } from '~/i18n/format';
import { timeZoneLabel } from '~/i18n/zoned-time';
import { Markdown } from '~/ui/markdown';
import { PostArticle } from '~/ui/post-article';
import { AdminChoiceField, AdminField } from '~/admin/admin-field';
import { managerCopy } from './manager-copy';
import { IMAGE_TYPES } from './image-upload';
import { momentFromInput, isScheduled } from './post-dates';
import {
  emptyPostValues,
  authorAfterLanguageChange,
  postInputFromValues,
  postToValues,
  revisionToValues,
  sameValues,
  validatePost,
  type PostField,
  type PostFormErrors,
  type PostFormValues,
} from './post-rules';
import { SLUG_MAX_LENGTH, publicPostPath, slugAfterTitleChange } from './post-slugs';
import { chosenTranslation, translationCandidates, translationLink } from './post-translations';
import { PreviewLink } from './preview-link';
import { RevisionHistory } from './revision-history';
import { SlugAvailability } from './slug-availability';
import { useImageUploads } from './use-image-uploads';
import { draftKey, forgetDraft, readDraft, useUnsavedChanges } from './use-unsaved-changes';

const copy = managerCopy.form;

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
      ? { text: copy.unsaved.restored(formatAgencyDateTime(keptDraft.savedAt)), discard: true }
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
    setNotice({ text: copy.revisions.restored(formatAgencyDateTime(revision.saved_at)) });
    setFocusNotice(true);
  }

  const images = useImageUploads({
    client,
    setHeroImage: (url) => change({ hero_image_url: url }),
    editContent: (edit) => setValues((current) => ({ ...current, content: edit(current.content) })),
  });

  /** Sets fields; editing a field clears its message. */
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

  const chosenMoment = momentFromInput(values.published_date);
  const scheduledFor =
    values.is_published && chosenMoment && chosenMoment.getTime() > Date.now()
      ? formatAgencyDateTime(chosenMoment.toISOString())
      : null;
  const candidates = translationCandidates(values.language, others);
  const otherLanguage: PostLanguage = values.language === 'english' ? 'swedish' : 'english';
  const optional = (label: string) => (
    <>
      {label} <span className="admin-field__optional">{copy.optional}</span>
    </>
  );

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
          <AdminChoiceField label={copy.language} hint={copy.languageHint}>
            {(control) =>
              (['english', 'swedish'] as const).map((language) => (
                <Choice
                  key={language}
                  {...control}
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
                >
                  {copy.languages[language]}
                </Choice>
              ))
            }
          </AdminChoiceField>

          <AdminField
            label={optional(copy.translation)}
            hint={copy.translationHint(copy.languages[otherLanguage])}
            error={errors.translation}
          >
            {(control) => (
              <select
                {...control}
                name="translation"
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
            )}
          </AdminField>

          <AdminField
            label={optional(copy.heroImageUrl)}
            error={errors.hero_image_url}
            after={
              <>
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
              </>
            }
          >
            {(control) => (
              <input
                {...control}
                name="hero_image_url"
                type="url"
                inputMode="url"
                maxLength={2048}
                placeholder="https://example.com/image.jpg"
                value={values.hero_image_url}
                onChange={(e) => change({ hero_image_url: e.target.value })}
              />
            )}
          </AdminField>

          <AdminField label={copy.title} error={errors.title}>
            {(control) => (
              <input
                {...control}
                name="title"
                type="text"
                maxLength={300}
                value={values.title}
                onChange={(e) => changeTitle(e.target.value)}
              />
            )}
          </AdminField>

          <AdminField
            label={copy.slug}
            hint={copy.slugHint(publicPostPath(values.language, values.slug.trim()))}
            error={errors.slug}
            after={
              <SlugAvailability
                client={client}
                slug={values.slug}
                ownSlug={post?.slug}
                onUse={(slug) => change({ slug })}
              />
            }
          >
            {(control) => (
              <input
                {...control}
                name="slug"
                type="text"
                maxLength={SLUG_MAX_LENGTH}
                autoCapitalize="none"
                spellCheck={false}
                value={values.slug}
                onChange={(e) => change({ slug: e.target.value })}
              />
            )}
          </AdminField>

          <AdminField label={copy.summary} error={errors.summary}>
            {(control) => (
              <textarea
                {...control}
                name="summary"
                rows={3}
                maxLength={1000}
                value={values.summary}
                onChange={(e) => change({ summary: e.target.value })}
              />
            )}
          </AdminField>

          <AdminField
            label={
              <>
                {copy.content} <span className="admin-field__optional">({copy.contentHint})</span>
              </>
            }
            hint={copy.images.contentHint}
            error={errors.content}
            after={images.messages('content')}
          >
            {(control) => (
              <textarea
                {...control}
                name="content"
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
            )}
          </AdminField>

          <AdminField label={copy.author} error={errors.author}>
            {(control) => (
              <input
                {...control}
                name="author"
                type="text"
                maxLength={200}
                value={values.author}
                onChange={(e) => change({ author: e.target.value })}
              />
            )}
          </AdminField>

          <AdminChoiceField label={copy.status}>
            {(control) => (
              <>
                <Choice
                  {...control}
                  name="is_published"
                  value="true"
                  checked={values.is_published}
                  onChange={() => change({ is_published: true })}
                >
                  {copy.published}
                </Choice>
                <Choice
                  {...control}
                  name="is_published"
                  value="false"
                  checked={!values.is_published}
                  onChange={() => change({ is_published: false })}
                >
                  {copy.draft}
                </Choice>
              </>
            )}
          </AdminChoiceField>

          <AdminField
            label={optional(copy.publishedDate)}
            hint={copy.publishedDateHint(values.is_published, timeZoneLabel())}
            error={errors.published_date}
            after={
              <p className="admin-field__hint" role="status">
                {scheduledFor && copy.scheduledNote(scheduledFor)}
              </p>
            }
          >
            {(control) => (
              <input
                {...control}
                name="published_date"
                type="datetime-local"
                value={values.published_date}
                onChange={(e) => change({ published_date: e.target.value })}
              />
            )}
          </AdminField>

          <div className="admin-form__actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
              {post ? (saving ? copy.updating : copy.update) : saving ? copy.creating : copy.create}
            </button>
            <p role="alert" className="admin-notice" hidden={!saveError}>
              {saveError}
            </p>
          </div>
        </form>

        {preview && <PreviewPanel id={`${id}-preview`} values={values} />}
      </div>
      {images.altDialog}
      {post && (!post.is_published || isScheduled(post, new Date())) && (
        <PreviewLink client={client} postId={post.id} unsaved={dirty} />
      )}
      {post && <RevisionHistory client={client} postId={post.id} onRestore={restore} />}
    </section>
  );
}

function Choice({
  name,
  value,
  checked,
  onChange,
  children,
  ...described
}: {
  name: PostField;
  value: string;
  checked: boolean;
  onChange: () => void;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
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
        {...described}
      />
      {children}
    </label>
  );
}

/**
 * The post as its page will show it: title, byline, date, hero image and body, with the
 * page's own component and styles; above it the summary, which the blog list and search results
 * show. The date is the chosen one, or now for a post published when saved.
 */
function PreviewPanel({ id, values }: { id: string; values: PostFormValues }) {
  const lang = pageLanguageOf(values.language);
  const hero = values.hero_image_url.trim();
  return (
    <section id={id} className="admin-preview" aria-labelledby={`${id}-heading`} lang={lang}>
      <h2 id={`${id}-heading`} className="admin-preview__heading" lang="en">
        {copy.previewHeading}
      </h2>
      {values.content.trim() ? (
        <>
          {values.summary.trim() && (
            <div className="admin-preview__summary">
              <p className="admin-preview__label" lang="en">
                {copy.previewSummary}
              </p>
              <p>{values.summary.trim()}</p>
            </div>
          )}
          <PostArticle
            headingLevel={3}
            language={lang}
            post={{
              title: values.title.trim(),
              author: values.author.trim(),
              content: values.content,
              hero_image_url: /^https?:\/\/\S+$/i.test(hero) ? hero : null,
              published_date: (momentFromInput(values.published_date) ?? new Date()).toISOString(),
            }}
            body={
              <Markdown language={lang} className="blog-post__body">
                {values.content}
              </Markdown>
            }
          />
        </>
      ) : (
        <p className="admin-preview__empty" lang="en">
          {copy.previewEmpty}
        </p>
      )}
    </section>
  );
}
