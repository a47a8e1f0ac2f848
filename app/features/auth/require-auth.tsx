// The guard on /admin: a spinner with 'Loading...' while the auth state loads,
// then the content for a signed-in user, otherwise /login in place of the current history entry,
// naming the page asked for so signing in leads back to it (return-path.ts).
// A sign-out the page asked for goes where it asked (the blog manager's Sign Out goes to /).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AuthUser } from '~/data/auth';
import { LoadingStatus } from '~/ui/loading-status';
import { useAuth, type Auth } from './auth-provider';
import { authCopy } from './copy';
import { loginPathFor } from './return-path';

export function RequireAuth({
  children,
}: {
  children: (auth: Auth & { user: AuthUser }) => ReactNode;
}) {
  const auth = useAuth();
  const location = useLocation();
  // The admin pages have no site layout around them: the wait is their main content.
  if (auth.loading) {
    return (
      <main id="main">
        <LoadingStatus text={authCopy.loading} />
      </main>
    );
  }
  if (!auth.user) {
    return auth.afterSignOut ? (
      <Navigate to={auth.afterSignOut} />
    ) : (
      <Navigate to={loginPathFor(location)} replace />
    );
  }
  return children({ ...auth, user: auth.user });
}
