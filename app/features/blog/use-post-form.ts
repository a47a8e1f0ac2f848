// The post form's state and its save: the values (from the post, or a draft kept from an earlier
// visit) in one reducer (post-form-state.ts), where the focus goes when the form opens or says
// something new, and the save with the translation link it may change. Nothing typed is lost
// (use-unsaved-changes.ts).
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import {
  createPost,
  setTranslationGroup,
  updatePost,
  type BlogPost,
  type PostRevision,
} from '~/data/posts';
import type { AppSupabaseClient } from '~/data/supabase';
import { DataError } from '~/data/errors';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { openPostForm, postFormReducer } from './post-form-state';
import {
  emptyPostValues,
  postInputFromValues,
  postToValues,
  sameValues,
  validatePost,
  type PostField,
  type PostFormErrors,
  type PostFormValues,
} from './post-rules';
import { chosenTranslation, translationLink } from './post-translations';
import { draftKey, readDraft, useUnsavedChanges, forgetDraft } from './use-unsaved-changes';

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

export function usePostForm({
  client,
  post,
  posts,
  onSaved,
}: {
  client: AppSupabaseClient;
  post: BlogPost | undefined;
  posts: readonly BlogPost[];
  onSaved: (title: string) => void;
}) {
  const mode: 'create' | 'edit' = post ? 'edit' : 'create';
  const storageKey = draftKey(post?.id);
  // What the post holds, and the changes kept from an earlier visit that was reloaded or closed
  // before saving: fixed for the form's life.
  const timeZone = useAdminTimeZone();
  const [{ initial, keptDraft }] = useState(() => {
    const initial: PostFormValues = post ? postToValues(post, posts, timeZone) : emptyPostValues();
    const draft = readDraft(storageKey);
    const kept = draft && !sameValues({ ...initial, ...draft.values }, initial) ? draft : null;
    return { initial, keptDraft: kept };
  });
  const [state, dispatch] = useReducer(postFormReducer, keptDraft, (kept) =>
    openPostForm(initial, kept, timeZone),
  );
  const { values } = state;
  const dirty = !sameValues(values, initial);
  const { confirmLeave, saved } = useUnsavedChanges({ key: storageKey, dirty, values });
  const others = posts.filter(({ id }) => id !== post?.id);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // A new mode (create or edit) starts at its heading, or at the message about a kept draft.
  useEffect(() => {
    if (state.focusNotice) {
      noticeRef.current?.focus();
      dispatch({ type: 'noticeFocused' });
    }
  }, [state.focusNotice]);
  useEffect(() => {
    if (!keptDraft) headingRef.current?.focus();
  }, [keptDraft]);

  function focusFirstError(found: PostFormErrors) {
    const first = fieldOrder.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validatePost(values, timeZone);
    dispatch({ type: 'checked', errors: found });
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    dispatch({ type: 'saving' });
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
        ...postInputFromValues(values, { existing: post, now, timeZone }),
        ...(link.group === undefined ? {} : { translation_group: link.group }),
      };
      if (post) await updatePost(client, post.id, input);
      else await createPost(client, { ...input, created_at: now.toISOString() });
      saved();
      onSaved(values.title.trim());
    } catch (error) {
      if (error instanceof DataError && error.isUniqueViolation) {
        dispatch({ type: 'slugTaken' });
        focusFirstError({ slug: 'taken' });
      } else {
        console.error('Could not save the blog post:', error);
        dispatch({ type: 'saveFailed' });
      }
    }
  }

  return {
    mode,
    state,
    dispatch,
    dirty,
    confirmLeave,
    others,
    refs: { form: formRef, heading: headingRef, notice: noticeRef },
    /** Sets fields; editing a field clears its message. */
    change: (next: Partial<PostFormValues>) => dispatch({ type: 'change', next }),
    restore: (revision: PostRevision) => dispatch({ type: 'restore', revision, timeZone }),
    discardDraft: () => {
      forgetDraft(storageKey);
      dispatch({ type: 'discard', initial });
    },
    submit,
  };
}
