import { data } from 'react-router';
import type { Route } from './+types/book-call-thank-you-page';
import { latestPostsOrNone } from '~/data/latest-posts.server';
import { BookingStepSection, bookingStepTakesFocus } from '~/features/booking/booking-step';
import { bookFromThankYou, loadBookingStep } from '~/features/booking/booking.server';
import { ConsultationThankYou } from '~/features/consultation/thank-you';
import { languageFromPath } from '~/i18n/locale';
import { pageMeta } from '~/i18n/page-meta';
import type { HydrationHandle } from '~/ui/page-hydration';

// Reached only after a request: kept out of search results.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => t.pages.bookCallThankYou, { noindex: true, share: true });

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const [latestPosts, booking] = await Promise.all([
    latestPostsOrNone(language),
    // The visitor who just sent the form picks a time; a lead with one goes to it.
    loadBookingStep(request),
  ]);
  if (booking instanceof Response) return booking;
  // The times offered are this visitor's: never kept by a shared cache.
  return data(
    { latestPosts, booking },
    booking ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined,
  );
}

/** The booking step's post: the chosen time, booked or refused with the next free times. */
export async function action({ request }: Route.ActionArgs) {
  return bookFromThankYou(request);
}

export function headers({ loaderHeaders }: Route.HeadersArgs): Headers {
  return loaderHeaders;
}

/** Server-rendered HTML with app/enhance's script: React never loads here. */
export const handle: HydrationHandle = { hydrate: false };

export default function BookCallThankYouPage({ loaderData, actionData }: Route.ComponentProps) {
  const booking =
    (actionData && !(actionData instanceof Response) ? actionData : null) ?? loaderData.booking;
  return (
    <ConsultationThankYou
      latestPosts={loaderData.latestPosts}
      focusHeading={!bookingStepTakesFocus(booking)}
    >
      {booking && <BookingStepSection step={booking} />}
    </ConsultationThankYou>
  );
}
