// /book-call/meeting/<token> and its Swedish twin: the booked strategy call, opened
// from the thank-you step or the mails' link, to move or cancel it without signing in.
import type { Route } from './+types/book-call-meeting-page';
import { changeMeeting, loadMeetingPage } from '~/features/booking/booking.server';
import { MeetingPage, meetingTitle } from '~/features/booking/meeting-page';
import { languageFromPath } from '~/i18n/locale';
import { pageMeta } from '~/i18n/page-meta';
import type { HydrationHandle } from '~/ui/page-hydration';

/** Each state of the call (booked, moved, cancelled, past, the step before a cancel) has its title. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    { title: meetingTitle(args.loaderData?.view, languageFromPath(args.location.pathname)) },
    { noindex: true },
  );

export async function loader({ request, params }: Route.LoaderArgs) {
  return { view: await loadMeetingPage(request, params.token) };
}

export async function action({ request, params }: Route.ActionArgs) {
  return changeMeeting(request, params.token);
}

/** A meeting is one visitor's: never kept by a shared cache. */
export function headers(): Record<string, string> {
  return { 'Cache-Control': 'private, no-store' };
}

export const handle: HydrationHandle = { hydrate: false };

export default function BookCallMeetingPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData && !(actionData instanceof Response) ? actionData : loaderData.view;
  return <MeetingPage view={view} />;
}
