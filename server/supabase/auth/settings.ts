// The auth settings a hosted project takes from supabase/config.toml's [auth] table (or its
// dashboard), read from the same file so the embedded auth and hosted GoTrue agree: the shortest
// password accepted and how long a just-rotated refresh token may still be presented.
import { integerSetting, readProjectConfig, type TomlTables } from '../project-config.ts';

export interface AuthSettings {
  /** GoTrue's PASSWORD_MIN_LENGTH: counted in bytes, as GoTrue's len() counts. */
  minimumPasswordLength: number;
  /** GoTrue's REFRESH_TOKEN_REUSE_INTERVAL, in seconds. */
  refreshTokenReuseInterval: number;
}

/** What GoTrue uses when config.toml leaves a setting out. */
export const GOTRUE_DEFAULTS: AuthSettings = {
  minimumPasswordLength: 6,
  refreshTokenReuseInterval: 10,
};

export function authSettingsFrom(tables: TomlTables): AuthSettings {
  return {
    minimumPasswordLength: integerSetting(
      tables,
      'auth',
      'minimum_password_length',
      GOTRUE_DEFAULTS.minimumPasswordLength,
    ),
    refreshTokenReuseInterval: integerSetting(
      tables,
      'auth',
      'refresh_token_reuse_interval',
      GOTRUE_DEFAULTS.refreshTokenReuseInterval,
    ),
  };
}

let projectSettings: AuthSettings | undefined;

/** The project's settings, read from supabase/config.toml once per process. */
export function projectAuthSettings(): AuthSettings {
  projectSettings ??= authSettingsFrom(readProjectConfig());
  return projectSettings;
}
