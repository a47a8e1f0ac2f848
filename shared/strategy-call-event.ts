// The strategy call as a calendar event, in the lead's language: what the meeting
// page's .ics and the server's invitation mails both say. Shared by the site (app/) and the server
// (server/), which import neither each other.
import type { CalendarEvent } from './ics.ts';

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

export interface StrategyCall {
  meetingId: string;
  sequence: number;
  start: number;
  end: number;
  cancelled: boolean;
  language: 'en' | 'sv';
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  meetingMinutes: number;
  /** The fixed video room, or null: the agency calls. */
  meetingLink: string | null;
  /** The meeting page's absolute URL, to move or cancel. */
  page: string;
  /** When this version of the event was made. */
  stamp: number;
}

export function strategyCallEvent(call: StrategyCall): CalendarEvent {
  const t = text[call.language];
  return {
    id: call.meetingId,
    sequence: call.sequence,
    start: call.start,
    end: call.end,
    cancelled: call.cancelled,
    summary: t.summary(call.organizer.name),
    description: t.description(call.meetingMinutes, call.page, call.meetingLink),
    location: call.meetingLink ?? t.phone,
    url: call.page,
    organizer: call.organizer,
    attendee: call.attendee,
    stamp: call.stamp,
  };
}
