// The strategy call as calendar files, on the server: the meeting page's "Add to calendar" file for
// the visitor (an invitation, or its cancellation), and the agency's private feed of every meeting
// for its calendar apps (/calendar/<secret>.ics), both written by shared/ics.ts.
import { timingSafeEqual } from 'node:crypto';
import { getCalendarFeedToken, listFeedMeetings } from '~/data/calendar-feed.server';
import { getBookingLead, getMeeting, loadBookingSettings } from '~/data/meetings.server';
import { publicSiteUrl } from '~/data/config.server';
import { loadAgencySettings } from '~/data/agency-settings.server';
import { languageFromPath, localizedPath } from '~/i18n/locale';
import { verifyToken } from '#shared/signed-token.ts';
import { calendarFeed, invitation } from '#shared/ics.ts';
import { bookingContext, MEETING_PATH, type BookingContext } from './booking.server';
import { meetingEvent } from './meeting-event';

/** The meeting as an iCalendar file (the meeting page's "Add to calendar"). */
export async function meetingInvitationFile(
  request: Request,
  token: string | undefined,
  context: BookingContext = bookingContext(),
): Promise<Response> {
  const check = verifyToken('meeting', token, context.secret, context.now);
  const meeting = check.valid ? await getMeeting(context.client, check.id) : null;
  const lead = meeting ? await getBookingLead(context.client, meeting.leadId) : null;
  if (!meeting || !lead) return new Response('Not found\n', { status: 404 });
  const { settings: agency } = await loadAgencySettings();
  const booking = await loadBookingSettings(context.client);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const page = `${publicSiteUrl(request)}${localizedPath(`${MEETING_PATH}/${token}`, language)}`;
  const text = invitation(
    meetingEvent(meeting, { lead, agency, booking, language, page, stamp: context.now }),
    new URL(publicSiteUrl(request)).hostname,
  );
  return new Response(text, {
    headers: {
      'Content-Type':
        'text/calendar; charset=utf-8; method=' +
        (meeting.status === 'cancelled' ? 'CANCEL' : 'REQUEST'),
      'Content-Disposition': 'attachment; filename="strategy-call.ics"',
      'Cache-Control': 'private, no-store',
    },
  });
}

/** Meetings this far back stay in the feed; older ones drop out of subscribed calendars. */
const FEED_HISTORY_MS = 90 * 24 * 3600 * 1000;

/** /calendar/<secret>.ics: every meeting from 90 days ago on, for the agency's calendar apps. */
export async function calendarFeedResponse(
  request: Request,
  file: string | undefined,
  context: BookingContext = bookingContext(),
): Promise<Response> {
  const notFound = () =>
    new Response('Not found\n', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const given = /^([0-9a-f]{64})\.ics$/.exec(file ?? '')?.[1];
  const token = await getCalendarFeedToken(context.client);
  if (!given || !token || !timingSafeEqual(Buffer.from(given), Buffer.from(token)))
    return notFound();
  const [meetings, { settings: agency }] = await Promise.all([
    listFeedMeetings(context.client, context.now - FEED_HISTORY_MS),
    loadAgencySettings(),
  ]);
  const origin = publicSiteUrl(request);
  const events = meetings.map((meeting) => ({
    id: meeting.id,
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    cancelled: meeting.status === 'cancelled',
    summary: `Strategy call: ${meeting.lead.name}, ${meeting.lead.companyName}`,
    description: `${meeting.lead.name}, ${meeting.lead.companyName}\nPhone: ${meeting.lead.phone}\nE-mail: ${meeting.lead.email}\nLead: ${origin}/admin/leads/${meeting.leadId}`,
    ...(meeting.meetingLink ? { location: meeting.meetingLink } : {}),
    url: `${origin}/admin/leads/${meeting.leadId}`,
    organizer: { name: agency.legalName, email: agency.contactEmail },
    attendee: { name: meeting.lead.name, email: meeting.lead.email },
    stamp: context.now,
  }));
  return new Response(
    calendarFeed(events, new URL(origin).hostname, `${agency.legalName}: strategy calls`),
    {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    },
  );
}
