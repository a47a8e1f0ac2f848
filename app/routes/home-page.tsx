import type { Route } from './+types/home-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.home);

export default function HomePage() {
  return <DictionaryPageIntro page="home" />;
}
