// /admin/insights: visits, sources and the funnel to won leads, for administrators only.
import type { Route } from './+types/admin-insights-page';
import { AdminFrame } from '~/admin/admin-frame';
import { insightsCopy } from '~/features/insights/copy';
import { InsightsReport } from '~/features/insights/insights-report';
import { pageMeta } from '~/i18n/page-meta';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: insightsCopy.heading }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminInsightsPage() {
  return (
    <AdminGuard allow={['admin']}>
      {({ client, email, role, signOut }) => (
        <AdminFrame client={client} email={email} role={role} onSignOut={signOut}>
          <div className="admin__heading-row">
            <h1>{insightsCopy.heading}</h1>
          </div>
          <p>{insightsCopy.intro}</p>
          <InsightsReport client={client} />
        </AdminFrame>
      )}
    </AdminGuard>
  );
}
