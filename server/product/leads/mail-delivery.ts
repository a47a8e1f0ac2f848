// Drains public.consultation_mails, the outbox a trigger fills in each lead's own transaction, with
// the loop every lead outbox shares (outbox.ts): at least once, by one server at a time, leased.
// A resend after a crash reuses the row's id (Message-ID, outbox file name), so it replaces rather
// than duplicates where it can.
import type { Database } from '#server/supabase/db/types.ts';
import type { Mailer } from '#server/mail.ts';
import { readAgencyTimeZone } from './agency-time-zone.ts';
import { composeAgencyNotification, composeVisitorConfirmation, type Lead } from './lead-mails.ts';
import { readAgencyDetails } from './agency-details.ts';
import {
  claimDueRowsSql,
  DEFAULT_OUTBOX_TIMINGS,
  startOutboxDrain,
  type OutboxDrain,
  type OutboxTimings,
} from './outbox.ts';
import { lookupAgencyRecipients, type AgencyRecipientRule } from './recipients.ts';

export type LeadMailKind = 'agency_notification' | 'visitor_confirmation';

export interface ClaimedMail {
  /** The row's id (the outbox loop's name for it). */
  id: string;
  mailId: string;
  kind: LeadMailKind;
  /** Attempts so far, this one included. */
  attempts: number;
  /** When the row was queued: names its outbox file. */
  queuedAt: Date;
  lead: Lead;
}

/**
 * The loop's timings (outbox.ts). A lease outlasts any send: the SMTP transport gives up well
 * before. 10 per 100 ms is 100 mails a second, more than mail relays accept from one sender.
 */
export type MailDeliveryTimings = OutboxTimings;

export const DEFAULT_DELIVERY_TIMINGS: MailDeliveryTimings = DEFAULT_OUTBOX_TIMINGS;

export interface MailDeliveryOptions {
  db: Database;
  mailer: Mailer;
  recipients: AgencyRecipientRule;
  /** The public origin, for the inbox link in the agency's notification. */
  siteUrl?: string;
  log: (line: string) => void;
  /**
   * Hand back, at start, rows a previous run claimed and never finished. Only safe when this
   * process is the database's only user (PGlite, whose data directory is locked); servers that
   * share a PostgreSQL wait for the lease instead.
   */
  releaseLeasesAtStart?: boolean;
  /** Where delivered mails go, for the log: "to DATA_DIR/outbox" or "through SMTP". */
  destination?: string;
  timings?: Partial<MailDeliveryTimings>;
}

export type MailDelivery = OutboxDrain;

const leadColumns = [
  'id',
  'name',
  'email',
  'phone_number',
  'company_name',
  'problems',
  'how_found_us',
  'additional_info',
  'language',
  'status',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_page',
];

/** Leases up to `limit` due rows for `leaseMs` and returns them with their leads. */
export async function claimDueMails(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMail[]> {
  const { rows } = await db.query<
    Lead & {
      mail_id: string;
      kind: LeadMailKind;
      attempts: string;
      queued_at: string;
    }
  >(
    `${claimDueRowsSql('public.consultation_mails')}
     select claimed.id as mail_id, claimed.kind, claimed.attempts,
            to_json(claimed.created_at) #>> '{}' as queued_at,
            ${leadColumns.map((column) => `c.${column}`).join(', ')},
            to_json(c.created_at) #>> '{}' as created_at,
            to_json(c.received_at) #>> '{}' as received_at
     from claimed
     join public.consultations c on c.id = claimed.consultation_id`,
    [limit, leaseMs],
  );
  return rows.map(({ mail_id, kind, attempts, queued_at, ...lead }) => ({
    id: mail_id,
    mailId: mail_id,
    kind,
    attempts: Number(attempts),
    queuedAt: new Date(queued_at),
    lead,
  }));
}

/**
 * The mail server refused the recipient for good (5xx to RCPT TO, or an address nodemailer
 * cannot use): retrying cannot help. A temporary refusal (4xx, greylisting) is retried.
 */
export function isPermanentRecipientRefusal(error: unknown): boolean {
  const { code, command, responseCode, message } = (error ?? {}) as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  if (code !== 'EENVELOPE') return false;
  if (command === 'RCPT TO') return typeof responseCode === 'number' && responseCode >= 500;
  return (
    command === 'API' && typeof message === 'string' && message.startsWith('Invalid recipient')
  );
}

function describeKind(kind: LeadMailKind): string {
  return kind === 'agency_notification' ? 'agency notification' : 'visitor confirmation';
}

export function startMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, mailer } = options;

  async function compose(claim: ClaimedMail) {
    if (claim.kind === 'visitor_confirmation')
      return composeVisitorConfirmation(claim.lead, await readAgencyDetails(db));
    const to = await lookupAgencyRecipients(db, options.recipients);
    return composeAgencyNotification(claim.lead, {
      to,
      siteUrl: options.siteUrl,
      timeZone: await readAgencyTimeZone(db),
    });
  }

  return startOutboxDrain({
    db,
    table: 'public.consultation_mails',
    name: 'Lead mail delivery',
    claim: (limit, leaseMs) => claimDueMails(db, limit, leaseMs),
    async send(claim) {
      const mail = await compose(claim);
      await mailer.send({ ...mail, identity: { id: claim.mailId, queuedAt: claim.queuedAt } });
    },
    isPermanent: isPermanentRecipientRefusal,
    describe: (claim) => `Lead mail ${claim.mailId} (${describeKind(claim.kind)})`,
    summary: (settled) =>
      `Lead mails: ${settled} delivered${options.destination ? ` ${options.destination}` : ''}.`,
    log: options.log,
    releaseLeasesAtStart: options.releaseLeasesAtStart,
    timings: options.timings,
  });
}
