// The strategy call's mails (docs/decisions/0018), drained from public.meeting_mails, which a trigger fills in
// each booking's, move's and cancel's own transaction, with the loop every lead outbox shares
// (outbox.ts). Invitations carry the meeting's iCalendar invitation (REQUEST, or CANCEL once
// cancelled; one UID, the meeting's SEQUENCE) as nodemailer's icalEvent, so mail clients offer to
// accept it; the visitor's mails link to the meeting page, signed as the site signs it. A mail
// queued for an older SEQUENCE than the meeting has when it is sent is settled as superseded.
// A mail held back by the lead's hourly cap (meeting_mails.held, decision 22) goes only if it still
// tells its recipient something: a cancel of a meeting never announced to them is superseded, and
// a move of such a meeting is sent as its booking.
import type { Database, Queryable } from '#server/supabase/db/types.ts';
import type { Mail, MailAddress, Mailer } from '#server/mail.ts';
import { invitation, type CalendarEvent } from '#shared/ics.ts';
import { signToken } from '#shared/signed-token.ts';
import { strategyCallEvent } from '#shared/strategy-call-event.ts';
import { readAgencyDetails, type AgencyDetails } from './agency-details.ts';
import { escapeHtml, oneLine } from './lead-mails.ts';
import {
  agencyMeetingMailCopy,
  agencyName,
  meetingMailCopy,
  visitorMailCopy,
  type MeetingMailCopy,
} from './mail-copy.ts';
import { isPermanentRecipientRefusal } from './mail-delivery.ts';
import {
  claimDueRowsSql,
  startOutboxDrain,
  type OutboxDrain,
  type OutboxTimings,
} from './outbox.ts';
import { lookupAgencyRecipients, type AgencyRecipientRule } from './recipients.ts';

export type MeetingMailKind =
  'visitor_invitation' | 'agency_invitation' | 'reminder_24h' | 'reminder_1h';
export type MeetingChange = 'booked' | 'moved' | 'cancelled';

/** The meeting and its lead as a mail needs them (times as ISO 8601 strings). */
export interface MeetingMailSubject {
  meetingId: string;
  sequence: number;
  cancelled: boolean;
  startsAt: string;
  endsAt: string;
  lead: {
    id: string;
    name: string;
    email: string;
    phone_number: string;
    company_name: string;
    language: 'english' | 'swedish';
  };
}

interface ClaimedMeetingMail {
  id: string;
  attempts: number;
  queuedAt: Date;
  kind: MeetingMailKind;
  change: MeetingChange | null;
  /** The meeting's SEQUENCE when the mail was queued. */
  sequence: number;
  /** Queued past the lead's invitations an hour, due when its hour had room. */
  held: boolean;
  meeting: MeetingMailSubject;
}

/** What the booking's settings say about the call (public.booking_settings, or its defaults). */
export interface MeetingSettings {
  timeZone: string;
  meetingMinutes: number;
  meetingLink: string | null;
}

export async function readMeetingSettings(db: Queryable): Promise<MeetingSettings> {
  const { rows } = await db.query<{
    time_zone: string;
    meeting_minutes: number;
    meeting_link: string | null;
  }>('select time_zone, meeting_minutes, meeting_link from public.booking_settings limit 1');
  const row = rows[0];
  return {
    timeZone: row?.time_zone ?? 'Europe/Stockholm',
    meetingMinutes: Number(row?.meeting_minutes ?? 30),
    meetingLink: row?.meeting_link ?? null,
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

/** "Monday 7 December 2026, 10:00–10:30 CET", in the zone and the copy's language. */
export function formatMeetingTime(
  startsAt: string,
  endsAt: string,
  timeZone: string,
  locale: string,
): string {
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(startsAt));
  const time = (iso: string, zone: boolean) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      ...(zone ? { timeZoneName: 'short' as const } : {}),
    }).format(new Date(iso));
  return `${day}, ${time(startsAt, false)}–${time(endsAt, true)}`;
}

export interface MeetingMailContext {
  settings: MeetingSettings;
  agency: AgencyDetails;
  /** The public origin: the meeting page's and the lead's links, and the UID's host. */
  siteUrl: string;
  /** FORM_SECRET, which signs the meeting page's token. */
  secret: string;
  /** The address the mails come from: the organizer when the agency has no contact address. */
  fromAddress: string;
  now: number;
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
    organizer: { name: organizerName, email: context.agency.contactEmail ?? context.fromAddress },
    attendee: { name: meeting.lead.name, email: meeting.lead.email },
    meetingMinutes: context.settings.meetingMinutes,
    meetingLink: context.settings.meetingLink,
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

type ComposedMail = Omit<Mail, 'identity'>;

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
  const how = context.settings.meetingLink
    ? copy.join(context.settings.meetingLink)
    : copy.phoneCall;
  const paragraphs = [
    words.greeting(oneLine(meeting.lead.name, 200)),
    lead(copy),
    `${copy.when}: ${when}${meeting.cancelled ? '' : `\n${copy.how}: ${how}`}`,
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
  ];
  const paragraphs = [
    copy.intro[change](lead.name, lead.company_name),
    fields.map(([label, value]) => `${label}: ${oneLine(value, 300)}`).join('\n'),
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

async function claimDueMeetingMails(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMeetingMail[]> {
  const { rows } = await db.query<{
    id: string;
    attempts: string;
    queued_at: string;
    kind: MeetingMailKind;
    change: MeetingChange | null;
    sequence: string;
    held: string;
    meeting_id: string;
    meeting_sequence: string;
    meeting_status: string;
    starts_at: string;
    ends_at: string;
    lead_id: string;
    name: string;
    email: string;
    phone_number: string;
    company_name: string;
    language: string;
  }>(
    `${claimDueRowsSql('public.meeting_mails')}
     select claimed.id, claimed.attempts, to_json(claimed.created_at) #>> '{}' as queued_at,
            claimed.kind, claimed.change, claimed.sequence, claimed.held::text as held,
            m.id as meeting_id, m.sequence as meeting_sequence, m.status as meeting_status,
            to_json(m.starts_at) #>> '{}' as starts_at, to_json(m.ends_at) #>> '{}' as ends_at,
            c.id as lead_id, c.name, c.email, c.phone_number, c.company_name, c.language
     from claimed
     join public.meetings m on m.id = claimed.meeting_id
     join public.consultations c on c.id = m.consultation_id`,
    [limit, leaseMs],
  );
  return rows.map((row) => ({
    id: row.id,
    attempts: Number(row.attempts),
    queuedAt: new Date(row.queued_at),
    kind: row.kind,
    change: row.change,
    sequence: Number(row.sequence),
    held: row.held === 'true',
    meeting: {
      meetingId: row.meeting_id,
      sequence: Number(row.meeting_sequence),
      cancelled: row.meeting_status === 'cancelled',
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      lead: {
        id: row.lead_id,
        name: row.name,
        email: row.email,
        phone_number: row.phone_number,
        company_name: row.company_name,
        language: row.language === 'swedish' ? 'swedish' : 'english',
      },
    },
  }));
}

/** Why a claimed mail is not sent: a later change replaced it, or its call has begun. */
function supersededBy(claim: ClaimedMeetingMail, now: number): string | null {
  if (claim.sequence < claim.meeting.sequence) {
    return `The meeting changed (SEQUENCE ${claim.meeting.sequence}) before this mail went out.`;
  }
  if (claim.change === null && Date.parse(claim.meeting.startsAt) <= now) {
    return 'The call had begun before the reminder went out.';
  }
  return null;
}

const describeKind: Record<MeetingMailKind, string> = {
  visitor_invitation: "visitor's invitation",
  agency_invitation: "agency's invitation",
  reminder_24h: 'reminder 24 hours before',
  reminder_1h: 'reminder 1 hour before',
};

export interface MeetingMailOptions {
  db: Database;
  mailer: Mailer;
  recipients: AgencyRecipientRule;
  /** The public origin (SITE_URL, else the server's own address). */
  siteUrl: string;
  secret: string;
  fromAddress: string;
  log: (line: string) => void;
  releaseLeasesAtStart?: boolean;
  destination?: string;
  timings?: Partial<OutboxTimings>;
}

export function startMeetingMails(options: MeetingMailOptions): OutboxDrain {
  const { db } = options;

  async function compose(claim: ClaimedMeetingMail, now: number): Promise<ComposedMail> {
    const context: MeetingMailContext = {
      settings: await readMeetingSettings(db),
      agency: await readAgencyDetails(db),
      siteUrl: options.siteUrl,
      secret: options.secret,
      fromAddress: options.fromAddress,
      now,
    };
    if (claim.kind === 'agency_invitation') {
      const to = await lookupAgencyRecipients(db, options.recipients);
      return composeAgencyInvitation(claim.meeting, claim.change ?? 'booked', { ...context, to });
    }
    if (claim.kind === 'visitor_invitation') {
      return composeVisitorInvitation(claim.meeting, claim.change ?? 'booked', context);
    }
    return composeMeetingReminder(claim.meeting, claim.kind, context);
  }

  /** Whether this recipient was sent the meeting's booking or a move of it. */
  async function announced(claim: ClaimedMeetingMail): Promise<boolean> {
    const { rows } = await db.query(
      `select 1 from public.meeting_mails
        where meeting_id = $1 and kind = $2 and status = 'sent' and change in ('booked', 'moved')
        limit 1`,
      [claim.meeting.meetingId, claim.kind],
    );
    return rows.length > 0;
  }

  /** A held invitation as its recipient needs it now, or why it need not go. */
  async function heldAsNeeded(claim: ClaimedMeetingMail): Promise<ClaimedMeetingMail | string> {
    if (!claim.held || claim.change === 'booked' || (await announced(claim))) return claim;
    if (claim.change === 'cancelled') {
      return 'Held back by the lead’s hourly cap; its booking was never announced, so neither is the cancel.';
    }
    return { ...claim, change: 'booked' };
  }

  async function settleSuperseded(id: string, reason: string): Promise<'settled'> {
    await db.query(
      `update public.meeting_mails
       set status = 'superseded', last_error = $2, locked_until = null
       where id = $1`,
      [id, reason],
    );
    return 'settled';
  }

  return startOutboxDrain<ClaimedMeetingMail>({
    db,
    table: 'public.meeting_mails',
    name: 'Meeting mail delivery',
    claim: (limit, leaseMs) => claimDueMeetingMails(db, limit, leaseMs),
    async send(claimed) {
      const now = Date.now();
      const reason = supersededBy(claimed, now);
      if (reason) return settleSuperseded(claimed.id, reason);
      const claim = await heldAsNeeded(claimed);
      if (typeof claim === 'string') return settleSuperseded(claimed.id, claim);
      const mail = await compose(claim, now);
      await options.mailer.send({ ...mail, identity: { id: claim.id, queuedAt: claim.queuedAt } });
    },
    isPermanent: isPermanentRecipientRefusal,
    describe: (claim) => `Meeting mail ${claim.id} (${describeKind[claim.kind]})`,
    summary: (settled) =>
      `Meeting mails: ${settled} settled${options.destination ? ` ${options.destination}` : ''}.`,
    log: options.log,
    releaseLeasesAtStart: options.releaseLeasesAtStart,
    timings: options.timings,
  });
}
