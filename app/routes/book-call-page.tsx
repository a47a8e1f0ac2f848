import type { Route } from './+types/book-call-page';
import { consultationAction } from '~/features/consultation/action.server';
import { BookCall } from '~/features/consultation/book-call';
import { consultationPageData } from '~/features/consultation/loader.server';
import { pageMeta } from '~/i18n/page-meta';
import type { HydrationHandle } from '~/ui/page-hydration';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => t.pages.bookCall);

export const loader = ({ request }: Route.LoaderArgs) => consultationPageData(request);

/** Every request, with or without JavaScript, is stored here (see action.server.ts). */
export const action = ({ request }: Route.ActionArgs) => consultationAction(request);

/**
 * Server-rendered HTML: the form's own script (enhance-form.ts, loaded by app/enhance) does in
 * the browser what the form needs, so React never loads here.
 */
export const handle: HydrationHandle = { hydrate: false };

export default function BookCallPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BookCall
      serverState={actionData}
      formStart={loaderData.formStart}
      attribution={loaderData.attribution}
    />
  );
}
