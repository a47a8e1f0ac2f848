// The strategy call's mails sent (docs/decisions/0018): drained from public.meeting_mails, which a
// trigger fills in each booking's, move's and cancel's own transaction, with the loop every lead
// outbox shares (outbox.ts); what each mail says is written by meeting-mail-compose.ts. A mail
// queued for an older SEQUENCE than the meeting has when it is sent is settled as superseded. A
// mail held back by the lead's hourly cap (meeting_mails.held, decision 22) goes only if it still
// tells its recipient something: a cancel of a meeting never announced to them is superseded, and
// a move of such a meeting is sent as its booking.
import type { Database } from '#server/supabase/db/types.ts';
import type { Mailer } from '#server/mail.ts';
import { readAgencyDetails } from './agency-details.ts';
import { isPermanentRecipientRefusal } from './mail-delivery.ts';
import {
  composeAgencyInvitation,
  composeMeetingReminder,
  composeVisitorInvitation,
  readMeetingSettings,
  type ComposedMail,
  type MeetingChange,
  type MeetingMailContext,
  type MeetingMailKind,
  type MeetingMailSubject,
} from './meeting-mail-compose.ts';
import {
  claimDueRowsSql,
  startOutboxDrain,
  type OutboxDrain,
  type OutboxTimings,
} from './outbox.ts';
import {
  lookupAgencyRecipients,
  NoAgencyRecipientError,
  type AgencyRecipientRule,
} from './recipients.ts';

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
    meeting_link: string | null;
    cancellation_note: string | null;
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
            m.meeting_link, m.cancellation_note,
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
      meetingLink: row.meeting_link,
      cancellationNote: row.cancellation_note,
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

  /** The agency's own mailboxes, or none yet (a fresh install with no user). */
  async function agencyMailboxes(): Promise<string[]> {
    try {
      return await lookupAgencyRecipients(db, options.recipients);
    } catch (error) {
      if (error instanceof NoAgencyRecipientError) return [];
      throw error;
    }
  }

  async function compose(claim: ClaimedMeetingMail, now: number): Promise<ComposedMail> {
    const agency = await readAgencyDetails(db);
    // The invitation's organizer is the agency: its contact address, else its first mailbox.
    const mailboxes =
      claim.kind === 'agency_invitation' || !agency.contactEmail ? await agencyMailboxes() : [];
    const context: MeetingMailContext = {
      settings: await readMeetingSettings(db),
      agency,
      siteUrl: options.siteUrl,
      secret: options.secret,
      fromAddress: options.fromAddress,
      agencyAddress: mailboxes[0] ?? null,
      now,
    };
    if (claim.kind === 'agency_invitation') {
      if (mailboxes.length === 0) throw new NoAgencyRecipientError();
      return composeAgencyInvitation(claim.meeting, claim.change ?? 'booked', {
        ...context,
        to: mailboxes,
      });
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
