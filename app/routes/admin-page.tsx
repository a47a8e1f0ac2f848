// Blog management: English only and rendered in the browser, so its code stays out of the public
// pages. The server sends the fallback below; the page itself renders once hydrated, behind the
// admin guard (a signed-in member of the team; anyone else goes to /login).
import type { Route } from './+types/admin-page';
import { BlogManager } from '~/features/blog/blog-manager';
import { pageMeta } from '~/i18n/page-meta';
import { AdminGuard } from './admin-guard';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Blog Posts Management' }, { noindex: true });

export {
  adminHandle as handle,
  adminClientLoader as clientLoader,
  AdminHydrateFallback as HydrateFallback,
} from './admin-guard';

export default function AdminPage() {
  return (
    <AdminGuard allow={['admin', 'editor']}>
      {({ client, email, role, signOut }) => (
        <BlogManager client={client} email={email} role={role} onSignOut={signOut} />
      )}
    </AdminGuard>
  );
}
