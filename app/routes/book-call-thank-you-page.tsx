import type { Route } from './+types/book-call-thank-you-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.bookCallThankYou);

export default function BookCallThankYouPage() {
  return <DictionaryPageIntro page="bookCallThankYou" />;
}
