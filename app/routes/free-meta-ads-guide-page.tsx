import type { Route } from './+types/free-meta-ads-guide-page';
import { signupFormsOf } from '~/data/agency-settings';
import { loadAgencySettings } from '~/data/agency-settings.server';
import { GuideLanding } from '~/features/guide/guide-landing';
import { pageMeta } from '~/i18n/page-meta';
import { MAILERLITE_FORMS_ORIGIN } from '~/ui/signup-frame';
import type { SecurityHandle } from '~/security/security-headers.server';
import type { HydrationHandle } from '~/ui/page-hydration';
import { sharedPageHandle, sharedPageHeaders } from '~/config/caching';

/** The page frames the provider's hosted sign-up form, and never loads React in the browser. */
export const handle = {
  csp: { frameSrc: [MAILERLITE_FORMS_ORIGIN] },
  hydrate: false,
  ...sharedPageHandle(),
} satisfies SecurityHandle & HydrationHandle;

/** The MailerLite ids saved in /admin/settings, else the environment's. */
export async function loader() {
  const { settings } = await loadAgencySettings();
  return { forms: signupFormsOf(settings, 'guide') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.freeGuide);

/** The same for every visitor: kept a minute by shared caches (see app/config/caching.ts). */
export const headers = sharedPageHeaders;

export default function FreeMetaAdsGuidePage({ loaderData }: Route.ComponentProps) {
  return <GuideLanding forms={loaderData.forms} />;
}
