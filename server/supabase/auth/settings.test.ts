import { describe, expect, it } from 'vitest';
import { parseToml } from '../project-config.ts';
import { authSettingsFrom, GOTRUE_DEFAULTS, projectAuthSettings } from './settings.ts';

describe('the auth settings of config.toml', () => {
  it('takes GoTrue’s defaults for what the file leaves out', () => {
    expect(authSettingsFrom(parseToml('[auth]\nenabled = true'))).toEqual(GOTRUE_DEFAULTS);
    expect(GOTRUE_DEFAULTS).toEqual({ minimumPasswordLength: 6, refreshTokenReuseInterval: 10 });
  });

  it('reads the minimum password length and the reuse interval from [auth]', () => {
    const tables = parseToml(
      '[auth]\nminimum_password_length = 12\nrefresh_token_reuse_interval = 0\n',
    );
    expect(authSettingsFrom(tables)).toEqual({
      minimumPasswordLength: 12,
      refreshTokenReuseInterval: 0,
    });
  });

  it('refuses a setting that is not a whole number', () => {
    expect(() => authSettingsFrom(parseToml('[auth]\nminimum_password_length = "8"'))).toThrow(
      'minimum_password_length',
    );
  });

  it('is what the project’s supabase/config.toml sets', () => {
    expect(projectAuthSettings()).toEqual({
      minimumPasswordLength: 8,
      refreshTokenReuseInterval: 10,
    });
  });
});
