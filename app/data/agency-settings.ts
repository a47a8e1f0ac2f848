// The agency's details as settings: the company the privacy policy, the footer, the
// structured data and the lead mails name, and the newsletter provider's form ids. One row in
// agency_settings, saved by an administrator in /admin/settings. Until it is saved the
// environment's values are used (AGENCY_*, NEWSLETTER_*), then app/config/site.ts's fallbacks.
// The rules below are the form's; the table's check constraints and trigger are the same.
import { agencyFallbacks, agencyPlaceholderFields } from '~/config/site';
import type { Database } from './database.types';
import { dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

type Row = Database['public']['Tables']['agency_settings']['Row'];

/** The details every page uses. */
export interface AgencySettings {
  legalName: string;
  organisationNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  contactEmail: string;
  phone: string | null;
  facebookUrl: string | null;
  linkedinUrl: string | null;
  instagramUrl: string | null;
  mailerLiteAccountId: string;
  newsletterFormIdEn: string;
  newsletterFormIdSv: string;
  guideFormIdEn: string;
  guideFormIdSv: string;
}

export type AgencySettingKey = keyof AgencySettings;

type Rule = 'text' | 'organisationNumber' | 'postalCode' | 'email' | 'phone' | 'https' | 'digits';

interface FieldDefinition {
  column: Exclude<keyof Row, 'id' | 'updated_at'>;
  /** The environment variable that gives the starting value. */
  env: string;
  rule: Rule;
  /**
   * required: the form asks for it (not null in the table); none: left empty, the site shows
   * nothing; fallback: left empty, the environment's value or the placeholder is used.
   */
  empty: 'required' | 'none' | 'fallback';
}

/** Every setting: its column, its environment variable, its rule, and what empty means. */
export const agencySettingFields = {
  legalName: { column: 'legal_name', env: 'AGENCY_LEGAL_NAME', rule: 'text', empty: 'required' },
  organisationNumber: {
    column: 'organisation_number',
    env: 'AGENCY_ORG_NUMBER',
    rule: 'organisationNumber',
    empty: 'required',
  },
  streetAddress: {
    column: 'street_address',
    env: 'AGENCY_STREET_ADDRESS',
    rule: 'text',
    empty: 'required',
  },
  postalCode: {
    column: 'postal_code',
    env: 'AGENCY_POSTAL_CODE',
    rule: 'postalCode',
    empty: 'required',
  },
  city: { column: 'city', env: 'AGENCY_CITY', rule: 'text', empty: 'required' },
  contactEmail: { column: 'contact_email', env: 'AGENCY_EMAIL', rule: 'email', empty: 'required' },
  phone: { column: 'phone', env: 'AGENCY_PHONE', rule: 'phone', empty: 'none' },
  facebookUrl: { column: 'facebook_url', env: 'AGENCY_FACEBOOK_URL', rule: 'https', empty: 'none' },
  linkedinUrl: { column: 'linkedin_url', env: 'AGENCY_LINKEDIN_URL', rule: 'https', empty: 'none' },
  instagramUrl: {
    column: 'instagram_url',
    env: 'AGENCY_INSTAGRAM_URL',
    rule: 'https',
    empty: 'none',
  },
  mailerLiteAccountId: {
    column: 'mailerlite_account_id',
    env: 'NEWSLETTER_ACCOUNT_ID',
    rule: 'digits',
    empty: 'fallback',
  },
  newsletterFormIdEn: {
    column: 'newsletter_form_id_en',
    env: 'NEWSLETTER_FORM_ID_EN',
    rule: 'digits',
    empty: 'fallback',
  },
  newsletterFormIdSv: {
    column: 'newsletter_form_id_sv',
    env: 'NEWSLETTER_FORM_ID_SV',
    rule: 'digits',
    empty: 'fallback',
  },
  guideFormIdEn: {
    column: 'guide_form_id_en',
    env: 'GUIDE_FORM_ID_EN',
    rule: 'digits',
    empty: 'fallback',
  },
  guideFormIdSv: {
    column: 'guide_form_id_sv',
    env: 'GUIDE_FORM_ID_SV',
    rule: 'digits',
    empty: 'fallback',
  },
} as const satisfies Record<AgencySettingKey, FieldDefinition>;

export const agencySettingKeys = Object.keys(agencySettingFields) as AgencySettingKey[];

// RULES

/** Luhn over the ten digits: every other digit from the first doubled, the sum a multiple of 10. */
export function hasValidCheckDigit(digits: string): boolean {
  let total = 0;
  for (let index = 0; index < digits.length; index++) {
    const product = Number(digits[index]) * (index % 2 === 0 ? 2 : 1);
    total += Math.floor(product / 10) + (product % 10);
  }
  return total % 10 === 0;
}

const patterns = {
  organisationNumber: /^\d{6}-\d{4}$/,
  postalCode: /^\d{3} \d{2}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  phone: /^\+?\d[\d ()-]{4,28}\d$/,
  https: /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/,
  digits: /^\d{1,20}$/,
};

const maxLengths: Record<Rule, number> = {
  text: 200,
  organisationNumber: 11,
  postalCode: 6,
  email: 254,
  phone: 30,
  https: 500,
  digits: 20,
};

/** Writes a value the way the table keeps it: 5560360793 → 556036-0793, 11122 → 111 22. */
function normalize(rule: Rule, value: string): string {
  const trimmed = value.trim();
  if (rule === 'organisationNumber' && /^\d{10}$/.test(trimmed))
    return `${trimmed.slice(0, 6)}-${trimmed.slice(6)}`;
  if (rule === 'postalCode' && /^\d{5}$/.test(trimmed))
    return `${trimmed.slice(0, 3)} ${trimmed.slice(3)}`;
  return trimmed;
}

const ruleMessages: Record<Rule, string> = {
  text: 'Enter at most 200 characters.',
  organisationNumber: 'Enter the organisation number as ten digits, NNNNNN-NNNN.',
  postalCode: 'Enter the postal code as five digits, NNN NN.',
  email: 'Enter an e-mail address such as privacy@example.se.',
  phone: 'Enter a phone number of digits, spaces, hyphens and an optional leading +.',
  https: 'Enter a full address that starts with https://.',
  digits: 'Enter the digits of the MailerLite identifier.',
};

export const checkDigitMessage =
  'This organisation number has the wrong check digit: check it against Bolagsverket.';

/** What is wrong with one value, or null when it is fine (empty included, for optional fields). */
export function agencySettingProblem(key: AgencySettingKey, value: string): string | null {
  const { rule, empty } = agencySettingFields[key];
  const normalized = normalize(rule, value);
  if (!normalized) return empty === 'required' ? 'This field is required.' : null;
  if (normalized.length > maxLengths[rule]) return ruleMessages[rule];
  if (rule !== 'text' && !patterns[rule].test(normalized)) return ruleMessages[rule];
  if (rule === 'https' && !URL.canParse(normalized)) return ruleMessages[rule];
  if (rule === 'organisationNumber' && !hasValidCheckDigit(normalized.replace('-', '')))
    return checkDigitMessage;
  return null;
}

/** The form's values: one string per setting, empty when not set. */
export type AgencySettingsInput = Record<AgencySettingKey, string>;

export type AgencySettingsProblems = Partial<Record<AgencySettingKey, string>>;

export function validateAgencySettings(input: AgencySettingsInput): AgencySettingsProblems {
  const problems: AgencySettingsProblems = {};
  for (const key of agencySettingKeys) {
    const problem = agencySettingProblem(key, input[key]);
    if (problem) problems[key] = problem;
  }
  return problems;
}

// WHAT THE PAGES USE

/** What the environment gives, before any fallback: values named by agencySettingFields' env. */
export type AgencySettingsFromEnv = Partial<Record<AgencySettingKey, string>>;

const agencySettingPlaceholders: readonly AgencySettingKey[] = agencyPlaceholderFields;

/** The saved row as the settings, with null where it has nothing. */
export type SavedAgencySettings = Record<AgencySettingKey, string | null>;

function fromRow(row: Row): SavedAgencySettings {
  return Object.fromEntries(
    agencySettingKeys.map((key) => [key, row[agencySettingFields[key].column]]),
  ) as SavedAgencySettings;
}

/**
 * The details in use: the saved row's, else (before anything is saved, or for an empty form id)
 * the environment's, else the fallback.
 */
export function effectiveAgencySettings(
  saved: SavedAgencySettings | null,
  env: AgencySettingsFromEnv,
): AgencySettings {
  const entries = agencySettingKeys.map((key) => {
    const fallback = env[key] || agencyFallbacks[key];
    if (!saved) return [key, fallback];
    const value = saved[key];
    return [key, value ?? (agencySettingFields[key].empty === 'fallback' ? fallback : null)];
  });
  return Object.fromEntries(entries) as AgencySettings;
}

/** The settings that still show app/config/site.ts's example values. */
export function placeholdersInUse(settings: AgencySettings): AgencySettingKey[] {
  return agencySettingPlaceholders.filter((key) => settings[key] === agencyFallbacks[key]);
}

/** The form's starting values: what is saved, else what the environment gives; never a placeholder. */
export function agencySettingsFormValues(
  saved: SavedAgencySettings | null,
  defaults: AgencySettings,
): AgencySettingsInput {
  return Object.fromEntries(
    agencySettingKeys.map((key) => {
      if (saved) return [key, saved[key] ?? ''];
      const value = defaults[key];
      const placeholder = agencySettingPlaceholders.includes(key) && value === agencyFallbacks[key];
      return [key, placeholder ? '' : (value ?? '')];
    }),
  ) as AgencySettingsInput;
}

/** The settings as the root loader hands them to every page. */
export interface AgencySettingsState {
  /** The details in use. */
  settings: AgencySettings;
  /** What the site would use with nothing saved: the environment's values, then the fallbacks. */
  defaults: AgencySettings;
  /** Settings that still show an example value. */
  placeholders: AgencySettingKey[];
}

/** Before anything is read (a unit test's page without the root loader): the fallbacks alone. */
export const fallbackAgencySettingsState: AgencySettingsState = (() => {
  const settings = effectiveAgencySettings(null, {});
  return { settings, defaults: settings, placeholders: placeholdersInUse(settings) };
})();

/** The state in the root loader's data, which the footer, the meta tags and /admin read. */
export function agencySettingsOfRoot(rootData: unknown): AgencySettingsState {
  if (rootData && typeof rootData === 'object' && 'agency' in rootData && rootData.agency)
    return rootData.agency as AgencySettingsState;
  return fallbackAgencySettingsState;
}

// DATA ACCESS

/** The saved row, or null before an administrator has saved the settings. */
export async function getSavedAgencySettings(
  client: AppSupabaseClient,
): Promise<SavedAgencySettings | null> {
  const { data, error, status } = await client.from('agency_settings').select('*').maybeSingle();
  if (error) throw dataError(error, status);
  return data ? fromRow(data) : null;
}

/** A refusal of the table, as the field it concerns and a message to show beside it. */
export class AgencySettingsRefused extends Error {
  readonly field: AgencySettingKey | null;

  constructor(field: AgencySettingKey | null, message: string) {
    super(message);
    this.name = 'AgencySettingsRefused';
    this.field = field;
  }
}

/** Which field a check constraint of agency_settings guards (agency_settings_<column>_check…). */
function refusedField(message: string): AgencySettingKey | null {
  return (
    agencySettingKeys.find((key) =>
      message.includes(`agency_settings_${agencySettingFields[key].column}_check`),
    ) ?? (message.includes('organisation number') ? 'organisationNumber' : null)
  );
}

/**
 * Saves the form's values (validated first; the table checks them again). Empty optional values
 * are stored as null. Throws AgencySettingsRefused when the table refuses a value.
 */
export async function saveAgencySettings(
  client: AppSupabaseClient,
  input: AgencySettingsInput,
): Promise<SavedAgencySettings> {
  const row = Object.fromEntries(
    agencySettingKeys.map((key) => {
      const { column, rule } = agencySettingFields[key];
      return [column, normalize(rule, input[key]) || null];
    }),
  ) as unknown as Database['public']['Tables']['agency_settings']['Insert'];
  const { data, error, status } = await client
    .from('agency_settings')
    .upsert({ ...row, id: true })
    .select('*')
    .single();
  if (error) {
    if (error.code === '23514' || error.code === '23502')
      throw new AgencySettingsRefused(refusedField(error.message), error.message);
    throw dataError(error, status);
  }
  return fromRow(data);
}

/** The sign-up forms of the newsletter page or of the free guide landing page. */
export function signupFormsOf(settings: AgencySettings, purpose: 'newsletter' | 'guide') {
  const formIds =
    purpose === 'newsletter'
      ? { en: settings.newsletterFormIdEn, sv: settings.newsletterFormIdSv }
      : { en: settings.guideFormIdEn, sv: settings.guideFormIdSv };
  return { accountId: settings.mailerLiteAccountId, formIds };
}
