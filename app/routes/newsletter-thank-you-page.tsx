import type { Route } from './+types/newsletter-thank-you-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.newsletterThankYou);

export default function NewsletterThankYouPage() {
  return <DictionaryPageIntro page="newsletterThankYou" />;
}
