import type { Route } from './+types/book-call-page';
import { pageMeta } from '~/i18n/page-meta';
import { DictionaryPageIntro } from '~/ui/page-intro';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.bookCall);

export default function BookCallPage() {
  return <DictionaryPageIntro page="bookCall" />;
}
