// The second step of signing in: a member with an authenticator app must confirm this
// session with a code (aal2) before any admin page opens, and where the site requires it
// (ADMIN_MFA=required) an administrator without one sets it up first. The database asks the same
// of every request for leads, so this gate only says in words what the policies enforce.
import { useEffect, useRef, type ReactNode } from 'react';
import { assuranceOfSession, listSecondFactors, type SecondFactor } from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { useLoaded } from '~/admin/use-loaded';
import { twoFactorCopy as copy } from './copy';
import { TwoFactorChallenge, TwoFactorSettings } from './two-factor';
import './team.css';

type Check =
  { state: 'challenge'; factors: SecondFactor[] } | { state: 'setup' } | { state: 'passed' };

export function TwoFactorGate({
  client,
  required,
  onSignOut,
  children,
}: {
  client: AppSupabaseClient;
  /** This member must have a second factor (an administrator under ADMIN_MFA=required). */
  required: boolean;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);

  // Checked again once a code is confirmed or a factor set up, the last answer kept meanwhile.
  const {
    value: check,
    error,
    reload: recheck,
  } = useLoaded(
    async (): Promise<Check> => {
      const { needsCode, verifiedFactors } = await assuranceOfSession(client);
      if (needsCode && verifiedFactors.length)
        return { state: 'challenge', factors: verifiedFactors };
      if (required && !(await listSecondFactors(client)).some((factor) => factor.verified)) {
        return { state: 'setup' };
      }
      return { state: 'passed' };
    },
    [client, required],
    { keepWhileReloading: true },
  );

  const needsSetup = !error && check?.state === 'setup';
  useEffect(() => {
    if (needsSetup) heading.current?.focus();
  }, [needsSetup]);

  if (error) {
    return (
      <main id="main" className="container admin__body">
        <p role="alert" className="admin-notice">
          {copy.failed(String(error))}
        </p>
      </main>
    );
  }
  if (!check) {
    return (
      <main id="main">
        <LoadingStatus text={copy.checking} />
      </main>
    );
  }
  switch (check.state) {
    case 'challenge':
      return (
        <TwoFactorChallenge
          client={client}
          factors={check.factors}
          onVerified={recheck}
          onSignOut={onSignOut}
        />
      );
    case 'setup':
      return (
        <main id="main" className="container admin__body admin-sections">
          <h1 ref={heading} tabIndex={-1}>
            {copy.required.heading}
          </h1>
          <p>{copy.required.text}</p>
          <TwoFactorSettings client={client} onEnabled={recheck} />
        </main>
      );
    case 'passed':
      return children;
  }
}
