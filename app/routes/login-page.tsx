// Admin sign-in: English only and rendered in the browser, so its code stays out of the public
// pages. The server sends the fallback below; the page itself renders once hydrated.
import type { Route } from './+types/login-page';
import { AuthCardLoading } from '~/features/auth/auth-card';
import { AuthProvider } from '~/features/auth/auth-provider';
import { LoginScreen } from '~/features/auth/login-screen';
import { useBrowserSupabase } from '~/data/supabase';
import { pageMeta } from '~/i18n/page-meta';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    { title: 'Admin Login', description: 'Sign in to manage blog posts' },
    { noindex: true },
  );

// Signing in leads on to the admin pages in the same document, which keeps this page's policy:
// it must allow their two-factor QR codes too.
export { adminHandle as handle } from './admin-guard';

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AuthCardLoading />;
}

export default function LoginPage() {
  const client = useBrowserSupabase();
  return (
    <AuthProvider client={client}>
      <LoginScreen client={client} />
    </AuthProvider>
  );
}
