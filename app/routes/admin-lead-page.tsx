// One lead: English only and rendered in the browser like the other admin pages,
// behind the admin guard, for administrators only. The booking feature gives the lead's page the
// free times to move its call to.
import { useParams } from 'react-router';
import type { Route } from './+types/admin-lead-page';
import { loadCallTimes } from '~/features/booking/availability-call-times';
import { LeadDetail } from '~/features/leads/lead-detail';
import { pageMeta } from '~/i18n/page-meta';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Lead' }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminLeadPage() {
  const { id = '' } = useParams();
  return (
    <AdminGuard allow={['admin']}>
      {({ client, email, role, signOut }) => (
        <LeadDetail
          key={id}
          client={client}
          leadId={id}
          email={email}
          role={role}
          onSignOut={signOut}
          loadCallTimes={loadCallTimes}
        />
      )}
    </AdminGuard>
  );
}
