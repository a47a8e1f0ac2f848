// The administrator's sign-in ("Admin login"): email and password, no social
// providers, no magic link, plus the two views that recover access — forgotten password (mails a
// reset link back to /login) and update password (opened by that link's PASSWORD_RECOVERY).
import {
  useEffect,
  useId,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthFailure, requestPasswordReset, signInWithPassword, updatePassword } from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';
import { AuthCard, AuthCardLoading } from './auth-card';
import { useAuth } from './auth-provider';
import { authCopy as copy } from './copy';
import { LINK_PARAM, linkKindOf, linkRedirect, type MailedLinkKind } from './mailed-links';
import { RETURN_PARAM, safeReturnPath } from './return-path';
import './auth.css';

export type LoginView = 'sign_in' | 'forgotten_password' | 'update_password';

type Notice = { kind: 'error' | 'success'; text: string } | null;

/** The service's own message; anything that is not an auth error is unexpected and logged. */
function messageOf(error: unknown): string {
  if (error instanceof AuthFailure) return error.message;
  console.error(error);
  return error instanceof Error ? error.message : String(error);
}

/** Our words for a link that failed, by the kind of link it was. */
function linkFailure(kind: MailedLinkKind | null, message: string): string {
  if (kind) return copy.linkFailed[kind];
  return copy.linkFailed.other(message.replace(/\.$/, ''));
}

export function LoginScreen({ client }: { client: AppSupabaseClient }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The admin page that sent the visitor here; the second factor is asked for on arrival there.
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));
  // A failed recovery link opens the form that mails a new one, right here.
  const failedLink = auth.linkError ? linkKindOf(searchParams.get(LINK_PARAM)) : null;
  const [chosenView, setView] = useState<LoginView>(() =>
    failedLink === 'recovery' ? 'forgotten_password' : 'sign_in',
  );
  const [notice, setNotice] = useState<Notice>(() =>
    auth.linkError ? { kind: 'error', text: linkFailure(failedLink, auth.linkError) } : null,
  );
  const [busy, setBusy] = useState(false);
  // Kept across the sign-in and forgotten-password views, as one would expect.
  const [email, setEmail] = useState('');
  // A recovery link's session opens the update-password view (the PASSWORD_RECOVERY event).
  // An invitation's link does the same for a new member's first password.
  const view: LoginView = auth.recovery || auth.invited ? 'update_password' : chosenView;
  const signedInElsewhere = !auth.loading && auth.user !== null && view !== 'update_password';

  // A signed-in visitor belongs on the page they asked for (the blog manager by default), and so
  // does one who has just signed in.
  useEffect(() => {
    if (signedInElsewhere) navigate(returnTo, { replace: true });
  }, [signedInElsewhere, navigate, returnTo]);

  if (auth.loading || signedInElsewhere) return <AuthCardLoading />;

  function show(next: LoginView) {
    setView(next);
    setNotice(null);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  function onSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    void run(async () => {
      await signInWithPassword(client, { email, password });
    });
  }

  function onForgotten(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      await requestPasswordReset(client, email, linkRedirect(window.location.origin, 'recovery'));
      setNotice({ kind: 'success', text: copy.forgottenPassword.success });
    });
  }

  function onUpdate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    void run(async () => {
      await updatePassword(client, password);
      if (auth.invited) {
        // The invitation's session goes on into the admin pages.
        navigate(returnTo, { replace: true });
        return;
      }
      // USER_UPDATED leads back to the sign-in view: the recovery session ends here, and the
      // administrator signs in with the new password.
      await auth.signOut();
      setView('sign_in');
      setNotice({ kind: 'success', text: copy.updatePassword.success });
    });
  }

  return (
    <AuthCard>
      {view === 'sign_in' && (
        <AuthForm label={copy.signIn.form} onSubmit={onSignIn}>
          <EmailField value={email} onChange={setEmail} />
          <Field
            label={copy.passwordLabel}
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder={copy.passwordPlaceholder}
          />
          <SubmitButton busy={busy} label={copy.signIn.label} loading={copy.signIn.loading} />
        </AuthForm>
      )}
      {view === 'forgotten_password' && (
        <AuthForm label={copy.forgottenPassword.form} onSubmit={onForgotten}>
          <EmailField value={email} onChange={setEmail} />
          <SubmitButton
            busy={busy}
            label={copy.forgottenPassword.label}
            loading={copy.forgottenPassword.loading}
          />
        </AuthForm>
      )}
      {view === 'update_password' && (
        <AuthForm
          label={auth.invited ? copy.welcome.form : copy.updatePassword.form}
          onSubmit={onUpdate}
        >
          <p>{auth.invited ? copy.welcome.intro : copy.updatePassword.intro}</p>
          <Field
            label={copy.newPasswordLabel}
            name="password"
            type="password"
            autoComplete="new-password"
            placeholder={copy.newPasswordPlaceholder}
          />
          <SubmitButton
            busy={busy}
            label={auth.invited ? copy.welcome.label : copy.updatePassword.label}
            loading={auth.invited ? copy.welcome.loading : copy.updatePassword.loading}
          />
        </AuthForm>
      )}
      <NoticeBox notice={notice} />
      {view === 'sign_in' && (
        <button
          type="button"
          className="auth-card__switch"
          onClick={() => show('forgotten_password')}
        >
          {copy.forgottenPassword.link}
        </button>
      )}
      {view === 'forgotten_password' && (
        <button type="button" className="auth-card__switch" onClick={() => show('sign_in')}>
          {copy.backToSignIn}
        </button>
      )}
    </AuthCard>
  );
}

function AuthForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  // No client-side rules: the service answers, and its message is shown.
  return (
    <form className="auth-form" aria-label={label} noValidate onSubmit={onSubmit}>
      {children}
    </form>
  );
}

function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label={copy.emailLabel}
      name="email"
      type="email"
      autoComplete="username"
      placeholder={copy.emailPlaceholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function Field({ label, ...input }: { label: string } & ComponentProps<'input'>) {
  const id = useId();
  return (
    <div className="auth-form__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

function SubmitButton({ busy, label, loading }: { busy: boolean; label: string; loading: string }) {
  return (
    <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
      {busy ? loading : label}
    </button>
  );
}

function NoticeBox({ notice }: { notice: Notice }) {
  // Both regions stay in the page so screen readers announce what appears in them.
  return (
    <>
      <div
        role="alert"
        className="auth-notice auth-notice--error"
        hidden={notice?.kind !== 'error'}
      >
        {notice?.kind === 'error' ? notice.text : null}
      </div>
      <div
        role="status"
        className="auth-notice auth-notice--success"
        hidden={notice?.kind !== 'success'}
      >
        {notice?.kind === 'success' ? notice.text : null}
      </div>
    </>
  );
}
