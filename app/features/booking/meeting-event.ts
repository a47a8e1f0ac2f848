// A meeting as a calendar event, in the lead's language (issue 15): what the invitation says.
import type { BookingLead, BookingSettings, Meeting } from '~/data/meetings.server';
import type { Language } from '~/i18n/locale';
import type { CalendarEvent } from '../../../shared/ics';

const text = {
  en: {
    summary: (agency: string) => `Free strategy call with ${agency}`,
    description: (minutes: number, page: string, link: string | null) =>
      `Your free ${minutes}-minute strategy call.\n` +
      (link ? `Join: ${link}\n` : 'We call you on the number you gave us.\n') +
      `Move or cancel: ${page}`,
    phone: 'Phone call',
  },
  sv: {
    summary: (agency: string) => `Kostnadsfritt strategisamtal med ${agency}`,
    description: (minutes: number, page: string, link: string | null) =>
      `Ditt kostnadsfria strategisamtal på ${minutes} minuter.\n` +
      (link ? `Anslut: ${link}\n` : 'Vi ringer dig på numret du angav.\n') +
      `Flytta eller avboka: ${page}`,
    phone: 'Telefonsamtal',
  },
};

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
    booking: BookingSettings;
    language: Language;
    /** The meeting page's absolute URL. */
    page: string;
    stamp: number;
  },
): CalendarEvent {
  const t = text[language];
  return {
    id: meeting.id,
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    cancelled: meeting.status === 'cancelled',
    summary: t.summary(agency.legalName),
    description: t.description(booking.meetingMinutes, page, booking.meetingLink),
    location: booking.meetingLink ?? t.phone,
    url: page,
    organizer: { name: agency.legalName, email: agency.contactEmail },
    attendee: { name: lead.name, email: lead.email },
    stamp,
  };
}
