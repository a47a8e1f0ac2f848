// /admin/account: every member's own e-mail address, password and two-factor sign-in.
import type { Route } from './+types/admin-account-page';
import type { AppSupabaseClient } from '~/data/supabase';
import { useAuth } from '~/features/auth/auth-provider';
import { AccountSettings, type EmailLinkOutcome } from '~/features/team/account-settings';
import { AdminFrame } from '~/admin/admin-frame';
import { pageMeta } from '~/i18n/page-meta';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Your account' }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminAccountPage() {
  return (
    <AdminGuard allow={['admin', 'editor']}>
      {({ client, email, role, signOut }) => (
        <AdminFrame client={client} email={email} role={role} onSignOut={signOut}>
          <AccountWithLinkOutcome client={client} email={email} />
        </AdminFrame>
      )}
    </AdminGuard>
  );
}

/** The account page told what the e-mail change's link that opened it did (the auth state has it). */
function AccountWithLinkOutcome({ client, email }: { client: AppSupabaseClient; email: string }) {
  const { linkError, linkMessage } = useAuth();
  const emailLink: EmailLinkOutcome = linkError ? 'failed' : linkMessage ? 'first-accepted' : null;
  return <AccountSettings client={client} email={email} emailLink={emailLink} />;
}
