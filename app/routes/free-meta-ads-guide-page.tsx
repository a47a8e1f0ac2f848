import type { Route } from './+types/free-meta-ads-guide-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.freeGuide);

export default function FreeMetaAdsGuidePage() {
  return <DictionaryPageIntro page="freeGuide" />;
}
