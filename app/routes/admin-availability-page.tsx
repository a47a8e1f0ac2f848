// /admin/availability: when visitors can book the strategy call, and the coming calls of leads not
// yet contacted, which an administrator may release; administrators only.
import type { Route } from './+types/admin-availability-page';
import { AdminFrame } from '~/admin/admin-frame';
import { availabilityCopy } from '~/features/booking/availability-copy';
import { AvailabilityForm } from '~/features/booking/availability-form';
import { HeldCalls } from '~/features/booking/availability-held-calls';
import { pageMeta } from '~/i18n/page-meta';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: availabilityCopy.heading }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminAvailabilityPage() {
  return (
    <AdminGuard allow={['admin']}>
      {({ client, email, role, signOut }) => (
        <AdminFrame client={client} email={email} role={role} onSignOut={signOut}>
          <div className="admin__heading-row">
            <h1>{availabilityCopy.heading}</h1>
          </div>
          <p>{availabilityCopy.intro}</p>
          <AvailabilityForm client={client} siteOrigin={window.location.origin} />
          <HeldCalls client={client} />
        </AdminFrame>
      )}
    </AdminGuard>
  );
}
