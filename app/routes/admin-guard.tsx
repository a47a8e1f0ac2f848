// Not a route: the guard every admin page shares (features may not import each other, so the
// pieces meet here). Signed in (else /login), on the team in a role the page
// allows (TeamGate), and past the second step of signing in where the member has one or the site
// requires it (TwoFactorGate); then the page, inside the admin frame.
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { AuthUser } from '~/data/auth';
import { useBrowserSupabase, type AppSupabaseClient } from '~/data/supabase';
import type { TeamRole } from '~/data/team';
import { TeamGate } from '~/features/team/team-gate';
import { TwoFactorGate } from '~/features/team/two-factor-gate';
import { AuthProvider } from '~/features/auth/auth-provider';
import { RequireAuth } from '~/features/auth/require-auth';
import type { loader as rootLoader } from '~/root';
import type { SecurityHandle } from '~/security/security-headers.server';
import { LoadingStatus } from '~/ui/loading-status';

export interface AdminPageContext {
  client: AppSupabaseClient;
  user: AuthUser;
  email: string;
  role: TeamRole;
  /** Signs out and leaves for the home page: Sign Out goes to /. */
  signOut: () => Promise<void>;
}

export function AdminGuard({
  allow,
  children,
}: {
  allow: readonly TeamRole[];
  children: (page: AdminPageContext) => ReactNode;
}) {
  const client = useBrowserSupabase();
  const adminMfa = useRouteLoaderData<typeof rootLoader>('root')?.adminMfa;
  return (
    <AuthProvider client={client}>
      <RequireAuth>
        {({ user, signOut: endSession }) => {
          const email = user.email ?? '';
          const signOut = () => endSession({ redirectTo: '/' });
          return (
            <TeamGate
              client={client}
              userId={user.id}
              email={email}
              allow={allow}
              onSignOut={signOut}
            >
              {(role) => (
                <TwoFactorGate
                  client={client}
                  required={adminMfa === 'required' && role === 'admin'}
                  onSignOut={() => void signOut()}
                >
                  {children({ client, user, email, role, signOut })}
                </TwoFactorGate>
              )}
            </TeamGate>
          );
        }}
      </RequireAuth>
    </AuthProvider>
  );
}

/**
 * Every admin page may show a two-factor QR code, which GoTrue sends as a data: URL (and so may
 * /login, whose document the admin pages open in).
 */
export const adminHandle: SecurityHandle = { csp: { imgSrc: ['data:'] } };

/**
 * Every admin page renders in the browser only: re-exported by each as its clientLoader and
 * HydrateFallback, the server sends the fallback and the page renders once hydrated.
 */
export async function adminClientLoader() {
  return null;
}
adminClientLoader.hydrate = true as const;

export function AdminHydrateFallback() {
  return (
    <main id="main">
      <LoadingStatus text="Loading..." />
    </main>
  );
}
