// The 6-digit code field of two-factor sign-in, shared by the set-up and the sign-in step: a
// mistyped or wrong code is said in the admin's words on the field itself, and the cursor goes
// back into it so the next code can be typed at once.
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { AuthFailure } from '~/data/auth';
import { AdminField } from '~/admin/admin-field';
import { twoFactorCopy as copy } from './copy';

const sixDigits = /^\d{6}$/;

/** The code field: digits only, filled in by the phone's one-time-code suggestion too. */
export function CodeField({
  error,
  inputRef,
}: {
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <AdminField label={copy.code} hint={copy.codeHint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          className="admin-code-input"
        />
      )}
    </AdminField>
  );
}

/** GoTrue's answers to a code that is not the app's current one. */
const WRONG_CODE = new Set(['mfa_verification_failed', 'mfa_challenge_expired']);

export function isWrongCode(error: unknown): boolean {
  return error instanceof AuthFailure && WRONG_CODE.has(error.code ?? '');
}

/** The field's state: its error, and `check`, which turns a refused code into that error. */
export function useCodeField() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  function refuse(text: string) {
    setError(text);
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  /** The six digits typed (spaces dropped), or null after saying what is wrong with them. */
  function read(event: FormEvent<HTMLFormElement>): string | null {
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (sixDigits.test(code)) {
      setError(null);
      return code;
    }
    refuse(copy.codeInvalid);
    return null;
  }

  /** Runs `work` with the code; true when it was taken. Other failures are the caller's. */
  async function check(work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (failure) {
      if (!isWrongCode(failure)) throw failure;
      refuse(copy.codeWrong);
      return false;
    }
  }

  return { inputRef, error, read, check };
}
