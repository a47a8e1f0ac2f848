// Blog management: English only and rendered in the browser, so its code stays out of the public
// pages. The server sends the fallback below; the page itself renders once hydrated. The guard
// lets a signed-in administrator in and sends anyone else to /login.
import type { Route } from './+types/admin-page';
import { BlogManager } from '~/features/admin/blog-manager';
import { AuthProvider } from '~/features/auth/auth-provider';
import { RequireAuth } from '~/features/auth/require-auth';
import { TeamGate } from '~/features/admin/team-gate';
import { useBrowserSupabase } from '~/data/supabase';
import { pageMeta } from '~/i18n/page-meta';
import { LoadingStatus } from '~/ui/loading-status';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Blog Posts Management' }, { noindex: true });

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingStatus text="Loading..." />;
}

export default function AdminPage() {
  const client = useBrowserSupabase();
  return (
    <AuthProvider client={client}>
      <RequireAuth>
        {({ user, signOut }) => (
          <TeamGate
            client={client}
            userId={user.id}
            email={user.email ?? ''}
            allow={['admin', 'editor']}
            onSignOut={() => signOut({ redirectTo: '/' })}
          >
            {(role) => (
              <BlogManager
                client={client}
                email={user.email ?? ''}
                role={role}
                onSignOut={() => signOut({ redirectTo: '/' })}
              />
            )}
          </TeamGate>
        )}
      </RequireAuth>
    </AuthProvider>
  );
}
