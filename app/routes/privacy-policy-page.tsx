import type { Route } from './+types/privacy-policy-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.privacyPolicy);

export default function PrivacyPolicyPage() {
  return <DictionaryPageIntro page="privacyPolicy" />;
}
