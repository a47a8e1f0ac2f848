// The agency's details as settings: the company the privacy policy, the footer, the
// structured data and the lead mails name, and the newsletter provider's form ids. One row in
// agency_settings, saved by an administrator in /admin/settings. Until it is saved the
// environment's values are used (AGENCY_*, NEWSLETTER_*), then app/config/site.ts's fallbacks.
// The form's fields and rules are in agency-setting-rules.ts (re-exported here).
import { agencyFallbacks, agencyPlaceholderFields } from '~/config/site';
import type { Database } from './database.types';
import { dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

type Row = Database['public']['Tables']['agency_settings']['Row'];

export * from './agency-setting-rules';
import {
  agencySettingFields,
  agencySettingKeys,
  normalize,
  type AgencySettingKey,
  type AgencySettingsInput,
  type AgencySettings,
} from './agency-setting-rules';

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
