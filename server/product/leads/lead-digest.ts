// The daily digest: at 08:00 in the agency's time zone, one mail to the agency's
// recipients with the leads received since the previous digest and those still new 24 hours after
// they came. Every server checks each minute whether today's is due; the database's unique day
// (public.lead_digests, private.queue_lead_digest) lets exactly one of them queue it, and the
// shared outbox loop sends it with retries, as the lead mails go. It also lists the day's strategy
// calls in the agency's time zone.
// Long because the digest's day (when it is due in the agency's zone), its contents (leads, overdue
// leads, calls) and its mail in both languages are read together to check one morning's mail.
import type { Database, Queryable } from '#server/supabase/db/types.ts';
import type { Mail, Mailer } from '#server/mail.ts';
import { formatTimeRange, formatWeekdayTime } from '#shared/date-time.ts';
import { readAgencyTimeZone } from './agency-time-zone.ts';
import { escapeHtml, oneLine } from './lead-mails.ts';
import { claimDueRowsSql, startOutboxDrain, type OutboxTimings } from './outbox.ts';
import { lookupAgencyRecipients, type AgencyRecipientRule } from './recipients.ts';

/** The agency's local time the digest goes at. */
export const DIGEST_SEND_AT = '08:00';
export const DIGEST_CHECK_INTERVAL_MS = 60_000;

export interface DigestLead {
  id: string;
  name: string;
  company_name: string;
  source: string;
  status: string;
  received_at: string;
  owner_email: string | null;
  /**
   * 'true' for a lead kept past the form's limits, not mailed until released
   * (docs/decisions/0024-held-leads.md); text, as the server's connection reads every value.
   */
  held: string;
}

export interface DigestMeeting {
  lead_id: string;
  name: string;
  company_name: string;
  phone_number: string;
  starts_at: string;
  ends_at: string;
}

export interface LeadDigest {
  /** The agency's calendar day, YYYY-MM-DD. */
  day: string;
  timeZone: string;
  periodStart: string;
  periodEnd: string;
  newLeads: DigestLead[];
  overdueLeads: DigestLead[];
  /** The active meetings of the digest's day in its time zone, earliest first. */
  meetings: DigestMeeting[];
}

interface ClaimedDigest {
  id: string;
  attempts: number;
  queuedAt: Date;
  digest: Omit<LeadDigest, 'newLeads' | 'overdueLeads' | 'meetings'>;
}

/** Queues the digest of as_of's day if due and not yet queued; the day, or null. */
export async function queueLeadDigest(
  db: Queryable,
  options: { asOf?: Date; timeZone: string; sendAt?: string },
): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    `select to_char(private.queue_lead_digest(coalesce($1::timestamptz, now()), $2, $3::time),
                    'YYYY-MM-DD') as day`,
    [options.asOf?.toISOString() ?? null, options.timeZone, options.sendAt ?? DIGEST_SEND_AT],
  );
  return rows[0]?.day ?? null;
}

const leadSelect = `select c.id, c.name, c.company_name, c.source, c.status,
       to_json(c.received_at) #>> '{}' as received_at, u.email::text as owner_email,
       c.held::text as held
  from public.consultations c
  left join auth.users u on u.id = c.owner_id`;

/** The digest's leads: received in its period, and still new 24 hours before its end. */
export async function readDigestLeads(
  db: Queryable,
  period: { periodStart: string; periodEnd: string },
): Promise<Pick<LeadDigest, 'newLeads' | 'overdueLeads'>> {
  const fresh = await db.query<DigestLead>(
    `${leadSelect}
     where c.received_at >= $1::timestamptz and c.received_at < $2::timestamptz
     order by c.received_at, c.id`,
    [period.periodStart, period.periodEnd],
  );
  const overdue = await db.query<DigestLead>(
    `${leadSelect}
     where c.status = 'new' and c.received_at <= $1::timestamptz - interval '24 hours'
     order by c.received_at, c.id`,
    [period.periodEnd],
  );
  return { newLeads: fresh.rows, overdueLeads: overdue.rows };
}

/** The strategy calls of the digest's day (in its zone) that still stand. */
export async function readDigestMeetings(
  db: Queryable,
  digest: { day: string; timeZone: string },
): Promise<DigestMeeting[]> {
  const { rows } = await db.query<DigestMeeting>(
    `select c.id as lead_id, c.name, c.company_name, c.phone_number,
            to_json(m.starts_at) #>> '{}' as starts_at, to_json(m.ends_at) #>> '{}' as ends_at
       from public.meetings m
       join public.consultations c on c.id = m.consultation_id
      where m.status = 'active'
        and m.starts_at >= ($1::date)::timestamp at time zone $2
        and m.starts_at < ($1::date + 1)::timestamp at time zone $2
      order by m.starts_at, m.id`,
    [digest.day, digest.timeZone],
  );
  return rows;
}

async function claimDueDigests(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDigest[]> {
  const { rows } = await db.query<{
    id: string;
    attempts: string;
    day: string;
    time_zone: string;
    period_start: string;
    period_end: string;
    queued_at: string;
  }>(
    `${claimDueRowsSql('public.lead_digests')}
     select id, attempts, to_char(day, 'YYYY-MM-DD') as day, time_zone,
            to_json(period_start) #>> '{}' as period_start,
            to_json(period_end) #>> '{}' as period_end,
            to_json(created_at) #>> '{}' as queued_at
     from claimed`,
    [limit, leaseMs],
  );
  return rows.map((row) => ({
    id: row.id,
    attempts: Number(row.attempts),
    queuedAt: new Date(row.queued_at),
    digest: {
      day: row.day,
      timeZone: row.time_zone,
      periodStart: row.period_start,
      periodEnd: row.period_end,
    },
  }));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Mon 1 Dec, 09:15 CET": in the agency's zone, named (the digest is English, like the admin). */
const localTime = (iso: string, timeZone: string) =>
  formatWeekdayTime(iso, { language: 'en', timeZone });

/** Whether the digest has anything to tell: a new lead, one waiting, or a call that day. */
function digestHasNews(digest: Pick<LeadDigest, 'newLeads' | 'overdueLeads' | 'meetings'>) {
  return digest.newLeads.length + digest.overdueLeads.length + digest.meetings.length > 0;
}

function leadUrl(siteUrl: string | undefined, id: string): string | null {
  return siteUrl ? new URL(`/admin/leads/${id}`, siteUrl).toString() : null;
}

/** The digest as a mail: plain text, and HTML in which every lead's text is escaped. */
export function composeLeadDigest(
  digest: LeadDigest,
  options: { to: string[]; siteUrl?: string },
): Omit<Mail, 'identity'> {
  const { newLeads, overdueLeads, meetings, timeZone } = digest;
  const subject = `Leads on ${digest.day}: ${plural(newLeads.length, 'new lead', 'new leads')}, ${overdueLeads.length} waiting over 24 hours${meetings.length ? `, ${plural(meetings.length, 'call', 'calls')} today` : ''}`;
  const line = (lead: DigestLead) =>
    `${oneLine(lead.name, 100)} (${oneLine(lead.company_name, 100)}), ${lead.source}, received ${localTime(lead.received_at, timeZone)}, ${lead.owner_email ? `owner ${lead.owner_email}` : 'no owner'}${lead.held === 'true' ? ', HELD past the form’s limits: release or delete it' : ''}`;
  const sections: Array<{ heading: string; empty: string; leads: DigestLead[] }> = [
    {
      heading: `New since the last digest (${localTime(digest.periodStart, timeZone)})`,
      empty: 'No new leads.',
      leads: newLeads,
    },
    {
      heading: 'Still new after 24 hours: not contacted as promised',
      empty: 'None: every lead has been contacted in time.',
      leads: overdueLeads,
    },
  ];
  const meetingLine = (meeting: DigestMeeting) =>
    `${formatTimeRange(meeting.starts_at, meeting.ends_at, { language: 'en', timeZone })} ${oneLine(meeting.name, 100)} (${oneLine(meeting.company_name, 100)}), ${oneLine(meeting.phone_number, 50)}`;
  const meetingSection = {
    heading: "Today's strategy calls",
    empty: 'No calls today.',
    lines: meetings.map((meeting) => ({
      text: meetingLine(meeting),
      url: leadUrl(options.siteUrl, meeting.lead_id),
    })),
  };
  const inbox = options.siteUrl ? new URL('/admin/leads', options.siteUrl).toString() : null;
  const text = [
    `The agency's leads on ${digest.day} (times in ${timeZone}).`,
    '',
    `${meetingSection.heading}:`,
    ...(meetingSection.lines.length
      ? meetingSection.lines.map(({ text, url }) => `- ${text}${url ? `\n  ${url}` : ''}`)
      : [meetingSection.empty]),
    '',
    ...sections.flatMap((section) => [
      `${section.heading}:`,
      ...(section.leads.length
        ? section.leads.map((lead) => {
            const url = leadUrl(options.siteUrl, lead.id);
            return `- ${line(lead)}${url ? `\n  ${url}` : ''}`;
          })
        : [section.empty]),
      '',
    ]),
    inbox ? `All leads: ${inbox}` : 'All leads: /admin/leads on the site.',
    '',
  ].join('\n');
  const html = [
    `<p>The agency's leads on ${escapeHtml(digest.day)} (times in ${escapeHtml(timeZone)}).</p>`,
    `<h2>${escapeHtml(meetingSection.heading)}</h2>${
      meetingSection.lines.length
        ? `<ul>${meetingSection.lines
            .map(
              ({ text, url }) =>
                `<li>${url ? `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>` : escapeHtml(text)}</li>`,
            )
            .join('')}</ul>`
        : `<p>${escapeHtml(meetingSection.empty)}</p>`
    }`,
    ...sections.map((section) => {
      const items = section.leads.map((lead) => {
        const url = leadUrl(options.siteUrl, lead.id);
        const text = escapeHtml(line(lead));
        return `<li>${url ? `<a href="${escapeHtml(url)}">${text}</a>` : text}</li>`;
      });
      return `<h2>${escapeHtml(section.heading)}</h2>${items.length ? `<ul>${items.join('')}</ul>` : `<p>${escapeHtml(section.empty)}</p>`}`;
    }),
    inbox ? `<p><a href="${escapeHtml(inbox)}">All leads</a></p>` : '',
  ].join('\n');
  return { to: options.to, subject, text, html };
}

export interface LeadDigestJob {
  /** Queues the digest if due (as of now, or the given moment); the day queued, or null. */
  queue(asOf?: Date): Promise<string | null>;
  /** Sends every due digest now; how many were settled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function startLeadDigest(options: {
  db: Database;
  mailer: Mailer;
  recipients: AgencyRecipientRule;
  siteUrl?: string;
  log: (line: string) => void;
  releaseLeasesAtStart?: boolean;
  checkIntervalMs?: number;
  timings?: Partial<OutboxTimings>;
}): LeadDigestJob {
  const { db, log } = options;
  const drainer = startOutboxDrain<ClaimedDigest>({
    db,
    table: 'public.lead_digests',
    name: 'Lead digest',
    claim: (limit, leaseMs) => claimDueDigests(db, limit, leaseMs),
    async send(claim) {
      const leads = await readDigestLeads(db, claim.digest);
      const meetings = await readDigestMeetings(db, claim.digest);
      if (!digestHasNews({ ...leads, meetings })) {
        // Nothing to say: no mail, and the day keeps its row, so it is not queued again.
        await db.query(
          `update public.lead_digests
              set status = 'skipped', locked_until = null, last_error = null
            where id = $1`,
          [claim.id],
        );
        log(`Lead digest of ${claim.digest.day}: nothing new, no mail sent.`);
        return 'settled';
      }
      const to = await lookupAgencyRecipients(db, options.recipients);
      const mail = composeLeadDigest(
        { ...claim.digest, ...leads, meetings },
        { to, siteUrl: options.siteUrl },
      );
      await options.mailer.send({ ...mail, identity: { id: claim.id, queuedAt: claim.queuedAt } });
    },
    describe: (claim) => `Lead digest of ${claim.digest.day}`,
    summary: () => 'Lead digest done (sent, or skipped with nothing new).',
    log,
    releaseLeasesAtStart: options.releaseLeasesAtStart,
    timings: options.timings,
  });

  async function queue(asOf?: Date): Promise<string | null> {
    const day = await queueLeadDigest(db, { asOf, timeZone: await readAgencyTimeZone(db) });
    if (day) void drainer.drain().catch((error: unknown) => log(`Lead digest: ${String(error)}`));
    return day;
  }

  let checking: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (checking) return;
    checking = queue()
      .catch((error: unknown) => log(`Lead digest check failed: ${(error as Error).message}`))
      .finally(() => (checking = undefined));
  }, options.checkIntervalMs ?? DIGEST_CHECK_INTERVAL_MS);
  // The HTTP server keeps the process alive; this timer alone must not.
  timer.unref();

  return {
    queue,
    drain: () => drainer.drain(),
    async stop() {
      clearInterval(timer);
      await checking;
      await drainer.stop();
    },
  };
}
