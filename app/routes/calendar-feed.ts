// /calendar/<secret>.ics: the agency's booked calls as a calendar its apps subscribe
// to. The secret is in /admin/availability, which can replace it.
import type { Route } from './+types/calendar-feed';
import { calendarFeedResponse } from '~/features/booking/calendar-files.server';

export function loader({ request, params }: Route.LoaderArgs) {
  return calendarFeedResponse(request, params.file);
}
