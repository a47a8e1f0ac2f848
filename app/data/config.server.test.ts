import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserSupabaseConfig,
  consultationFormSettings,
  publicSiteUrl,
  agencySettingsFromEnv,
  requestEnv,
  serverEnv,
} from './config.server';
import { effectiveAgencySettings, signupFormsOf } from './agency-settings';

const signupForms = (
  purpose: 'newsletter' | 'guide',
  env: Parameters<typeof agencySettingsFromEnv>[0],
) => signupFormsOf(effectiveAgencySettings(null, agencySettingsFromEnv(env)), purpose);

const embedded = {
  SUPABASE_URL: 'http://127.0.0.1:41234',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SAME_ORIGIN: 'true',
};
const hosted = { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'anon-key' };

describe('browserSupabaseConfig', () => {
  it("sends the browser to the page's own origin when the backend is embedded", () => {
    expect(browserSupabaseConfig(serverEnv(embedded))).toEqual({
      supabaseUrl: null,
      supabaseAnonKey: 'anon-key',
    });
  });

  it('sends the browser to the hosted project otherwise', () => {
    expect(browserSupabaseConfig(serverEnv(hosted))).toEqual({
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: 'anon-key',
    });
  });
});

describe('serverEnv', () => {
  it('names every missing setting', () => {
    expect(() => serverEnv({})).toThrow(/SUPABASE_URL[\s\S]*SUPABASE_ANON_KEY/);
  });
});

describe('requestEnv', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads the environment once for a request, and again for the next request', () => {
    vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:41234');
    vi.stubEnv('SUPABASE_ANON_KEY', 'anon-key');
    vi.stubEnv('SITE_URL', 'https://first.example');
    const request = new Request('http://127.0.0.1:41234/blog');
    expect(requestEnv(request).SITE_URL).toBe('https://first.example');
    vi.stubEnv('SITE_URL', 'https://second.example');
    // The loaders and the render of one request see one environment.
    expect(requestEnv(request).SITE_URL).toBe('https://first.example');
    expect(requestEnv(new Request('http://127.0.0.1:41234/blog')).SITE_URL).toBe(
      'https://second.example',
    );
    expect(serverEnv().SITE_URL).toBe('https://second.example');
  });
});

describe('publicSiteUrl', () => {
  const request = new Request('http://127.0.0.1:3000/sv/blog?x=1');

  it("uses the request's origin by default", () => {
    expect(publicSiteUrl(request, serverEnv(hosted))).toBe('http://127.0.0.1:3000');
  });

  it('prefers SITE_URL, without a trailing slash', () => {
    expect(publicSiteUrl(request, serverEnv({ ...hosted, SITE_URL: 'https://example.se/' }))).toBe(
      'https://example.se',
    );
  });
});

describe('signupForms', () => {
  const configured = {
    ...hosted,
    NEWSLETTER_ACCOUNT_ID: '987654',
    NEWSLETTER_FORM_ID_EN: '111111111111111111',
    NEWSLETTER_FORM_ID_SV: '222222222222222222',
    GUIDE_FORM_ID_EN: '333333333333333333',
    GUIDE_FORM_ID_SV: '444444444444444444',
  };

  it("gives the newsletter page the account and the newsletter's form of each language", () => {
    expect(signupForms('newsletter', serverEnv(configured))).toEqual({
      accountId: '987654',
      formIds: { en: '111111111111111111', sv: '222222222222222222' },
    });
  });

  it("gives the guide page the guide's own form of each language", () => {
    expect(signupForms('guide', serverEnv(configured))).toEqual({
      accountId: '987654',
      formIds: { en: '333333333333333333', sv: '444444444444444444' },
    });
  });

  it('falls back to four distinct placeholder forms when nothing is set (or set empty)', () => {
    const env = serverEnv({ ...hosted, NEWSLETTER_FORM_ID_SV: '' });
    const newsletter = signupForms('newsletter', env);
    const guide = signupForms('guide', env);
    expect(newsletter.accountId).toBe('1000000');
    expect(guide.accountId).toBe('1000000');
    const ids = [newsletter.formIds.en, newsletter.formIds.sv, guide.formIds.en, guide.formIds.sv];
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^\d+$/);
  });

  it('refuses identifiers that are not MailerLite numbers, naming the setting', () => {
    expect(() => serverEnv({ ...hosted, GUIDE_FORM_ID_SV: '12/../evil' })).toThrow(
      /GUIDE_FORM_ID_SV: Enter the digits of the MailerLite identifier/,
    );
    expect(() => serverEnv({ ...hosted, NEWSLETTER_ACCOUNT_ID: 'abc' })).toThrow(
      /NEWSLETTER_ACCOUNT_ID/,
    );
  });
});

describe('agencySettingsFromEnv', () => {
  it('gives the AGENCY_* variables as the starting values of the settings', () => {
    const env = serverEnv({
      ...hosted,
      AGENCY_LEGAL_NAME: 'Exempel Reklam AB',
      AGENCY_ORG_NUMBER: '556036-0793',
      AGENCY_PHONE: '+46 8 123 456 78',
    });
    expect(agencySettingsFromEnv(env)).toEqual({
      legalName: 'Exempel Reklam AB',
      organisationNumber: '556036-0793',
      phone: '+46 8 123 456 78',
    });
  });

  it('stops the start on an organisation number with the wrong check digit, naming it', () => {
    expect(() => serverEnv({ ...hosted, AGENCY_ORG_NUMBER: '556036-0794' })).toThrow(
      /AGENCY_ORG_NUMBER: This organisation number has the wrong check digit/,
    );
    expect(() => serverEnv({ ...hosted, AGENCY_FACEBOOK_URL: 'http://facebook.com/x' })).toThrow(
      /AGENCY_FACEBOOK_URL: Enter a full address that starts with https/,
    );
  });
});

describe('consultationFormSettings', () => {
  const secret = 'a-form-secret-of-at-least-32-characters';

  it('waits 3 seconds by default', () => {
    expect(consultationFormSettings(serverEnv({ ...hosted, FORM_SECRET: secret }))).toEqual({
      secret,
      minFillMs: 3000,
    });
  });

  it('takes FORM_MIN_FILL_SECONDS in seconds, 0 included', () => {
    const env = (seconds: string) =>
      serverEnv({ ...hosted, FORM_SECRET: secret, FORM_MIN_FILL_SECONDS: seconds });
    expect(consultationFormSettings(env('0')).minFillMs).toBe(0);
    expect(consultationFormSettings(env('1.5')).minFillMs).toBe(1500);
    expect(() => env('-1')).toThrow(/FORM_MIN_FILL_SECONDS/);
    expect(() => env('soon')).toThrow(/FORM_MIN_FILL_SECONDS/);
  });

  it('refuses a short FORM_SECRET and names a missing one when the form needs it', () => {
    expect(() => serverEnv({ ...hosted, FORM_SECRET: 'short' })).toThrow(
      /FORM_SECRET must be at least 32 characters/,
    );
    expect(() => consultationFormSettings(serverEnv(hosted))).toThrow(/FORM_SECRET is not set/);
  });
});
