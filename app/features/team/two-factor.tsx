// Two-factor sign-in with an authenticator app, through supabase-js's auth.mfa:
// TwoFactorSettings lists the member's apps by name, enrolls one (QR code or typed key, then a
// code from the app), a second as a backup, and removes one (at aal2, as GoTrue asks);
// TwoFactorChallenge asks a signed-in member for a code before the admin pages open (aal2).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  enrollAuthenticator,
  listSecondFactors,
  removeSecondFactor,
  verifyAuthenticatorCode,
  type SecondFactor,
} from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { AdminField } from '~/admin/admin-field';
import { useLoaded } from '~/admin/use-loaded';
import { Notice, SubmitRow, useAction } from '~/admin/use-action';
import { twoFactorCopy as copy } from './copy';
import { CodeField, useCodeField } from './two-factor-code';

type Enrollment = { factorId: string; qrCode: string; secret: string };

/** A name for the next app that none of the member's apps has yet. */
function freeName(taken: string[], base: string): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.includes(`${base} ${n}`)) return `${base} ${n}`;
}

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
  const [nameError, setNameError] = useState<string | null>(null);
  const code = useCodeField();
  const action = useAction();
  const { fail } = action;
  useEffect(() => {
    if (loadError) fail(copy.failed(String(loadError)));
  }, [loadError, fail]);

  if (factors === null) return <LoadingStatus text={copy.checking} />;
  const verified = factors.filter((factor) => factor.verified);
  const nameOf = (factor: SecondFactor) => factor.friendlyName || copy.friendlyName;
  const names = verified.map(nameOf);

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    const chosen = name || freeName(names, verified.length ? copy.backupName : copy.friendlyName);
    setNameError(names.includes(chosen) ? copy.nameTaken(chosen) : null);
    if (names.includes(chosen)) return;
    void action.run(async () => {
      // A set-up left half-way (an unverified factor) is dropped first: GoTrue allows one name.
      for (const factor of factors ?? []) {
        if (!factor.verified) await removeSecondFactor(client, factor.id);
      }
      setEnrollment(await enrollAuthenticator(client, chosen));
    }, copy.failed);
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.read(event);
    if (!typed || !enrollment) return;
    void action.run(async () => {
      const taken = await code.check(() =>
        verifyAuthenticatorCode(client, enrollment.factorId, typed),
      );
      if (!taken) return;
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

  async function remove(factor: SecondFactor) {
    const last = verified.length === 1;
    if (!window.confirm(copy.confirmRemove(nameOf(factor), last))) return;
    await action.run(async () => {
      await removeSecondFactor(client, factor.id);
      setFactors(await listSecondFactors(client));
      return copy.removed(nameOf(factor), last);
    }, copy.failed);
  }

  return (
    <div className="admin-stack">
      <p>{copy.explanation}</p>
      <p>
        <strong>
          {verified[0] ? copy.on(formatAdminDateTime(verified[0].createdAt, timeZone)) : copy.off}
        </strong>
      </p>
      {verified.length > 0 && (
        <>
          <h3>{copy.apps}</h3>
          <ul className="admin-stack">
            {verified.map((factor) => (
              <li key={factor.id}>
                {copy.app(nameOf(factor), formatAdminDateTime(factor.createdAt, timeZone))}{' '}
                <button
                  type="button"
                  className="admin-button admin-button--danger"
                  disabled={action.busy}
                  onClick={() => void remove(factor)}
                >
                  {copy.remove(nameOf(factor))}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {!enrollment && (
        <form className="admin-stack admin-narrow" noValidate onSubmit={start}>
          {verified.length > 0 && <p>{copy.backupHint}</p>}
          <AdminField label={copy.name} hint={copy.nameHint} error={nameError}>
            {(control) => (
              <input
                {...control}
                name="name"
                type="text"
                maxLength={60}
                defaultValue={freeName(
                  names,
                  verified.length ? copy.backupName : copy.friendlyName,
                )}
              />
            )}
          </AdminField>
          <button
            type="submit"
            className="admin-button admin-button--primary"
            disabled={action.busy}
          >
            {action.busy ? copy.starting : verified.length ? copy.addBackup : copy.start}
          </button>
        </form>
      )}
      {enrollment && (
        <form className="admin-stack" noValidate onSubmit={confirm}>
          <p>{copy.scan}</p>
          <img className="admin-qr" src={enrollment.qrCode} alt={copy.qrAlt} />
          <p>
            {copy.typeKey} <code className="admin-secret">{enrollment.secret}</code>
          </p>
          <CodeField error={code.error} inputRef={code.inputRef} />
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

/**
 * Asks for a code of the member's app (which one, when they keep a backup); on success the
 * session is aal2.
 */
export function TwoFactorChallenge({
  client,
  factors,
  onVerified,
  onSignOut,
}: {
  client: AppSupabaseClient;
  factors: SecondFactor[];
  onVerified: () => void;
  onSignOut: () => void;
}) {
  const code = useCodeField();
  const heading = useRef<HTMLHeadingElement>(null);
  const action = useAction();
  const [factorId, setFactorId] = useState(factors[0]?.id ?? '');

  useEffect(() => heading.current?.focus(), []);

  function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.read(event);
    if (!typed) return;
    void action.run(async () => {
      if (await code.check(() => verifyAuthenticatorCode(client, factorId, typed))) onVerified();
    }, copy.failed);
  }

  return (
    <main id="main" className="container admin__body admin-refusal">
      <h1 ref={heading} tabIndex={-1}>
        {copy.challenge.heading}
      </h1>
      <form className="admin-stack admin-narrow" noValidate onSubmit={verify}>
        <p>{copy.challenge.text}</p>
        {factors.length > 1 && (
          <AdminField label={copy.challenge.which}>
            {(control) => (
              <select
                {...control}
                value={factorId}
                onChange={(event) => setFactorId(event.target.value)}
              >
                {factors.map((factor) => (
                  <option key={factor.id} value={factor.id}>
                    {factor.friendlyName || copy.friendlyName}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
        )}
        <CodeField error={code.error} inputRef={code.inputRef} />
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
