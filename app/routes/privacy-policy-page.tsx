import type { Route } from './+types/privacy-policy-page';
import { PrivacyPolicy, policyDay } from '~/features/legal/privacy-policy';
import { pageMeta } from '~/i18n/page-meta';
import { sharedPageHandle, sharedPageHeaders } from '~/config/caching';
import type { HydrationHandle } from '~/ui/page-hydration';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.privacyPolicy);

/**
 * The policy shows "last updated" as today. The server picks the day, so the HTML and the
 * hydrated page show the same date.
 */
export function loader() {
  return { today: policyDay() };
}

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle = { hydrate: false, ...sharedPageHandle() } satisfies HydrationHandle;

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy today={loaderData.today} />;
}
