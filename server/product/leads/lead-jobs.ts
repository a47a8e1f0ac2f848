// The Node process's product jobs for leads: delivering every lead's two mails from the
// outbox, Meta's Lead event of a consenting visitor's lead when the Conversions API is configured
// (docs/decisions/0015), the strategy call's invitations and reminders and the daily digest, and
// the daily retention. server/app.ts starts them once the schema is in place and stops them on
// close. Every copy of the server runs them; each row or run is claimed in the database, so each
// happens once (docs/decisions/0031-jobs-once-across-copies.md).
import type { Database } from '#server/supabase/db/types.ts';
import type { Mailer } from '#server/mail.ts';
import { startLeadDigest, type LeadDigestJob } from './lead-digest.ts';
import { startMailDelivery, type MailDeliveryTimings } from './mail-delivery.ts';
import { startMeetingMails } from './meeting-mails.ts';
import { startMetaLeadEvents } from './meta-lead-events.ts';
import { chooseAgencyRecipients, describeAgencyRecipients } from './recipients.ts';
import { startRetentionJob } from './retention.ts';

export interface LeadJobTimings extends MailDeliveryTimings {
  retentionIntervalMs: number;
  /** How often the daily digest is checked for (a minute). */
  digestCheckIntervalMs: number;
}

export interface LeadJobsOptions {
  db: Database;
  mailer: Mailer;
  settings: {
    LEADS_NOTIFY_TO?: string[];
    ADMIN_EMAIL?: string;
    SITE_URL?: string;
    SMTP_URL?: string;
    MAIL_FROM?: string;
    META_PIXEL_ID?: string;
    META_CAPI_TOKEN?: string;
    META_GRAPH_URL?: string;
    LEADS_DIGEST?: 'on' | 'off';
  };
  /** The public origin: SITE_URL, else the server's own address (every mail's links). */
  publicUrl: string;
  /** Signs the meeting page's links in the meeting mails, as the site does (FORM_SECRET). */
  formSecret: string;
  /** DATA_DIR/outbox: where mail goes without SMTP_URL. */
  outboxDir: string;
  /** True when this process is the database's only user (PGlite in a locked DATA_DIR). */
  exclusiveDatabase: boolean;
  log: (line: string) => void;
  timings?: Partial<LeadJobTimings>;
}

export interface LeadJobs {
  /** Sends every due lead mail now (tests; the jobs also poll on their own). */
  drainMails(): Promise<number>;
  /** Sends every due meeting mail now (invitations, and reminders whose time has come). */
  drainMeetingMails(): Promise<number>;
  /** Sends every due Meta Lead event now; 0 when the Conversions API is not configured. */
  drainLeadEvents(): Promise<number>;
  /** The daily digest; undefined with LEADS_DIGEST=off. */
  digest?: LeadDigestJob;
  /** Stops the timers and waits for a send or a retention run in flight. */
  stop(): Promise<void>;
}

export function startLeadJobs(options: LeadJobsOptions): LeadJobs {
  const { settings, log } = options;
  const recipients = chooseAgencyRecipients(settings);
  const transport = settings.SMTP_URL
    ? 'through SMTP_URL'
    : `as files in ${options.outboxDir} (set SMTP_URL to send them)`;
  log(`Lead notifications go to ${describeAgencyRecipients(recipients)}, ${transport}.`);

  const { retentionIntervalMs, digestCheckIntervalMs, ...deliveryTimings } = options.timings ?? {};
  const delivery = startMailDelivery({
    db: options.db,
    mailer: options.mailer,
    recipients,
    siteUrl: options.publicUrl,
    log,
    releaseLeasesAtStart: options.exclusiveDatabase,
    destination: settings.SMTP_URL ? 'through SMTP' : `to ${options.outboxDir}`,
    timings: deliveryTimings,
  });
  const meetingMails = startMeetingMails({
    db: options.db,
    mailer: options.mailer,
    recipients,
    siteUrl: options.publicUrl,
    secret: options.formSecret,
    fromAddress: /<([^>]+)>/.exec(settings.MAIL_FROM ?? '')?.[1] ?? settings.MAIL_FROM ?? '',
    log,
    releaseLeasesAtStart: options.exclusiveDatabase,
    destination: settings.SMTP_URL ? 'through SMTP' : `to ${options.outboxDir}`,
    timings: deliveryTimings,
  });
  // Both are needed: the event names the pixel, and only the token may send it.
  const leadEvents =
    settings.META_PIXEL_ID && settings.META_CAPI_TOKEN
      ? startMetaLeadEvents({
          db: options.db,
          pixelId: settings.META_PIXEL_ID,
          accessToken: settings.META_CAPI_TOKEN,
          graphUrl: settings.META_GRAPH_URL ?? 'https://graph.facebook.com',
          log,
          releaseLeasesAtStart: options.exclusiveDatabase,
          timings: deliveryTimings,
        })
      : undefined;
  if (leadEvents) log(`Leads of visitors who allow marketing go to Meta's Conversions API.`);
  const digest =
    settings.LEADS_DIGEST === 'off'
      ? undefined
      : startLeadDigest({
          db: options.db,
          mailer: options.mailer,
          recipients,
          siteUrl: options.publicUrl,
          log,
          releaseLeasesAtStart: options.exclusiveDatabase,
          checkIntervalMs: digestCheckIntervalMs,
          timings: deliveryTimings,
        });
  const retention = startRetentionJob({
    db: options.db,
    outboxDir: options.outboxDir,
    log,
    intervalMs: retentionIntervalMs,
    releaseLeaseAtStart: options.exclusiveDatabase,
  });
  return {
    drainMails: () => delivery.drain(),
    drainMeetingMails: () => meetingMails.drain(),
    drainLeadEvents: () => leadEvents?.drain() ?? Promise.resolve(0),
    digest,
    async stop() {
      await Promise.all([
        delivery.stop(),
        meetingMails.stop(),
        leadEvents?.stop(),
        digest?.stop(),
        retention.stop(),
      ]);
    },
  };
}

/** Fails at start, with the fix, when the database lacks the outbox (migrations not applied). */
export async function checkLeadSchema(db: Database): Promise<void> {
  const { rows } = await db.query<{ ready: string }>(
    `select (to_regclass('public.consultation_mails') is not null
             and to_regprocedure('private.delete_stale_consultations(timestamptz)') is not null
             and to_regprocedure('private.delete_stale_meta_lead_events(timestamptz)') is not null
             and to_regprocedure('private.queue_lead_digest(timestamptz, text, time)') is not null
             and to_regclass('public.meeting_mails') is not null
             and to_regclass('private.job_runs') is not null)::text
            as ready`,
  );
  if (rows[0]?.ready !== 'true') {
    throw new Error(
      'DATABASE_URL points to a database without the lead outbox (public.consultation_mails): ' +
        'apply the migrations first (`supabase db push`).',
    );
  }
}
