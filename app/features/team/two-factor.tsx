// Two-factor sign-in with an authenticator app, through supabase-js's auth.mfa:
// TwoFactorSettings enrolls (QR code or typed key, then a code from the app) and turns it off;
// TwoFactorChallenge asks a signed-in member for a code before the admin pages open (aal2).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  enrollAuthenticator,
  listSecondFactors,
  removeSecondFactor,
  verifyAuthenticatorCode,
} from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { AdminField } from '~/admin/admin-field';
import { useLoaded } from '~/admin/use-loaded';
import { Notice, SubmitRow, useAction } from '~/admin/use-action';
import { twoFactorCopy as copy } from './copy';

const sixDigits = /^\d{6}$/;

/** The code field: digits only, filled in by the phone's one-time-code suggestion too. */
function CodeField({ error }: { error: string | null }) {
  return (
    <AdminField label={copy.code} hint={copy.codeHint} error={error}>
      {(control) => (
        <input
          {...control}
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

function readCode(event: FormEvent<HTMLFormElement>): string | null {
  const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
  return sixDigits.test(code) ? code : null;
}

type Enrollment = { factorId: string; qrCode: string; secret: string };

export function TwoFactorSettings({
  client,
  onEnabled,
}: {
  client: AppSupabaseClient;
  /** Called once a factor is verified (the required set-up then lets the member in). */
  onEnabled?: () => void;
}) {
  const timeZone = useAdminTimeZone();
  const {
    value: factors,
    setValue: setFactors,
    error: loadError,
  } = useLoaded(() => listSecondFactors(client), [client]);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const action = useAction();
  const { fail } = action;
  useEffect(() => {
    if (loadError) fail(copy.failed(String(loadError)));
  }, [loadError, fail]);

  if (factors === null) return <LoadingStatus text={copy.checking} />;
  const verified = factors.find((factor) => factor.verified);

  async function start() {
    await action.run(async () => {
      // A set-up left half-way (an unverified factor) is dropped first: GoTrue allows one name.
      for (const factor of factors ?? []) {
        if (!factor.verified) await removeSecondFactor(client, factor.id);
      }
      setEnrollment(await enrollAuthenticator(client, copy.friendlyName));
    }, copy.failed);
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = readCode(event);
    setCodeError(code ? null : copy.codeInvalid);
    if (!code || !enrollment) return;
    void action.run(async () => {
      await verifyAuthenticatorCode(client, enrollment.factorId, code);
      setEnrollment(null);
      setFactors(await listSecondFactors(client));
      onEnabled?.();
      return copy.enabled;
    }, copy.failed);
  }

  async function cancel() {
    if (!enrollment) return;
    await action.run(async () => {
      await removeSecondFactor(client, enrollment.factorId);
      setEnrollment(null);
    }, copy.failed);
  }

  async function turnOff(factorId: string) {
    if (!window.confirm(copy.confirmRemove)) return;
    await action.run(async () => {
      await removeSecondFactor(client, factorId);
      setFactors(await listSecondFactors(client));
      return copy.removed;
    }, copy.failed);
  }

  return (
    <div className="admin-stack">
      <p>{copy.explanation}</p>
      <p>
        <strong>
          {verified ? copy.on(formatAdminDateTime(verified.createdAt, timeZone)) : copy.off}
        </strong>
      </p>
      {verified && (
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={action.busy}
          onClick={() => void turnOff(verified.id)}
        >
          {action.busy ? copy.removing : copy.remove}
        </button>
      )}
      {!verified && !enrollment && (
        <button
          type="button"
          className="admin-button admin-button--primary"
          disabled={action.busy}
          onClick={() => void start()}
        >
          {action.busy ? copy.starting : copy.start}
        </button>
      )}
      {enrollment && (
        <form className="admin-stack" noValidate onSubmit={confirm}>
          <p>{copy.scan}</p>
          <img className="admin-qr" src={enrollment.qrCode} alt={copy.qrAlt} />
          <p>
            {copy.typeKey} <code className="admin-secret">{enrollment.secret}</code>
          </p>
          <CodeField error={codeError} />
          <SubmitRow action={action} label={copy.confirm} busyLabel={copy.confirming}>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={action.busy}
              onClick={() => void cancel()}
            >
              {copy.cancel}
            </button>
          </SubmitRow>
        </form>
      )}
      {/* While the set-up form shows, its own row carries the notice. */}
      {!enrollment && <Notice notice={action.notice} />}
    </div>
  );
}

/** Asks for a code of the member's app; on success the session is aal2. */
export function TwoFactorChallenge({
  client,
  factorId,
  onVerified,
  onSignOut,
}: {
  client: AppSupabaseClient;
  factorId: string;
  onVerified: () => void;
  onSignOut: () => void;
}) {
  const [codeError, setCodeError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const action = useAction();

  useEffect(() => heading.current?.focus(), []);

  function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = readCode(event);
    setCodeError(code ? null : copy.codeInvalid);
    if (!code) return;
    void action.run(async () => {
      await verifyAuthenticatorCode(client, factorId, code);
      onVerified();
    }, copy.failed);
  }

  return (
    <main id="main" className="container admin__body admin-refusal">
      <h1 ref={heading} tabIndex={-1}>
        {copy.challenge.heading}
      </h1>
      <form className="admin-stack admin-narrow" noValidate onSubmit={verify}>
        <p>{copy.challenge.text}</p>
        <CodeField error={codeError} />
        <SubmitRow action={action} label={copy.challenge.button} busyLabel={copy.challenge.busy}>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={onSignOut}
          >
            {copy.challenge.signOut}
          </button>
        </SubmitRow>
      </form>
    </main>
  );
}
