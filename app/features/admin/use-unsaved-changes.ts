// No lost work in the blog manager's form (issue 9). While the form holds changes that are not
// saved, leaving it asks first: the Back to Posts button and sign-out through confirmLeave, a
// navigation inside the app (browser Back, the admin tabs) through the router's blocker, and
// closing or reloading the tab through beforeunload. The changes are also kept in localStorage
// as they are typed, so a reload or a crash does not lose them; a save or a confirmed leave
// clears them.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { adminCopy } from './copy';
import type { PostFormValues } from './post-rules';

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
  // Set once the form may go: after a save, or when the writer agreed to leave.
  const leaving = useRef(false);

  useEffect(() => {
    if (leaving.current) return;
    if (!dirty) {
      forgetDraft(key);
      return;
    }
    const timer = setTimeout(() => {
      if (leaving.current) return;
      const draft: StoredDraft = { values, savedAt: new Date().toISOString() };
      try {
        storage()?.setItem(key, JSON.stringify(draft));
      } catch {
        // Full or blocked storage: the prompts still guard the changes.
      }
    }, STORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, dirty, values]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  const release = useCallback(() => {
    leaving.current = true;
    forgetDraft(key);
  }, [key]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(adminCopy.form.unsaved.confirmLeave)) {
      release();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, release]);

  /** Asks before leaving a form with unsaved changes; true when the form may go. */
  const confirmLeave = useCallback(() => {
    if (!dirty || leaving.current) return true;
    if (!window.confirm(adminCopy.form.unsaved.confirmLeave)) return false;
    release();
    return true;
  }, [dirty, release]);

  return {
    confirmLeave,
    /** After a save: the form may go, and the kept draft is no longer needed. */
    saved: release,
  };
}
