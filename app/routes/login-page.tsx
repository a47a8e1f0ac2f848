// Admin sign-in: English only and rendered in the browser, so its code stays out of the public
// pages. The server sends the fallback below; the page itself renders once hydrated.
import type { Route } from './+types/login-page';
import { pageMeta } from '~/i18n/page-meta';
import { LoadingStatus } from '~/ui/loading-status';
import { PageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    { title: 'Admin Login', description: 'Sign in to manage blog posts' },
    { noindex: true },
  );

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingStatus text="Loading..." />;
}

export default function LoginPage() {
  return <PageIntro heading="Admin Login" lead="Sign in to manage blog posts" />;
}
