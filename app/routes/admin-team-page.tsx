// /admin/team: the team's members, invitations and roles, for administrators only.
import type { Route } from './+types/admin-team-page';
import { AdminFrame } from '~/admin/admin-frame';
import { TeamManager } from '~/features/team/team-manager';
import { pageMeta } from '~/i18n/page-meta';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Team' }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminTeamPage() {
  return (
    <AdminGuard allow={['admin']}>
      {({ client, user, email, role, signOut }) => (
        <AdminFrame client={client} email={email} role={role} onSignOut={signOut}>
          <TeamManager client={client} userId={user.id} />
        </AdminFrame>
      )}
    </AdminGuard>
  );
}
