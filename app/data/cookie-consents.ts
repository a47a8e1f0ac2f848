// The cookie_consents table: each cookie choice a visitor makes, recorded as proof of consent
// (docs/decisions/0014). Anyone may insert, 100 an hour per address; nobody reads it back through
// the API.
import type { Database } from './database.types';
import { dataError } from './errors';
import { forwardedFor, type OnBehalfOfVisitor } from './forwarded-for';
import type { AppSupabaseClient } from './supabase';

export type CookieConsentRecord = Pick<
  Database['public']['Tables']['cookie_consents']['Insert'],
  | 'consent_id'
  | 'analytics'
  | 'marketing'
  | 'preferences'
  | 'policy_version'
  | 'language'
  | 'source'
>;

/**
 * Stores one choice; throws a DataError when the database refuses it (isRateLimited: the
 * visitor's address recorded too many choices this hour).
 */
export async function recordCookieConsent(
  client: AppSupabaseClient,
  record: CookieConsentRecord,
  { clientAddress }: OnBehalfOfVisitor = {},
): Promise<void> {
  const { error, status } = await forwardedFor(
    client.from('cookie_consents').insert(record),
    clientAddress,
  );
  if (error) throw dataError(error, status);
}
