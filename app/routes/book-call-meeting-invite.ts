// /book-call/meeting/<token>/invite.ics (and Swedish): the booked call as a calendar file.
import type { Route } from './+types/book-call-meeting-invite';
import { meetingInvitationFile } from '~/features/booking/calendar-files.server';

export function loader({ request, params }: Route.LoaderArgs) {
  return meetingInvitationFile(request, params.token);
}
