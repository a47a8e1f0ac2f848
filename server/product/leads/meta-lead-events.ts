// Meta's Conversions API: the "Lead" event of each lead whose visitor allowed marketing,
// drained from public.meta_lead_events (the site's form action fills it with the service key once
// the lead is stored, docs/decisions/0015) with the loop the lead mails use (outbox.ts). The
// event's ID is the lead's, as the pixel's eventID on the thank-you page is, so Meta counts the
// two once. E-mail and phone leave hashed, as Meta specifies
// (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters).
import { createHash } from 'node:crypto';
import type { Database } from '#server/supabase/db/types.ts';
import {
  claimDueRowsSql,
  startOutboxDrain,
  type OutboxDrain,
  type OutboxTimings,
} from './outbox.ts';

/** The Graph API version the events are sent to. */
export const META_GRAPH_API_VERSION = 'v23.0';

/** Meta takes website events up to 7 days old; an older one is given up. */
const MAX_EVENT_AGE_MS = 7 * 24 * 3600_000;

export interface ClaimedLeadEvent {
  id: string;
  attempts: number;
  leadId: string;
  email: string;
  phone: string;
  eventTime: Date;
  eventSourceUrl: string | null;
  clientIpAddress: string | null;
  clientUserAgent: string | null;
  fbc: string | null;
  fbp: string | null;
}

/** Leases up to `limit` due events for `leaseMs` and returns them with their leads' contacts. */
export async function claimDueLeadEvents(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedLeadEvent[]> {
  const { rows } = await db.query<{
    id: string;
    attempts: string | number;
    consultation_id: string;
    email: string;
    phone_number: string;
    event_time: string;
    event_source_url: string | null;
    client_ip_address: string | null;
    client_user_agent: string | null;
    fbc: string | null;
    fbp: string | null;
  }>(
    `${claimDueRowsSql('public.meta_lead_events')}
     select claimed.id, claimed.attempts, claimed.consultation_id, c.email, c.phone_number,
            to_json(claimed.event_time) #>> '{}' as event_time, claimed.event_source_url,
            claimed.client_ip_address, claimed.client_user_agent, claimed.fbc, claimed.fbp
     from claimed
     join public.consultations c on c.id = claimed.consultation_id`,
    [limit, leaseMs],
  );
  return rows.map((row) => ({
    id: row.id,
    attempts: Number(row.attempts),
    leadId: row.consultation_id,
    email: row.email,
    phone: row.phone_number,
    eventTime: new Date(row.event_time),
    eventSourceUrl: row.event_source_url,
    clientIpAddress: row.client_ip_address,
    clientUserAgent: row.client_user_agent,
    fbc: row.fbc,
    fbp: row.fbp,
  }));
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** An e-mail address as Meta hashes it: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone number as Meta hashes it: digits only, with the country code and no leading zeros.
 * The form takes Swedish numbers as Swedes write them: `070-123 45 67` is +46 70 123 45 67,
 * `0046 …` and `+46 (0)70 …` too. Undefined when no digits are left.
 */
export function normalizePhone(phone: string): string | undefined {
  const digits = phone.replace(/\(0\)/g, '').replace(/\D/g, '');
  let international: string;
  if (phone.trim().startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('0')) international = `46${digits.slice(1)}`;
  else international = digits;
  international = international.replace(/^0+/, '');
  return international.length >= 6 ? international : undefined;
}

/** The event as the Conversions API takes it. */
export function leadEventPayload(event: ClaimedLeadEvent): Record<string, unknown> {
  const phone = normalizePhone(event.phone);
  const userData: Record<string, unknown> = {
    em: [sha256(normalizeEmail(event.email))],
    ...(phone ? { ph: [sha256(phone)] } : {}),
    ...(event.clientIpAddress ? { client_ip_address: event.clientIpAddress } : {}),
    ...(event.clientUserAgent ? { client_user_agent: event.clientUserAgent } : {}),
    ...(event.fbc ? { fbc: event.fbc } : {}),
    ...(event.fbp ? { fbp: event.fbp } : {}),
  };
  return {
    event_name: 'Lead',
    event_time: Math.floor(event.eventTime.getTime() / 1000),
    event_id: event.leadId,
    action_source: 'website',
    ...(event.eventSourceUrl ? { event_source_url: event.eventSourceUrl } : {}),
    user_data: userData,
  };
}

/** Meta refused the event for good (a 4xx other than a timeout or a rate limit), or it is too old. */
export class LeadEventRefused extends Error {}

export interface MetaLeadEventOptions {
  db: Database;
  pixelId: string;
  accessToken: string;
  /** https://graph.facebook.com, or a stand-in (tests). */
  graphUrl: string;
  log: (line: string) => void;
  releaseLeasesAtStart?: boolean;
  timings?: Partial<OutboxTimings>;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Sends every due Lead event now and then as the lead mails go, until stopped. */
export function startMetaLeadEvents(options: MetaLeadEventOptions): OutboxDrain {
  const { db } = options;
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const endpoint = `${options.graphUrl.replace(/\/+$/, '')}/${META_GRAPH_API_VERSION}/${options.pixelId}/events`;
  return startOutboxDrain<ClaimedLeadEvent>({
    db,
    table: 'public.meta_lead_events',
    name: 'Meta Lead events',
    claim: (limit, leaseMs) => claimDueLeadEvents(db, limit, leaseMs),
    async send(event) {
      if (now() - event.eventTime.getTime() > MAX_EVENT_AGE_MS)
        throw new LeadEventRefused('older than the 7 days Meta accepts');
      // The token in the body, not the address, so no log of a proxy's keeps it.
      const response = await send(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          data: [leadEventPayload(event)],
          access_token: options.accessToken,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (response.ok) return;
      const message = `Meta answered ${response.status}: ${text.slice(0, 500)}`;
      if (response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status))
        throw new LeadEventRefused(message);
      throw new Error(message);
    },
    isPermanent: (error) => error instanceof LeadEventRefused,
    describe: (event) => `Meta Lead event of lead ${event.leadId}`,
    summary: (settled) => `Meta Lead events: ${settled} sent to the Conversions API.`,
    log: options.log,
    releaseLeasesAtStart: options.releaseLeasesAtStart,
    timings: options.timings,
  });
}
