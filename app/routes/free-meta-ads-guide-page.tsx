import type { Route } from './+types/free-meta-ads-guide-page';
import { signupForms } from '~/data/config.server';
import { GuideLanding } from '~/features/guide/guide-landing';
import { pageMeta } from '~/i18n/page-meta';

export function loader() {
  return { forms: signupForms('guide') };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.freeGuide);

export default function FreeMetaAdsGuidePage({ loaderData }: Route.ComponentProps) {
  return <GuideLanding forms={loaderData.forms} />;
}
