// What the post form holds, in one reducer: the values, each field's message, the notice above the
// form (and whether it should take the focus), and the save's progress and failure. Editing a field
// clears its message; the title carries a new post's slug along (post-slugs.ts).
import type { PostRevision } from '~/data/posts';
import { formatAdminDateTime } from '~/i18n/format';
import { managerCopy } from './manager-copy';
import {
  revisionToValues,
  type PostField,
  type PostFormErrors,
  type PostFormValues,
} from './post-rules';
import { slugAfterTitleChange } from './post-slugs';
import type { StoredDraft } from './use-unsaved-changes';

const copy = managerCopy.form;

export interface PostFormState {
  values: PostFormValues;
  errors: PostFormErrors;
  /** What the form now holds, said above it; `discard` offers to drop a kept draft. */
  notice: { text: string; discard?: boolean } | null;
  /** The notice should take the focus once shown. */
  focusNotice: boolean;
  saving: boolean;
  /** Why the last save failed, when no field is to blame. */
  saveError: string | null;
}

export type PostFormAction =
  | { type: 'change'; next: Partial<PostFormValues> }
  | { type: 'title'; title: string; mode: 'create' | 'edit' }
  | { type: 'content'; edit: (content: string) => string }
  | { type: 'discard'; initial: PostFormValues }
  | { type: 'restore'; revision: PostRevision; timeZone: string }
  | { type: 'noticeFocused' }
  | { type: 'checked'; errors: PostFormErrors }
  | { type: 'saving' }
  | { type: 'slugTaken' }
  | { type: 'saveFailed' };

/** The form as it opens: the post's values, or a draft kept from an earlier visit over them. */
export function openPostForm(
  initial: PostFormValues,
  keptDraft: StoredDraft | null,
  /** The agency's zone, which the notices' times and the publication date are written in. */
  timeZone: string,
): PostFormState {
  return {
    values: keptDraft ? { ...initial, ...keptDraft.values } : initial,
    errors: {},
    notice: keptDraft
      ? {
          text: copy.unsaved.restored(formatAdminDateTime(keptDraft.savedAt, timeZone)),
          discard: true,
        }
      : null,
    focusNotice: keptDraft !== null,
    saving: false,
    saveError: null,
  };
}

function change(state: PostFormState, next: Partial<PostFormValues>): PostFormState {
  const errors = { ...state.errors };
  for (const field of Object.keys(next) as PostField[]) delete errors[field];
  return { ...state, values: { ...state.values, ...next }, errors };
}

export function postFormReducer(state: PostFormState, action: PostFormAction): PostFormState {
  switch (action.type) {
    case 'change':
      return change(state, action.next);
    case 'title': {
      const { slug, title: previousTitle } = state.values;
      const { mode, title } = action;
      const next = slugAfterTitleChange({ mode, slug, previousTitle, title });
      return change(state, next === slug ? { title } : { title, slug: next });
    }
    case 'content':
      return { ...state, values: { ...state.values, content: action.edit(state.values.content) } };
    case 'discard':
      return {
        ...state,
        values: action.initial,
        errors: {},
        notice: { text: copy.unsaved.discarded },
        focusNotice: true,
      };
    case 'restore':
      return {
        ...state,
        values: revisionToValues(action.revision, state.values, action.timeZone),
        errors: {},
        notice: {
          text: copy.revisions.restored(
            formatAdminDateTime(action.revision.saved_at, action.timeZone),
          ),
        },
        focusNotice: true,
      };
    case 'noticeFocused':
      return { ...state, focusNotice: false };
    case 'checked':
      return { ...state, errors: action.errors, saveError: null };
    case 'saving':
      return { ...state, saving: true };
    case 'slugTaken':
      return { ...state, saving: false, errors: { slug: copy.errors.slugTaken } };
    case 'saveFailed':
      return { ...state, saving: false, saveError: copy.errors.saveFailed };
  }
}
