import type { Route } from './+types/privacy-policy-page';
import { serverEnv } from '~/data/config.server';
import { loadAgencySettings } from '~/data/agency-settings.server';
import { PrivacyPolicy, policyDay } from '~/features/legal/privacy-policy';
import { policyFactsFor } from '~/features/legal/processing-tools';
import { pageMeta } from '~/i18n/page-meta';
import { sharedPageHandle, sharedPageHeaders } from '~/config/caching';
import type { HydrationHandle } from '~/ui/page-hydration';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.privacyPolicy);

/**
 * The policy shows "last updated" as today. The server picks the day, so the HTML and the
 * hydrated page show the same date. Its text follows what is configured (issue 14): the company
 * saved in /admin/settings, and the tools in use.
 */
export async function loader() {
  const { settings, placeholders } = await loadAgencySettings();
  const facts = policyFactsFor({
    company: {
      legalName: settings.legalName,
      organisationNumber: settings.organisationNumber,
      streetAddress: settings.streetAddress,
      postalCode: settings.postalCode,
      city: settings.city,
      contactEmail: settings.contactEmail,
    },
    mailerLite: !placeholders.includes('mailerLiteAccountId'),
    mailDelivery: Boolean(serverEnv().SMTP_URL),
  });
  return { today: policyDay(), facts };
}

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle = { hydrate: false, ...sharedPageHandle() } satisfies HydrationHandle;

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy today={loaderData.today} facts={loaderData.facts} />;
}
