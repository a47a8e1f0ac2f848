// The leads inbox: English only and rendered in the browser like the blog manager, behind the
// same guard (a signed-in administrator; anyone else goes to /login).
import type { Route } from './+types/admin-leads-page';
import { LeadsInbox } from '~/features/admin/leads-inbox';
import { AuthProvider } from '~/features/auth/auth-provider';
import { RequireAuth } from '~/features/auth/require-auth';
import { TeamGate } from '~/features/admin/team-gate';
import { useBrowserSupabase } from '~/data/supabase';
import { pageMeta } from '~/i18n/page-meta';
import { LoadingStatus } from '~/ui/loading-status';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Leads' }, { noindex: true });

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingStatus text="Loading..." />;
}

export default function AdminLeadsPage() {
  const client = useBrowserSupabase();
  return (
    <AuthProvider client={client}>
      <RequireAuth>
        {({ user, signOut }) => (
          <TeamGate
            client={client}
            userId={user.id}
            email={user.email ?? ''}
            allow={['admin']}
            onSignOut={() => signOut({ redirectTo: '/' })}
          >
            {(role) => (
              <LeadsInbox
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
