// The consultations table as the admin's inbox reads and changes it: leads from the "book a free
// strategy call" form, which ./lead-intake.ts stores.
import type { Database } from './database.types';
import { DataError, dataError } from './errors';
import { readEveryPage } from './every-page';
import { escapeLikePattern, leadSearchFilter } from './lead-search';
import type { AppSupabaseClient } from './supabase';

// The leads list (signed-in administrators only: anon may neither read nor change a lead).

export type Lead = Database['public']['Tables']['consultations']['Row'];

/** Where a lead stands (consultations_status_check). */
export const leadStatuses = ['new', 'contacted', 'booked', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return (leadStatuses as readonly unknown[]).includes(value);
}

/**
 * What an administrator may change on a lead (the column grants allow status, notes and owner).
 * A field left out stays as it is.
 */
export type LeadChanges = { status?: LeadStatus; notes?: string | null; owner_id?: string | null };

/** How long a new lead may wait for its first contact before it is overdue (the 24 hours promised). */
export const LEAD_CONTACT_WITHIN_MS = 24 * 60 * 60_000;

/** Still new 24 hours after it came: nobody has contacted the visitor as promised. */
export function isLeadOverdue(lead: Pick<Lead, 'status' | 'received_at'>, now: Date): boolean {
  return (
    lead.status === 'new' && now.getTime() - Date.parse(lead.received_at) >= LEAD_CONTACT_WITHIN_MS
  );
}

/** The list's columns that sort on the server (the owner sorts by who it is, not by address). */
export const leadSortKeys = ['received_at', 'name', 'company_name', 'source', 'status'] as const;
export type LeadSortKey = (typeof leadSortKeys)[number];

export function isLeadSortKey(value: unknown): value is LeadSortKey {
  return (leadSortKeys as readonly unknown[]).includes(value);
}

/** mine: the caller's own leads; unassigned: leads nobody owns; a user id: that member's. */
export type LeadOwnerFilter = 'mine' | 'unassigned' | { userId: string };

export interface LeadQuery {
  /** Only leads with this status; every status when absent. */
  status?: LeadStatus | null;
  /** Part of the name, e-mail address or company name, any case. */
  search?: string;
  /** Only the leads still new 24 hours after they came, as of `now`. */
  overdue?: boolean;
  /** Whose leads; everyone's when absent. */
  owner?: LeadOwnerFilter | null;
  /** The signed-in user, for owner 'mine'. */
  userId?: string;
  /** The column to order by; received_at (newest first) when absent. */
  sort?: LeadSortKey;
  /** Ascending instead of descending. */
  ascending?: boolean;
  /** The moment "overdue" is measured from (the tests fix it). */
  now?: Date;
  offset?: number;
  limit?: number;
}

export interface LeadPage {
  leads: Lead[];
  /** How many leads match the query in all, beyond this page too. */
  total: number;
}

/** A page of the leads list when the caller names no limit. */
export const LEADS_PAGE_SIZE = 50;

/** The leads list's query: its filters and order (ties by id, so paging never repeats or skips). */
function leadsRequest(client: AppSupabaseClient, query: LeadQuery) {
  let request = client.from('consultations').select('*', { count: 'exact' });
  if (query.status) request = request.eq('status', query.status);
  const search = query.search?.trim();
  if (search) request = request.or(leadSearchFilter(search));
  if (query.overdue) {
    const now = query.now ?? new Date();
    request = request
      .eq('status', 'new')
      .lte('received_at', new Date(now.getTime() - LEAD_CONTACT_WITHIN_MS).toISOString());
  }
  if (query.owner === 'unassigned') request = request.is('owner_id', null);
  else if (query.owner === 'mine') {
    if (!query.userId) throw new DataError('Whose leads are "mine" needs the signed-in user.');
    request = request.eq('owner_id', query.userId);
  } else if (query.owner) request = request.eq('owner_id', query.owner.userId);
  const sort = query.sort ?? 'received_at';
  const ascending = query.ascending ?? false;
  request = request.order(sort, { ascending });
  // Ties (the same name, status…) newest first, then by id, so paging never repeats or skips.
  if (sort !== 'received_at') request = request.order('received_at', { ascending: false });
  return request.order('id', { ascending });
}

/**
 * One page of leads, newest first (received_at: the server's clock, not the visitor's), and how
 * many match in all.
 */
export async function listLeads(
  client: AppSupabaseClient,
  query: LeadQuery = {},
): Promise<LeadPage> {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? LEADS_PAGE_SIZE;
  const { data, count, error, status } = await leadsRequest(client, query).range(
    offset,
    offset + limit - 1,
  );
  if (error) throw dataError(error, status);
  return { leads: data, total: count ?? data.length };
}

/**
 * Every lead the list's filters match, in its order, page by page past max_rows (the CSV export).
 * A lead that arrives during the read may push one already read onto the next page: it is kept
 * once.
 */
export async function listAllLeads(
  client: AppSupabaseClient,
  query: Omit<LeadQuery, 'offset' | 'limit'> = {},
): Promise<Lead[]> {
  const leads = await readEveryPage((from, to) => leadsRequest(client, query).range(from, to));
  // A Map keeps each id at its first place.
  return [...new Map(leads.map((lead) => [lead.id, lead])).values()];
}

/** How many leads nobody has acted on yet (status new). */
export async function countNewLeads(client: AppSupabaseClient): Promise<number> {
  const { count, error, status } = await client
    .from('consultations')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'new');
  if (error) throw dataError(error, status);
  return count ?? 0;
}

/** One lead by its id; null when there is none (or the caller may not see it). */
export async function getLead(client: AppSupabaseClient, id: string): Promise<Lead | null> {
  // An address with no uuid in it names no lead (rather than a query the database refuses).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { data, error, status } = await client
    .from('consultations')
    .select('*')
    .eq('id', id)
    .maybeSingle();
  if (error) throw dataError(error, status);
  return data;
}

/**
 * Saves a lead's status, notes and owner (those named) and returns the lead as stored
 * (updated_at moves on; the database records each change in the lead's history).
 */
export async function updateLead(
  client: AppSupabaseClient,
  id: string,
  changes: LeadChanges,
): Promise<Lead> {
  const update: LeadChanges = {};
  if (changes.status !== undefined) update.status = changes.status;
  if (changes.notes !== undefined) update.notes = changes.notes;
  if (changes.owner_id !== undefined) update.owner_id = changes.owner_id;
  if (Object.keys(update).length === 0) throw new DataError('Nothing to save on the lead.');
  const { data, error, status } = await client
    .from('consultations')
    .update(update)
    .eq('id', id)
    .select('*')
    .single();
  // PGRST116 here: the lead is gone (deleted meanwhile), which the caller reports as a failure.
  if (error) throw dataError(error, status);
  return data;
}

/**
 * Releases a lead held past the form's limits (docs/decisions/0024-held-leads.md): it becomes a
 * normal lead, and the database queues its two mails. Answers the lead as stored.
 */
export async function releaseLead(client: AppSupabaseClient, id: string): Promise<Lead> {
  const { data, error, status } = await client
    .from('consultations')
    .update({ held: false })
    .eq('id', id)
    .select('*')
    .single();
  if (error) throw dataError(error, status);
  return data;
}

/**
 * Deletes a lead for good; its mails, history and call go with it (on delete cascade).
 *
 * A mail of the lead being marked sent at that moment holds the mail's row and then asks for the
 * lead (its history entry), while the delete holds the lead and then asks for the mail: PostgreSQL
 * ends one of the two with a deadlock (40P01). Usually the delete, which waited first; it is then
 * simply tried again, by when the send has finished.
 */
export async function deleteLead(client: AppSupabaseClient, id: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { error, status } = await client.from('consultations').delete().eq('id', id);
    if (!error) return;
    const failure = dataError(error, status);
    if (!failure.isDeadlock || attempt === DELETE_ATTEMPTS) throw failure;
  }
}

const DELETE_ATTEMPTS = 3;

/**
 * Every lead stored for one e-mail address, exact but in any case, oldest first: a data subject's
 * request for their data (GDPR art. 15 and 20).
 */
export async function listLeadsByEmail(client: AppSupabaseClient, email: string): Promise<Lead[]> {
  const address = email.trim();
  if (!address) return [];
  // Oldest first, so a lead arriving during the read lands on a later page.
  const leads = await readEveryPage((from, to) =>
    client
      .from('consultations')
      .select('*', { count: 'exact' })
      .ilike('email', escapeLikePattern(address))
      .order('received_at', { ascending: true })
      .order('id', { ascending: true })
      .range(from, to),
  );
  // The pattern's `_` for a `*` may match one other character: keep the exact address only.
  const wanted = address.toLowerCase();
  return leads.filter((lead) => lead.email.toLowerCase() === wanted);
}

/** An administrator who may own a lead, with the address the list shows. */
export interface LeadOwnerChoice {
  userId: string;
  email: string;
}

/**
 * The team's administrators: the members a lead may be given to (editors never see leads). One
 * JSON value from the database, so the data API's max_rows never cuts it.
 */
export async function listLeadOwnerChoices(client: AppSupabaseClient): Promise<LeadOwnerChoice[]> {
  const { data, error, status } = await client.rpc('lead_owner_choices');
  if (error) throw dataError(error, status);
  if (!Array.isArray(data))
    throw new DataError('The owners came back in a shape this page does not know.');
  return data.map((row) => {
    const { user_id, email } = (row ?? {}) as { user_id?: unknown; email?: unknown };
    if (typeof user_id !== 'string' || typeof email !== 'string')
      throw new DataError('The owners came back in a shape this page does not know.');
    return { userId: user_id, email };
  });
}
