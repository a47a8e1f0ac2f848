// Asks before unsaved changes are left (the lead's page): a navigation inside the app
// (a link of the admin nav, the browser's Back) through the router's blocker, closing or reloading
// the tab through beforeunload, and sign-out through confirmLeave. The blog manager's
// useUnsavedChanges adds a draft kept in the browser to it; the lead's page keeps none, since a
// lead's notes are personal data.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export function useLeavePrompt({
  dirty,
  message,
  onRelease,
}: {
  dirty: boolean;
  message: string;
  /** Called whenever the page is let go (a confirmed leave, or release()). */
  onRelease?: () => void;
}) {
  // Set once the page may go: after a save, or when the member agreed to leave.
  const leaving = useRef(false);

  useEffect(() => {
    leaving.current = false;
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

  /** Lets the page go without asking (after a save, or a delete, which leaves on purpose). */
  const release = useCallback(() => {
    leaving.current = true;
    onRelease?.();
  }, [onRelease]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) {
      release();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, message, release]);

  /** Asks before leaving with unsaved changes; true when the page may go. */
  const confirmLeave = useCallback(() => {
    if (!dirty || leaving.current) return true;
    if (!window.confirm(message)) return false;
    release();
    return true;
  }, [dirty, message, release]);

  /** Whether the page is being let go: nothing more needs keeping. */
  const isLeaving = useCallback(() => leaving.current, []);

  return { confirmLeave, release, isLeaving };
}
