// /admin/settings: the agency's details, for administrators only.
import type { Route } from './+types/admin-settings-page';
import { AdminFrame } from '~/admin/admin-frame';
import { settingsCopy } from '~/features/settings/copy';
import { SettingsForm } from '~/features/settings/settings-form';
import { pageMeta } from '~/i18n/page-meta';
import { useAgencySettings } from '~/ui/use-agency-settings';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: settingsCopy.heading }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminSettingsPage() {
  const { defaults } = useAgencySettings();
  return (
    <AdminGuard allow={['admin']}>
      {({ client, email, role, signOut }) => (
        <AdminFrame client={client} email={email} role={role} onSignOut={signOut}>
          <div className="admin__heading-row">
            <h1>{settingsCopy.heading}</h1>
          </div>
          <p>{settingsCopy.intro}</p>
          <SettingsForm client={client} defaults={defaults} />
        </AdminFrame>
      )}
    </AdminGuard>
  );
}
