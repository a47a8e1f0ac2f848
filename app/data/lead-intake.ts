// A lead as the "book a free strategy call" form stores it: the one write anyone may make to the
// consultations table (the admin's inbox reads and changes leads through ./consultations.ts).
import type { Database } from './database.types';
import { dataError } from './errors';
import { forwardedFor, type OnBehalfOfVisitor } from './forwarded-for';
import type { AppSupabaseClient } from './supabase';

export type ConsultationInput = Pick<
  Database['public']['Tables']['consultations']['Insert'],
  | 'id'
  | 'name'
  | 'email'
  | 'phone_number'
  | 'problems'
  | 'additional_info'
  | 'company_name'
  | 'how_found_us'
  | 'language'
  | 'created_at'
  | 'utm_source'
  | 'utm_medium'
  | 'utm_campaign'
  | 'utm_term'
  | 'utm_content'
  | 'referrer'
  | 'landing_page'
>;

/** The waits before a lead is tried again while the database is out of reach (a restart). */
export const SUBMIT_RETRY_WAITS_MS = [1000, 2000];

/**
 * Stores a lead. Anyone may insert; nobody but an administrator may read it back. Past a limit the
 * database keeps it held for the agency; a DataError with code PT429 (status 429) means the
 * visitor's address is past the bound of held leads too, and nothing was stored. A lead that
 * carries its id is tried again while the database is out of reach: a try whose answer was lost
 * may have stored it, and the next one finding its id taken means stored.
 */
export async function submitConsultation(
  client: AppSupabaseClient,
  input: ConsultationInput,
  { clientAddress, userAgent }: OnBehalfOfVisitor = {},
  wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (let tried = 0; ; tried++) {
    const { error, status } = await forwardedFor(
      client.from('consultations').insert(input),
      clientAddress,
      userAgent,
    );
    if (!error) return;
    const failure = dataError(error, status);
    if (tried > 0 && failure.isUniqueViolation && /consultations_pkey/.test(failure.message))
      return;
    const next = SUBMIT_RETRY_WAITS_MS[tried];
    if (!input.id || !failure.isUnavailable || next === undefined) throw failure;
    await wait(next);
  }
}
