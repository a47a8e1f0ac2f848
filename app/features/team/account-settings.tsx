// /admin/account: every member changes their own e-mail address and password, and
// turns two-factor sign-in on or off. GoTrue checks the password's strength and confirms a new
// address by mail; its messages are shown as they are.
import { useState, type FormEvent } from 'react';
import { requestEmailChange, updatePassword } from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';
import { AdminField } from '~/admin/admin-field';
import { accountCopy as copy, twoFactorCopy } from './copy';
import { TwoFactorSettings } from './two-factor';
import { looksLikeEmail, SubmitRow, useAction } from '~/admin/use-action';
import './team.css';

/** What the e-mail change's link that opened this page did, in the admin's words. */
export type EmailLinkOutcome = 'first-accepted' | 'failed' | null;

export function AccountSettings({
  client,
  email,
  emailLink = null,
}: {
  client: AppSupabaseClient;
  email: string;
  emailLink?: EmailLinkOutcome;
}) {
  return (
    <div className="admin-sections">
      <div className="admin__heading-row">
        <h1>{copy.heading}</h1>
      </div>
      {emailLink === 'failed' && (
        <p role="alert" className="admin-notice">
          {copy.email.linkFailed}
        </p>
      )}
      {emailLink === 'first-accepted' && (
        <p role="status" className="admin-notice admin-notice--success">
          {copy.email.firstAccepted}
        </p>
      )}
      <section className="admin-section" aria-labelledby="account-email">
        <h2 id="account-email">{copy.email.heading}</h2>
        <EmailForm client={client} email={email} />
      </section>
      <section className="admin-section" aria-labelledby="account-password">
        <h2 id="account-password">{copy.password.heading}</h2>
        <PasswordForm client={client} />
      </section>
      <section className="admin-section" aria-labelledby="account-two-factor">
        <h2 id="account-two-factor">{twoFactorCopy.heading}</h2>
        <TwoFactorSettings client={client} />
      </section>
    </div>
  );
}

function EmailForm({ client, email }: { client: AppSupabaseClient; email: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = value.trim();
    const problem = !looksLikeEmail(address)
      ? copy.email.invalid
      : address.toLowerCase() === email.toLowerCase()
        ? copy.email.same
        : null;
    setError(problem);
    if (problem) return;
    void action.run(async () => {
      const pending = await requestEmailChange(client, address, window.location.href);
      setValue('');
      return pending ? copy.email.pending(pending) : copy.email.changed(address);
    }, copy.failed);
  }

  return (
    <form className="admin-stack admin-narrow" noValidate onSubmit={submit}>
      <p>{copy.email.current(email)}</p>
      <AdminField label={copy.email.label} error={error}>
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </AdminField>
      <SubmitRow action={action} label={copy.email.button} busyLabel={copy.email.busy} />
    </form>
  );
}

function PasswordForm({ client }: { client: AppSupabaseClient }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const action = useAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const different = password !== repeat;
    setMismatch(different);
    if (different) return;
    void action.run(async () => {
      await updatePassword(client, password);
      setPassword('');
      setRepeat('');
      return copy.password.changed;
    }, copy.failed);
  }

  return (
    <form className="admin-stack admin-narrow" noValidate onSubmit={submit}>
      <AdminField label={copy.password.label} hint={copy.password.hint}>
        {(control) => (
          <input
            {...control}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </AdminField>
      <AdminField label={copy.password.repeat} error={mismatch ? copy.password.mismatch : null}>
        {(control) => (
          <input
            {...control}
            type="password"
            name="repeat"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
        )}
      </AdminField>
      <SubmitRow action={action} label={copy.password.button} busyLabel={copy.password.busy} />
    </form>
  );
}
