// The consultations table: leads from the "book a free strategy call" form (specification §7).
import type { Database } from './database.types';
import { dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

export type ConsultationInput = Pick<
  Database['public']['Tables']['consultations']['Insert'],
  | 'name'
  | 'email'
  | 'phone_number'
  | 'problems'
  | 'additional_info'
  | 'company_name'
  | 'how_found_us'
  | 'language'
  | 'created_at'
>;

/** Stores a lead. Anyone may insert; nobody but an administrator may read it back. */
export async function submitConsultation(
  client: AppSupabaseClient,
  input: ConsultationInput,
): Promise<void> {
  const { error, status } = await client.from('consultations').insert(input);
  if (error) throw dataError(error, status);
}
