// The agency's details as a form: each setting's field (its label, the environment variable that
// fills it before it is saved, the rule it follows) and the rules themselves (patterns, lengths,
// the organisation number's check digit, the messages). The table's check constraints and trigger
// in the migrations are the same rules, so the database refuses what the form would.
import type { Database } from './database.types';

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

export type Rule =
  'text' | 'organisationNumber' | 'postalCode' | 'email' | 'phone' | 'https' | 'digits';

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
/** A value as it is stored: trimmed, and the organisation number and postal code in their usual form. */
export function normalize(rule: Rule, value: string): string {
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
