import type { Route } from './+types/book-call-page';
import { consultationClientAction } from '~/features/consultation/action-data';
import { consultationAction } from '~/features/consultation/action.server';
import { BookCall } from '~/features/consultation/book-call';
import { consultationPageData } from '~/features/consultation/loader.server';
import { pageMeta } from '~/i18n/page-meta';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.bookCall);

export const loader = ({ request }: Route.LoaderArgs) => consultationPageData(request);

export const action = ({ request }: Route.ActionArgs) => consultationAction(request);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  consultationClientAction(serverAction);

export default function BookCallPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BookCall
      serverState={actionData}
      formStart={loaderData.formStart}
      attribution={loaderData.attribution}
    />
  );
}
