// Blog management: English only and rendered in the browser, so its code stays out of the public
// pages. The server sends the fallback below; the page itself renders once hydrated.
import type { Route } from './+types/admin-page';
import { pageMeta } from '~/i18n/page-meta';
import { LoadingStatus } from '~/ui/loading-status';
import { PageIntro } from '~/ui/page-intro';

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
  return (
    <PageIntro
      heading="Blog Posts Management"
      lead="Create, edit, publish and delete blog posts."
    />
  );
}
