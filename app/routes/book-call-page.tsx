import type { Route } from './+types/book-call-page';
import { consultationAction } from '~/features/consultation/action.server';
import { BookCall } from '~/features/consultation/book-call';
import { pageMeta } from '~/i18n/page-meta';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.bookCall);

export const action = ({ request }: Route.ActionArgs) => consultationAction(request);

export default function BookCallPage({ actionData }: Route.ComponentProps) {
  return <BookCall serverState={actionData} />;
}
