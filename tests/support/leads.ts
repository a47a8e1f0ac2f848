// Leads for tests: aLead builds a valid consultations row as the site stores it, aLeadForm the
// fields a visitor types into the booking form, aStoredLead a whole row as the leads list reads
// it, each with an address no other lead has (a repeat would be dropped as spam); insertLeads
// stores many at once, straight into the database, for tests that need leads to act on (booking,
// mails) without the form's per-address limits; deleteEveryLeadSql empties the table between
// tests. Pure: app unit tests import it too, so nothing here reaches the server or Node.
import type { Lead } from '~/data/consultations.ts';

let serial = 0;

/**
 * Empties the leads table between tests, mails first: the server's delivery may be marking one of
 * them sent, which locks the mail and then its lead, and taking the two in the opposite order
 * could deadlock with it.
 */
export const deleteEveryLeadSql =
  'delete from public.consultation_mails; delete from public.consultations;';

/** An address no other lead in this run has. */
export function aLeadEmail(name = 'lead'): string {
  serial += 1;
  return `${name}.${serial}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.se`;
}

/** The fields a visitor types into the booking form (its controls' names are the columns). */
export interface LeadForm {
  name: string;
  email: string;
  phone_number: string;
  company_name: string;
  problems: string;
  how_found_us: string;
}

/** A consultations row as the site writes it: the form's fields, the page's language, the time. */
export interface LeadRow extends LeadForm {
  additional_info: string | null;
  language: 'english' | 'swedish';
  created_at: string;
}

/** What a visitor sends through the booking form, valid unless the test says otherwise. */
export function aLeadForm<T extends object = object>(
  overrides: T = {} as T,
): Omit<LeadForm, keyof T> & T {
  const defaults: LeadForm = {
    name: 'Anna Svensson',
    email: aLeadEmail('anna'),
    phone_number: '070-123 45 67',
    company_name: 'Svensson VVS AB',
    problems: 'We get too few enquiries in the winter months.',
    how_found_us: 'Google',
  };
  return Object.assign(defaults, overrides);
}

/** A lead as stored by the site, valid unless the test says otherwise. */
export function aLead<T extends object = object>(
  overrides: T = {} as T,
): Omit<LeadRow, keyof T> & T {
  const defaults: LeadRow = {
    ...aLeadForm(),
    additional_info: null,
    language: 'english',
    created_at: new Date().toISOString(),
  };
  return Object.assign(defaults, overrides);
}

/** A whole consultations row as the leads list reads it back: received, new, owned by nobody. */
export function aStoredLead(overrides: Partial<Lead> = {}): Lead {
  const { created_at } = aLead();
  return {
    ...aLead(),
    id: crypto.randomUUID(),
    status: 'new',
    notes: null,
    received_at: created_at,
    updated_at: created_at,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    referrer: null,
    landing_page: null,
    owner_id: null,
    source: '(direct)',
    held: false,
    ...overrides,
  };
}

/** The one query insertLeads needs: the server's own connection, or any pg-like client. */
interface Queryable {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** Stores `count` leads, each with its own address, and answers their ids. */
export async function insertLeads(db: Queryable, count: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.consultations
       (name, email, phone_number, problems, company_name, how_found_us)
     select 'Lead ' || n, 'lead' || n || '.' || gen_random_uuid() || '@example.se',
            '070-000 00 00', 'We need more qualified leads for our business.',
            'Company ' || n, 'Google'
       from generate_series(1, $1::int) as n
     returning id`,
    [count],
  );
  return rows.map((row) => row.id);
}
