// Drains public.consultation_mails, the outbox a trigger fills in each lead's own transaction.
// Every row is delivered at least once and, while servers live, by one server at a time: a claim
// takes due rows with FOR UPDATE SKIP LOCKED and leases them (locked_until) in one statement, so
// several servers sharing one PostgreSQL never send the same row concurrently, and a server
// killed mid-send lets its rows go when the lease runs out. A resend after such a crash reuses the
// row's id (Message-ID, outbox file name), so it replaces rather than duplicates where it can.
import type { Database } from '../db/types.ts';
import type { Mailer } from '../mail.ts';
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from './backoff.ts';
import { composeAgencyNotification, composeVisitorConfirmation, type Lead } from './lead-mails.ts';
import { readAgencyDetails } from './agency-details.ts';
import { lookupAgencyRecipients, type AgencyRecipientRule } from './recipients.ts';

export type LeadMailKind = 'agency_notification' | 'visitor_confirmation';

export interface ClaimedMail {
  mailId: string;
  kind: LeadMailKind;
  /** Attempts so far, this one included. */
  attempts: number;
  /** When the row was queued: names its outbox file. */
  queuedAt: Date;
  lead: Lead;
}

export interface MailDeliveryTimings {
  /** How often due rows are looked for (a cheap query on a partial index). */
  pollIntervalMs: number;
  /**
   * How long a claimed row stays out of other servers' reach. Longer than any send can take:
   * the SMTP transport gives up well before (server/mail.ts).
   */
  leaseMs: number;
  /** Rows claimed, and sent side by side, at a time. */
  batchSize: number;
  /**
   * The pause after a full batch before the next: delivery yields to the site, so a flood of
   * leads cannot starve the pages and the API of the machine's cores (10 per 100 ms is 100 mails
   * a second, more than mail relays accept from one sender anyway).
   */
  batchPauseMs: number;
  backoff: Backoff;
}

export const DEFAULT_DELIVERY_TIMINGS: MailDeliveryTimings = {
  pollIntervalMs: 2_000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
  batchPauseMs: 100,
  backoff: DEFAULT_BACKOFF,
};

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

export interface MailDelivery {
  /** Sends every due mail now; resolves with how many were settled (sent or failed for good). */
  drain(): Promise<number>;
  /** Stops polling and waits for a send in flight. */
  stop(): Promise<void>;
}

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
    `with due as (
       select id from public.consultation_mails
       where status = 'pending'
         and next_attempt_at <= now()
         and (locked_until is null or locked_until < now())
       order by next_attempt_at
       limit $1
       for update skip locked
     ), claimed as (
       update public.consultation_mails m
       set locked_until = now() + make_interval(secs => $2::double precision / 1000),
           attempts = m.attempts + 1
       from due
       where m.id = due.id
       returning m.id, m.consultation_id, m.kind, m.attempts, m.created_at
     )
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

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 1000 ? `${message.slice(0, 999)}…` : message;
}

function describeKind(kind: LeadMailKind): string {
  return kind === 'agency_notification' ? 'agency notification' : 'visitor confirmation';
}

export function startMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const { db, mailer, log } = options;
  const timings = { ...DEFAULT_DELIVERY_TIMINGS, ...options.timings };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let leasesReleased = !options.releaseLeasesAtStart;

  async function compose(claim: ClaimedMail) {
    if (claim.kind === 'visitor_confirmation')
      return composeVisitorConfirmation(claim.lead, await readAgencyDetails(db));
    const to = await lookupAgencyRecipients(db, options.recipients);
    return composeAgencyNotification(claim.lead, { to, siteUrl: options.siteUrl });
  }

  /**
   * Sends one claimed row. A failure is recorded at once (rare, and each has its own retry time);
   * a success is only reported, and the batch's successes are marked sent in one statement.
   */
  async function deliver(claim: ClaimedMail): Promise<'sent' | 'settled' | 'retry'> {
    const what = `Lead mail ${claim.mailId} (${describeKind(claim.kind)})`;
    try {
      const mail = await compose(claim);
      await mailer.send({ ...mail, identity: { id: claim.mailId, queuedAt: claim.queuedAt } });
    } catch (error) {
      if (isPermanentRecipientRefusal(error)) {
        await db.query(
          `update public.consultation_mails
           set status = 'failed', last_error = $2, locked_until = null
           where id = $1`,
          [claim.mailId, describeError(error)],
        );
        log(`${what} failed for good: the recipient was refused: ${describeError(error)}`);
        return 'settled';
      }
      const delay = retryDelayMs(claim.attempts, timings.backoff);
      await db.query(
        `update public.consultation_mails
         set last_error = $2,
             next_attempt_at = now() + make_interval(secs => $3::double precision / 1000),
             locked_until = null
         where id = $1`,
        [claim.mailId, describeError(error), delay],
      );
      log(
        `${what}: attempt ${claim.attempts} failed, next in ${Math.ceil(delay / 1000)} s: ${describeError(error)}`,
      );
      return 'retry';
    }
    if (claim.attempts > 1) log(`${what} delivered after ${claim.attempts} attempts.`);
    return 'sent';
  }

  /** If this update is lost (the process dies first), the leases run out and the mails go again under the same ids. */
  async function markSent(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await db.query(
      `update public.consultation_mails
       set status = 'sent', sent_at = now(), last_error = null, locked_until = null
       where id = any($1::uuid[])`,
      [ids],
    );
  }

  async function drainOnce(): Promise<number> {
    if (!leasesReleased) {
      await db.query(
        `update public.consultation_mails set locked_until = null
         where status = 'pending' and locked_until is not null`,
      );
      leasesReleased = true;
    }
    let settled = 0;
    while (!stopped) {
      const claims = await claimDueMails(db, timings.batchSize, timings.leaseMs);
      if (!claims.length) break;
      // allSettled: stop() waits for every send of the batch, even when one of them threw.
      const outcomes = await Promise.allSettled(claims.map(deliver));
      await markSent(
        claims
          .filter((_, i) => {
            const outcome = outcomes[i]!;
            return outcome.status === 'fulfilled' && outcome.value === 'sent';
          })
          .map((claim) => claim.mailId),
      );
      const done = outcomes.filter((o) => o.status === 'fulfilled' && o.value !== 'retry').length;
      settled += done;
      const failure = outcomes.find((o) => o.status === 'rejected');
      if (failure) throw failure.reason;
      // Nothing went out (SMTP down): wait for the next poll instead of spinning.
      if (done === 0) break;
      if (claims.length === timings.batchSize && timings.batchPauseMs > 0 && !stopped) {
        await new Promise((resolve) => setTimeout(resolve, timings.batchPauseMs));
      }
    }
    if (settled)
      log(
        `Lead mails: ${settled} delivered${options.destination ? ` ${options.destination}` : ''}.`,
      );
    return settled;
  }

  function drain(): Promise<number> {
    // One drain at a time per server; a caller arriving mid-drain waits for it, then drains.
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => (stopped ? 0 : drainOnce()));
    running = next;
    void next
      .finally(() => {
        if (running === next) running = undefined;
      })
      .catch(() => undefined);
    return next;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch((error: unknown) => log(`Lead mail delivery: ${describeError(error)}`))
        .finally(schedule);
    }, timings.pollIntervalMs);
    // The HTTP server keeps the process alive; this timer alone must not.
    timer.unref();
  }

  // Right away at start: mails queued while the server was down go out first.
  drain()
    .catch((error: unknown) => log(`Lead mail delivery: ${describeError(error)}`))
    .finally(schedule);

  return {
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
