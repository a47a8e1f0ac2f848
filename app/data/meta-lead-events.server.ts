// Meta's Lead event of a stored lead, queued in public.meta_lead_events for the server's outbox to
// send to the Conversions API (docs/decisions/0015). Only the service role may write the table:
// the site's server queues an event after its form's action has stored the lead of a visitor who
// allows marketing, and nobody with the public keys can queue one.
import type { Database } from './database.types';
import { dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

/** What the event carries besides the hashed contacts the server computes when it sends. */
export type MetaLeadEventContext = Pick<
  Database['public']['Tables']['meta_lead_events']['Insert'],
  'event_source_url' | 'client_ip_address' | 'client_user_agent' | 'fbc' | 'fbp'
>;

/** PostgreSQL's foreign_key_violation: the lead the event names is not stored. */
const NO_SUCH_LEAD = '23503';

/**
 * Queues the lead's event with the service-key client. Answers 'no lead' when the lead is not
 * stored (the database drops a repeated request without an error, decision 5), so nothing is
 * queued for it; throws a DataError otherwise.
 */
export async function queueMetaLeadEvent(
  service: AppSupabaseClient,
  leadId: string,
  context: MetaLeadEventContext,
): Promise<'queued' | 'no lead'> {
  const { error, status } = await service
    .from('meta_lead_events')
    .insert({ consultation_id: leadId, ...context });
  if (error?.code === NO_SUCH_LEAD) return 'no lead';
  if (error) throw dataError(error, status);
  return 'queued';
}
