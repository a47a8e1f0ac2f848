// Asks before unsaved changes are left (issue 15, the lead's page): a navigation inside the app
// (a link of the admin nav, the browser's Back) through the router's blocker, closing or reloading
// the tab through beforeunload, and sign-out through confirmLeave. Unlike the blog manager's
// useUnsavedChanges, nothing is kept in the browser: a lead's notes are personal data.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export function useLeavePrompt({ dirty, message }: { dirty: boolean; message: string }) {
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

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) {
      leaving.current = true;
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, message]);

  /** Asks before leaving with unsaved changes; true when the page may go. */
  const confirmLeave = useCallback(() => {
    if (!dirty || leaving.current) return true;
    if (!window.confirm(message)) return false;
    leaving.current = true;
    return true;
  }, [dirty, message]);

  /** Lets the page go without asking (after a delete, which leaves on purpose). */
  const release = useCallback(() => {
    leaving.current = true;
  }, []);

  return { confirmLeave, release };
}
