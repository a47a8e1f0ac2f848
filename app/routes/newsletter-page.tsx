import type { Route } from './+types/newsletter-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.newsletter);

export default function NewsletterPage() {
  return <DictionaryPageIntro page="newsletter" />;
}
