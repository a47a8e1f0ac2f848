// A meeting as a calendar event, in the lead's language: what the invitation says
// (shared/strategy-call-event.ts, which the server's invitation mails use too). The video link is
// the meeting's own, the one it was booked with.
import type { BookingLead, BookingSettings, Meeting } from '~/data/meetings.server';
import type { Language } from '~/i18n/locale';
import type { CalendarEvent } from '#shared/ics.ts';
import { strategyCallEvent } from '#shared/strategy-call-event.ts';

export function meetingEvent(
  meeting: Meeting,
  {
    lead,
    agency,
    booking,
    language,
    page,
    stamp,
  }: {
    lead: BookingLead;
    agency: { legalName: string; contactEmail: string };
    booking: Pick<BookingSettings, 'meetingMinutes'>;
    language: Language;
    /** The meeting page's absolute URL. */
    page: string;
    stamp: number;
  },
): CalendarEvent {
  return strategyCallEvent({
    meetingId: meeting.id,
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    cancelled: meeting.status === 'cancelled',
    language,
    organizer: { name: agency.legalName, email: agency.contactEmail },
    attendee: { name: lead.name, email: lead.email },
    meetingMinutes: booking.meetingMinutes,
    meetingLink: meeting.meetingLink,
    page,
    stamp,
  });
}
