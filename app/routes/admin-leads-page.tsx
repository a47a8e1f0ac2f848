// The leads list: English only and rendered in the browser like the blog manager,
// behind the admin guard, for administrators only.
import type { Route } from './+types/admin-leads-page';
import { LeadsList } from '~/features/leads/leads-list';
import { pageMeta } from '~/i18n/page-meta';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Leads' }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminLeadsPage() {
  return (
    <AdminGuard allow={['admin']}>
      {({ client, user, email, role, signOut }) => (
        <LeadsList client={client} userId={user.id} email={email} role={role} onSignOut={signOut} />
      )}
    </AdminGuard>
  );
}
