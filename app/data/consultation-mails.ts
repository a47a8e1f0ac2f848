// The consultation_mails table: the outbox of the two mails every lead sends (the agency's
// notification and the visitor's confirmation), read by the leads list for their delivery state.
// Only the server writes it; signed-in administrators may read it.
import type { Database } from './database.types';
import { readEveryPageForIds } from './every-page';
import type { AppSupabaseClient } from './supabase';

export type LeadMail = Database['public']['Tables']['consultation_mails']['Row'];
export type LeadMailKind = 'agency_notification' | 'visitor_confirmation';
export type LeadMailStatus = 'pending' | 'sent' | 'failed';

/**
 * The mails of these leads, 100 leads per request and page by page past max_rows. A query of its
 * own rather than an embedded resource: the embedded backend serves no embedding, and this works
 * on both it and hosted Supabase.
 */
export function listLeadMails(
  client: AppSupabaseClient,
  consultationIds: readonly string[],
): Promise<LeadMail[]> {
  return readEveryPageForIds(consultationIds, (ids, from, to) =>
    client
      .from('consultation_mails')
      .select('*', { count: 'exact' })
      .in('consultation_id', ids)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true })
      .range(from, to),
  );
}
