// The blog manager's create and edit form, composed of what the writer sees: the heading with the
// way back and the preview switch, the notice of what the form holds, the language and
// translation, the hero image, the title, the slug and its check, the summary, the body, the
// author, the schedule, the preview beside it, the private preview link and the revisions, each in
// its own file, around the form's state (use-post-form.ts). Every control has a visible label and
// the name of its blog_posts column (admin-field.tsx ties label, hint and error to it).
import { useEffect, useId, useState } from 'react';
import type { BlogPost } from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { BodyEditor } from './body-editor';
import { HeroImageField } from './hero-image-field';
import { managerCopy } from './manager-copy';
import { isScheduled } from './post-dates';
import { AuthorField, SummaryField, TitleField } from './post-fields';
import { PostFormHeading } from './post-form-heading';
import { FormNotice } from './post-form-notice';
import { PostPreview } from './post-preview';
import { PreviewLink } from './preview-link';
import { RevisionHistory } from './revision-history';
import { ScheduleFields } from './schedule-fields';
import { SlugField } from './slug-field';
import { LanguageField, TranslationField } from './translation-field';
import { useImageUploads } from './use-image-uploads';
import { usePostForm } from './use-post-form';

const copy = managerCopy.form;

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
  const form = usePostForm({ client, post, posts, onSaved });
  const { state, dispatch, change, confirmLeave } = form;
  const { values, errors } = state;
  const [preview, setPreview] = useState(false);
  const id = useId();

  useEffect(() => {
    onLeaveGuard?.(confirmLeave);
    return () => onLeaveGuard?.(null);
  }, [onLeaveGuard, confirmLeave]);

  const images = useImageUploads({
    client,
    setHeroImage: (url) => change({ hero_image_url: url }),
    editContent: (edit) => dispatch({ type: 'content', edit }),
  });
  const saveLabel = post
    ? state.saving
      ? copy.updating
      : copy.update
    : state.saving
      ? copy.creating
      : copy.create;

  return (
    <section aria-labelledby={`${id}-heading`}>
      <PostFormHeading
        id={`${id}-heading`}
        editing={post !== undefined}
        headingRef={form.refs.heading}
        preview={preview}
        onBack={() => {
          if (confirmLeave()) onBack();
        }}
        onTogglePreview={() => setPreview((shown) => !shown)}
      />
      <FormNotice
        notice={state.notice}
        noticeRef={form.refs.notice}
        onDiscard={form.discardDraft}
      />

      <div className={preview ? 'admin-editor admin-editor--preview' : 'admin-editor'}>
        <form
          ref={form.refs.form}
          className="admin-form"
          noValidate
          onSubmit={(e) => void form.submit(e)}
        >
          <LanguageField mode={form.mode} values={values} onChange={change} />
          <TranslationField
            values={values}
            others={form.others}
            error={errors.translation}
            onChange={change}
          />
          <HeroImageField
            id={id}
            value={values.hero_image_url}
            error={errors.hero_image_url}
            images={images}
            onChange={(url) => change({ hero_image_url: url })}
          />
          <TitleField
            value={values.title}
            error={errors.title}
            onChange={(title) => dispatch({ type: 'title', title, mode: form.mode })}
          />
          <SlugField
            client={client}
            language={values.language}
            slug={values.slug}
            ownSlug={post?.slug}
            error={errors.slug}
            onChange={(slug) => change({ slug })}
          />
          <SummaryField
            value={values.summary}
            error={errors.summary}
            onChange={(summary) => change({ summary })}
          />
          <BodyEditor
            value={values.content}
            error={errors.content}
            rows={preview ? 10 : 20}
            images={images}
            onChange={(content) => change({ content })}
          />
          <AuthorField
            value={values.author}
            error={errors.author}
            onChange={(author) => change({ author })}
          />
          <ScheduleFields values={values} errors={errors} onChange={change} />

          <div className="admin-form__actions">
            <button
              type="submit"
              className="admin-button admin-button--primary"
              disabled={state.saving}
            >
              {saveLabel}
            </button>
            <p role="alert" className="admin-notice" hidden={!state.saveError}>
              {state.saveError}
            </p>
          </div>
        </form>

        {preview && <PostPreview id={`${id}-preview`} values={values} />}
      </div>
      {images.altDialog}
      {post && (!post.is_published || isScheduled(post, new Date())) && (
        <PreviewLink client={client} postId={post.id} unsaved={form.dirty} />
      )}
      {post && <RevisionHistory client={client} postId={post.id} onRestore={form.restore} />}
    </section>
  );
}
