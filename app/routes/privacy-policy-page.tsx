import type { Route } from './+types/privacy-policy-page';
import { PrivacyPolicy, policyDay } from '~/features/legal/privacy-policy';
import { loadPolicyFacts } from '~/features/legal/policy-version.server';
import { pageMeta } from '~/i18n/page-meta';
import { sharedPageHandle, sharedPageHeaders } from '~/config/caching';
import type { HydrationHandle } from '~/ui/page-hydration';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.privacyPolicy);

/**
 * The policy shows "last updated" as today. The server picks the day, so the HTML and the
 * hydrated page show the same date. Its text follows what is configured: the company
 * saved in /admin/settings, and the tools in use.
 */
export async function loader() {
  return { today: policyDay(), facts: await loadPolicyFacts() };
}

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle = { hydrate: false, ...sharedPageHandle() } satisfies HydrationHandle;

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy today={loaderData.today} facts={loaderData.facts} />;
}
