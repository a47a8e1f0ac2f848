// The agency's details as the server needs them: the lead mails' signature and the
// Reply-To of the visitor's confirmation, and the start's warning while placeholders are in use.
// The site saves them in public.agency_settings (/admin/settings); before that, the environment's
// AGENCY_* and NEWSLETTER_* variables give them (the app reads the same, app/data/agency-settings.ts;
// the server cannot import the app). Mails never carry the app's example values: a detail that is
// set nowhere is left out.
import type { Queryable } from '#server/supabase/db/types.ts';

export interface AgencyDetails {
  legalName: string | null;
  organisationNumber: string | null;
  streetAddress: string | null;
  postalCode: string | null;
  city: string | null;
  contactEmail: string | null;
  phone: string | null;
}

/** Column → environment variable, for the details the mails use. */
const detailSources = {
  legalName: ['legal_name', 'AGENCY_LEGAL_NAME'],
  organisationNumber: ['organisation_number', 'AGENCY_ORG_NUMBER'],
  streetAddress: ['street_address', 'AGENCY_STREET_ADDRESS'],
  postalCode: ['postal_code', 'AGENCY_POSTAL_CODE'],
  city: ['city', 'AGENCY_CITY'],
  contactEmail: ['contact_email', 'AGENCY_EMAIL'],
  phone: ['phone', 'AGENCY_PHONE'],
} as const satisfies Record<keyof AgencyDetails, readonly [string, string]>;

/**
 * The settings the app shows an example value for when they are set nowhere (app/config/site.ts's
 * agencyPlaceholderFields): what the warning names.
 */
const placeholderSources = [
  ['organisation number', 'organisation_number', 'AGENCY_ORG_NUMBER'],
  ['street address', 'street_address', 'AGENCY_STREET_ADDRESS'],
  ['postal code', 'postal_code', 'AGENCY_POSTAL_CODE'],
  ['city', 'city', 'AGENCY_CITY'],
  ['contact e-mail', 'contact_email', 'AGENCY_EMAIL'],
  ['MailerLite account', 'mailerlite_account_id', 'NEWSLETTER_ACCOUNT_ID'],
  ['newsletter form (English)', 'newsletter_form_id_en', 'NEWSLETTER_FORM_ID_EN'],
  ['newsletter form (Swedish)', 'newsletter_form_id_sv', 'NEWSLETTER_FORM_ID_SV'],
  ['guide form (English)', 'guide_form_id_en', 'GUIDE_FORM_ID_EN'],
  ['guide form (Swedish)', 'guide_form_id_sv', 'GUIDE_FORM_ID_SV'],
] as const;

type Env = Record<string, string | undefined>;

async function savedRow(db: Queryable): Promise<Record<string, string | null> | undefined> {
  try {
    const { rows } = await db.query<Record<string, string | null>>(
      'select * from public.agency_settings where id',
    );
    return rows[0];
  } catch (error) {
    // A hosted project whose migrations are not pushed yet has no table: nothing is saved there.
    if ((error as { code?: string }).code === '42P01') return undefined;
    throw error;
  }
}

/** The saved row's details; before anything is saved, the environment's. */
export async function readAgencyDetails(
  db: Queryable,
  env: Env = process.env,
): Promise<AgencyDetails> {
  const row = await savedRow(db);
  return Object.fromEntries(
    Object.entries(detailSources).map(([key, [column, variable]]) => [
      key,
      (row ? row[column] : env[variable]?.trim()) || null,
    ]),
  ) as unknown as AgencyDetails;
}

/** The settings set neither in /admin/settings nor in the environment, so the site shows examples. */
export async function agencyPlaceholdersInUse(
  db: Queryable,
  env: Env = process.env,
): Promise<string[]> {
  const row = await savedRow(db);
  return placeholderSources
    .filter(([, column, variable]) => !row?.[column] && !env[variable]?.trim())
    .map(([name]) => name);
}

/** The line the start logs while placeholders are in use, or null. */
export function placeholderWarning(names: string[]): string | null {
  if (names.length === 0) return null;
  return (
    `The site shows placeholder agency details (${names.join(', ')}): an administrator sets them ` +
    'in /admin/settings, or set AGENCY_* and NEWSLETTER_* (docs/configuration.md).'
  );
}
