// The strategy call's mails as they are written (docs/decisions/0018): the meeting and its lead as
// a mail needs them, the booking's settings, the signed link to the meeting page, the time in the
// visitor's words, the iCalendar invitation (REQUEST, or CANCEL once cancelled; one UID, the
// meeting's SEQUENCE) and the visitor's invitation, the reminders and the agency's invitation.
// meeting-mails.ts sends them.
import type { Queryable } from '#server/supabase/db/types.ts';
import type { Mail, MailAddress } from '#server/mail.ts';
import { formatMeetingSpan } from '#shared/date-time.ts';
import { invitation, type CalendarEvent } from '#shared/ics.ts';
import { signToken } from '#shared/signed-token.ts';
import { strategyCallEvent } from '#shared/strategy-call-event.ts';
import type { AgencyDetails } from './agency-details.ts';
import { escapeHtml, oneLine } from './lead-mails.ts';
import {
  agencyMeetingMailCopy,
  agencyName,
  meetingMailCopy,
  visitorMailCopy,
  type MeetingMailCopy,
} from './mail-copy.ts';

export type MeetingMailKind =
  'visitor_invitation' | 'agency_invitation' | 'reminder_24h' | 'reminder_1h';
/** What an invitation announces; 'updated': the call's video link changed (the time did not). */
export type MeetingChange = 'booked' | 'moved' | 'cancelled' | 'updated';

/** The meeting and its lead as a mail needs them (times as ISO 8601 strings). */
export interface MeetingMailSubject {
  meetingId: string;
  sequence: number;
  cancelled: boolean;
  startsAt: string;
  endsAt: string;
  /** The video link the call was booked with (or given later); null: the agency phones. */
  meetingLink: string | null;
  /** The administrator's note to the visitor with a cancel. */
  cancellationNote: string | null;
  lead: {
    id: string;
    name: string;
    email: string;
    phone_number: string;
    company_name: string;
    language: 'english' | 'swedish';
  };
}

/**
 * What the booking's settings say about the call (public.booking_settings, or its defaults). The
 * video link is the meeting's own: a call keeps the one it was booked with.
 */
export interface MeetingSettings {
  timeZone: string;
  meetingMinutes: number;
}

export async function readMeetingSettings(db: Queryable): Promise<MeetingSettings> {
  const { rows } = await db.query<{
    time_zone: string;
    meeting_minutes: number;
  }>('select time_zone, meeting_minutes from public.booking_settings limit 1');
  const row = rows[0];
  return {
    timeZone: row?.time_zone ?? 'Europe/Stockholm',
    meetingMinutes: Number(row?.meeting_minutes ?? 30),
  };
}

/** A meeting link works for a year, as the site's own (app/features/booking/booking.server.ts). */
const MEETING_LINK_MS = 365 * 24 * 3600 * 1000;

/** The meeting page's token, as the site checks it (shared/signed-token.ts). */
export function signMeetingToken(meetingId: string, expiresAtMs: number, secret: string): string {
  return signToken('meeting', meetingId, expiresAtMs, secret);
}

/** /book-call/meeting/<token>, or /sv/… for a Swedish lead, on the public origin. */
export function meetingPageUrl(
  meetingId: string,
  language: 'english' | 'swedish',
  options: { siteUrl: string; secret: string; now: number },
): string {
  const token = signMeetingToken(meetingId, options.now + MEETING_LINK_MS, options.secret);
  const prefix = language === 'swedish' ? '/sv' : '';
  return new URL(`${prefix}/book-call/meeting/${token}`, options.siteUrl).href;
}

/**
 * "Monday, 7 December 2026, 10:00–10:30 CET": in the agency's zone, named, in the copy's language
 * (its locale, en-GB or sv-SE), through the formatter the admin uses too.
 */
export function formatMeetingTime(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string,
): string {
  return formatMeetingSpan(startsAt, endsAt, {
    language: locale.startsWith('sv') ? 'sv' : 'en',
    timeZone,
  });
}

export interface MeetingMailContext {
  settings: MeetingSettings;
  agency: AgencyDetails;
  /** The public origin: the meeting page's and the lead's links, and the UID's host. */
  siteUrl: string;
  /** FORM_SECRET, which signs the meeting page's token. */
  secret: string;
  /** The address the mails come from: the organizer only when the agency has no address at all. */
  fromAddress: string;
  /**
   * An address of the agency's own when it has no contact address: the first the lead
   * notifications go to. The invitation's organizer is the agency, never the sending address.
   */
  agencyAddress?: string | null;
  now: number;
}

/** The agency's contact address (settings, else AGENCY_EMAIL), else a mailbox of the team's. */
export function organizerAddress(
  context: Pick<MeetingMailContext, 'agency' | 'agencyAddress' | 'fromAddress'>,
): string {
  return context.agency.contactEmail ?? context.agencyAddress ?? context.fromAddress;
}

/** The meeting as the invitation both mails attach; the same event the meeting page offers. */
export function meetingCalendarEvent(
  meeting: MeetingMailSubject,
  context: MeetingMailContext,
): CalendarEvent {
  const page = meetingPageUrl(meeting.meetingId, meeting.lead.language, context);
  const organizerName = context.agency.legalName ?? agencyName;
  return strategyCallEvent({
    meetingId: meeting.meetingId,
    sequence: meeting.sequence,
    start: Date.parse(meeting.startsAt),
    end: Date.parse(meeting.endsAt),
    cancelled: meeting.cancelled,
    language: meeting.lead.language === 'swedish' ? 'sv' : 'en',
    organizer: { name: organizerName, email: organizerAddress(context) },
    attendee: { name: meeting.lead.name, email: meeting.lead.email },
    meetingMinutes: context.settings.meetingMinutes,
    meetingLink: meeting.meetingLink,
    page,
    stamp: context.now,
  });
}

function calendarOf(meeting: MeetingMailSubject, context: MeetingMailContext): Mail['calendar'] {
  return {
    method: meeting.cancelled ? 'CANCEL' : 'REQUEST',
    content: invitation(meetingCalendarEvent(meeting, context), new URL(context.siteUrl).hostname),
  };
}

function htmlDocument(lang: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"></head>
<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1f2937;">
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}
</body></html>
`;
}

/** Text paragraphs as HTML: escaped, each link made one, line breaks kept. */
function htmlParagraph(text: string): string {
  return escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>');
}

function visitorAddress(meeting: MeetingMailSubject): MailAddress {
  return { name: oneLine(meeting.lead.name, 200), address: meeting.lead.email };
}

function agencyReplyTo(agency: AgencyDetails): Pick<Mail, 'replyTo'> {
  return agency.contactEmail
    ? { replyTo: { name: agency.legalName ?? agencyName, address: agency.contactEmail } }
    : {};
}

export type ComposedMail = Omit<Mail, 'identity'>;

function visitorMail(
  meeting: MeetingMailSubject,
  context: MeetingMailContext,
  subject: (copy: MeetingMailCopy, when: string) => string,
  lead: (copy: MeetingMailCopy) => string,
  withCalendar: boolean,
): ComposedMail {
  const language = meeting.lead.language;
  const copy = meetingMailCopy[language];
  const words = visitorMailCopy[language];
  const when = formatMeetingTime(
    meeting.startsAt,
    meeting.endsAt,
    context.settings.timeZone,
    copy.locale,
  );
  const page = meetingPageUrl(meeting.meetingId, language, context);
  const how = meeting.meetingLink ? copy.join(meeting.meetingLink) : copy.phoneCall;
  const note =
    meeting.cancelled && meeting.cancellationNote
      ? [`${copy.noteFrom(context.agency.legalName ?? agencyName)}\n${meeting.cancellationNote}`]
      : [];
  const paragraphs = [
    words.greeting(oneLine(meeting.lead.name, 200)),
    lead(copy),
    `${copy.when}: ${when}${meeting.cancelled ? '' : `\n${copy.how}: ${how}`}`,
    ...note,
    ...(withCalendar ? [meeting.cancelled ? copy.cancelHint : copy.calendarHint] : []),
    `${meeting.cancelled ? copy.bookAgain : copy.manage}\n${page}`,
    `${words.closing}\n${words.signature}`,
  ];
  return {
    to: visitorAddress(meeting),
    ...agencyReplyTo(context.agency),
    subject: oneLine(subject(copy, when), 200),
    text: `${paragraphs.join('\n\n')}\n`,
    html: htmlDocument(language === 'swedish' ? 'sv' : 'en', paragraphs.map(htmlParagraph)),
    ...(withCalendar ? { calendar: calendarOf(meeting, context) } : {}),
  };
}

/** The visitor's invitation: booked, moved or cancelled, with the meeting page's link. */
export function composeVisitorInvitation(
  meeting: MeetingMailSubject,
  change: MeetingChange,
  context: MeetingMailContext,
): ComposedMail {
  return visitorMail(
    meeting,
    context,
    (copy, when) => copy.subject[change](when),
    (copy) => copy.lead[change],
    true,
  );
}

/** The visitor's reminder, 24 hours or 1 hour before the call. */
export function composeMeetingReminder(
  meeting: MeetingMailSubject,
  kind: 'reminder_24h' | 'reminder_1h',
  context: MeetingMailContext,
): ComposedMail {
  return visitorMail(
    meeting,
    context,
    (copy, when) => copy.reminderSubject[kind](when),
    (copy) => copy.reminderLead[kind],
    false,
  );
}

/** The agency's copy of the invitation: who, when, how to reach them, the lead's page. */
export function composeAgencyInvitation(
  meeting: MeetingMailSubject,
  change: MeetingChange,
  context: MeetingMailContext & { to: string[] },
): ComposedMail {
  const copy = agencyMeetingMailCopy;
  const { lead } = meeting;
  const when = formatMeetingTime(
    meeting.startsAt,
    meeting.endsAt,
    context.settings.timeZone,
    'en-GB',
  );
  const link = new URL(`/admin/leads/${lead.id}`, context.siteUrl).href;
  const fields: Array<[string, string]> = [
    [copy.fields.when, when],
    [copy.fields.name, lead.name],
    [copy.fields.company_name, lead.company_name],
    [copy.fields.phone_number, lead.phone_number],
    [copy.fields.email, lead.email],
    [copy.fields.language, lead.language === 'swedish' ? 'Swedish' : 'English'],
    ...(meeting.cancelled
      ? meeting.cancellationNote
        ? ([[copy.fields.note, meeting.cancellationNote]] as Array<[string, string]>)
        : []
      : ([[copy.fields.how, meeting.meetingLink ?? copy.phoneCall]] as Array<[string, string]>)),
  ];
  const paragraphs = [
    copy.intro[change](lead.name, lead.company_name),
    fields.map(([label, value]) => `${label}: ${oneLine(value, 500)}`).join('\n'),
    `${copy.leadLink}\n${link}`,
    copy.calendarHint,
  ];
  return {
    to: context.to,
    replyTo: visitorAddress(meeting),
    subject: oneLine(copy.subject[change](lead.name, lead.company_name, when), 200),
    text: `${paragraphs.join('\n\n')}\n`,
    html: htmlDocument('en', paragraphs.map(htmlParagraph)),
    calendar: calendarOf(meeting, context),
  };
}
