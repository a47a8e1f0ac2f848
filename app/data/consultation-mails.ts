// The consultation_mails table: the outbox of the two mails every lead sends (the agency's
// notification and the visitor's confirmation), read by the leads list for their delivery state.
// Only the server writes it; signed-in administrators may read it.
import type { Database } from './database.types';
import { dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

export type LeadMail = Database['public']['Tables']['consultation_mails']['Row'];
export type LeadMailKind = 'agency_notification' | 'visitor_confirmation';
export type LeadMailStatus = 'pending' | 'sent' | 'failed';

/** Ids per request: keeps the `in.(…)` list, and so the URL, well under servers' limits. */
const IDS_PER_REQUEST = 100;

/**
 * The mails of these leads. A query of its own rather than an embedded resource: the embedded
 * backend serves no embedding, and this works on both it and hosted Supabase.
 */
export async function listLeadMails(
  client: AppSupabaseClient,
  consultationIds: readonly string[],
): Promise<LeadMail[]> {
  const ids = [...new Set(consultationIds)];
  const mails: LeadMail[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
    const { data, error, status } = await client
      .from('consultation_mails')
      .select('*')
      .in('consultation_id', ids.slice(start, start + IDS_PER_REQUEST))
      .order('created_at', { ascending: true });
    if (error) throw dataError(error, status);
    mails.push(...data);
  }
  return mails;
}
