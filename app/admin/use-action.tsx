// The busy flag and the notice of a form that does one thing at a time: run() disables the
// buttons while it works and shows what came of it (its success message, or the failure's).
import { useCallback, useState, type ReactNode } from 'react';

export type ActionNotice = { kind: 'success' | 'error'; text: string } | null;

export interface Action {
  busy: boolean;
  notice: ActionNotice;
  /** Runs work; a string it returns is shown as a success, a throw through failed(). */
  run(work: () => Promise<string | void>, failed: (message: string) => string): Promise<void>;
  fail(text: string): void;
  clear(): void;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<ActionNotice>(null);
  const run = useCallback<Action['run']>(async (work, failed) => {
    setBusy(true);
    setNotice(null);
    try {
      const success = await work();
      if (success) setNotice({ kind: 'success', text: success });
    } catch (error) {
      setNotice({
        kind: 'error',
        text: failed(error instanceof Error ? error.message : String(error)),
      });
    } finally {
      setBusy(false);
    }
  }, []);
  const fail = useCallback((text: string) => setNotice({ kind: 'error', text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { busy, notice, run, fail, clear };
}

/**
 * The notice of an action: a success in a polite status region that is always there (so it is
 * announced when its text arrives), a failure as an alert.
 */
export function Notice({ notice }: { notice: ActionNotice }) {
  return (
    <>
      <div role="status" className="admin-live">
        {notice?.kind === 'success' && (
          <p className="admin-notice admin-notice--success">{notice.text}</p>
        )}
      </div>
      {notice?.kind === 'error' && (
        <p role="alert" className="admin-notice">
          {notice.text}
        </p>
      )}
    </>
  );
}

/** A form's submit button, disabled and relabelled while its action runs, and the action's notice. */
export function SubmitRow({
  action,
  label,
  busyLabel,
  children,
}: {
  action: Action;
  label: string;
  busyLabel: string;
  /** More buttons beside it (Cancel, Sign out). */
  children?: ReactNode;
}) {
  return (
    <>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={action.busy}>
          {action.busy ? busyLabel : label}
        </button>
        {children}
      </div>
      <Notice notice={action.notice} />
    </>
  );
}

/** Whether a typed address has the shape of one (the service checks the rest). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
