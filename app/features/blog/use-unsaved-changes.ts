// No lost work in the blog manager's form. While the form holds changes that are not
// saved, leaving it asks first: the Back to Posts button and sign-out through confirmLeave, a
// navigation inside the app (browser Back, the admin tabs) through the router's blocker, and
// closing or reloading the tab through beforeunload. The changes are also kept in localStorage
// as they are typed, so a reload or a crash does not lose them; a save or a confirmed leave
// clears them.
import { useCallback, useEffect } from 'react';
import { managerCopy } from './manager-copy';
import type { PostFormValues } from './post-rules';
import { useLeavePrompt } from '~/admin/use-leave-prompt';

/** How long typing pauses before the draft is written to localStorage. */
const STORE_DELAY_MS = 300;

export interface StoredDraft {
  values: PostFormValues;
  /** When the draft was last written (ISO). */
  savedAt: string;
}

/** Where the draft of a post (or of a new post) is kept. */
export function draftKey(postId: string | undefined): string {
  return `blog-manager-draft:${postId ?? 'new'}`;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (a privacy mode): the prompts still guard the changes.
    return undefined;
  }
}

/** The draft kept for `key`, if there is a readable one. */
export function readDraft(key: string): StoredDraft | null {
  try {
    const text = storage()?.getItem(key);
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<StoredDraft>;
    if (typeof draft.savedAt !== 'string' || typeof draft.values !== 'object' || !draft.values)
      return null;
    return draft as StoredDraft;
  } catch {
    return null;
  }
}

export function forgetDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}

export function useUnsavedChanges({
  key,
  dirty,
  values,
}: {
  key: string;
  /** Whether the form differs from what is saved. */
  dirty: boolean;
  values: PostFormValues;
}) {
  const forget = useCallback(() => forgetDraft(key), [key]);
  // The prompts are the lead page's too; letting the form go also drops its kept draft.
  const { confirmLeave, release, isLeaving } = useLeavePrompt({
    dirty,
    message: managerCopy.form.unsaved.confirmLeave,
    onRelease: forget,
  });

  useEffect(() => {
    if (isLeaving()) return;
    if (!dirty) {
      forgetDraft(key);
      return;
    }
    const timer = setTimeout(() => {
      if (isLeaving()) return;
      const draft: StoredDraft = { values, savedAt: new Date().toISOString() };
      try {
        storage()?.setItem(key, JSON.stringify(draft));
      } catch {
        // Full or blocked storage: the prompts still guard the changes.
      }
    }, STORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, dirty, values, isLeaving]);

  return {
    /** Asks before leaving a form with unsaved changes; true when the form may go. */
    confirmLeave,
    /** After a save: the form may go, and the kept draft is no longer needed. */
    saved: release,
  };
}
