import type { Route } from './+types/newsletter-almost-there-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.newsletterAlmostThere);

export default function NewsletterAlmostTherePage() {
  return <DictionaryPageIntro page="newsletterAlmostThere" />;
}
