import { describe, expect, it } from 'vitest';
import {
  agencySettingKeys,
  agencySettingProblem,
  agencySettingsFormValues,
  checkDigitMessage,
  effectiveAgencySettings,
  hasValidCheckDigit,
  placeholdersInUse,
  validateAgencySettings,
  type AgencySettingsInput,
  type SavedAgencySettings,
} from './agency-settings';

const valid: AgencySettingsInput = {
  legalName: 'Exempel Reklam AB',
  organisationNumber: '556036-0793',
  streetAddress: 'Storgatan 5',
  postalCode: '411 38',
  city: 'Göteborg',
  contactEmail: 'hej@exempelreklam.se',
  phone: '+46 31-123 45 67',
  facebookUrl: 'https://www.facebook.com/exempelreklam',
  linkedinUrl: '',
  instagramUrl: '',
  mailerLiteAccountId: '987654',
  newsletterFormIdEn: '111',
  newsletterFormIdSv: '222',
  guideFormIdEn: '',
  guideFormIdSv: '',
};

const saved = (values: Partial<SavedAgencySettings>): SavedAgencySettings => ({
  ...(Object.fromEntries(agencySettingKeys.map((key) => [key, null])) as SavedAgencySettings),
  ...valid,
  linkedinUrl: null,
  instagramUrl: null,
  guideFormIdEn: null,
  guideFormIdSv: null,
  ...values,
});

describe('the organisation number', () => {
  it('accepts Swedish organisation numbers whose check digit is right', () => {
    for (const number of ['556036-0793', '202100-5489', '5560360793'])
      expect(agencySettingProblem('organisationNumber', number)).toBeNull();
    expect(hasValidCheckDigit('5560360793')).toBe(true);
  });

  it('refuses a wrong check digit, and the placeholder 559000-0000', () => {
    expect(hasValidCheckDigit('5560360794')).toBe(false);
    expect(agencySettingProblem('organisationNumber', '556036-0794')).toBe(checkDigitMessage);
    expect(agencySettingProblem('organisationNumber', '559000-0000')).toBe(checkDigitMessage);
  });

  it('refuses anything that is not ten digits', () => {
    for (const number of ['55603-0793', '556036-07933', 'abcdef-ghij', '556036 0793'])
      expect(agencySettingProblem('organisationNumber', number)).toMatch(/ten digits/);
  });
});

describe('validateAgencySettings', () => {
  it('finds nothing wrong with a complete, valid form', () => {
    expect(validateAgencySettings(valid)).toEqual({});
  });

  it('names each field that is wrong, with a message to show beside it', () => {
    const problems = validateAgencySettings({
      ...valid,
      legalName: '  ',
      postalCode: '4113',
      contactEmail: 'not-an-address',
      phone: 'call us',
      facebookUrl: 'http://www.facebook.com/exempel',
      instagramUrl: 'javascript:alert(1)',
      mailerLiteAccountId: '12/../34',
    });
    expect(problems).toEqual({
      legalName: 'This field is required.',
      postalCode: 'Enter the postal code as five digits, NNN NN.',
      contactEmail: 'Enter an e-mail address such as privacy@example.se.',
      phone: 'Enter a phone number of digits, spaces, hyphens and an optional leading +.',
      facebookUrl: 'Enter a full address that starts with https://.',
      instagramUrl: 'Enter a full address that starts with https://.',
      mailerLiteAccountId: 'Enter the digits of the MailerLite identifier.',
    });
  });

  it('lets the optional fields stay empty but not the company details', () => {
    const empty = Object.fromEntries(
      agencySettingKeys.map((key) => [key, '']),
    ) as AgencySettingsInput;
    expect(Object.keys(validateAgencySettings(empty)).sort()).toEqual(
      [
        'city',
        'contactEmail',
        'legalName',
        'organisationNumber',
        'postalCode',
        'streetAddress',
      ].sort(),
    );
  });
});

describe('effectiveAgencySettings', () => {
  it('uses the placeholders with nothing saved and no environment, and says so', () => {
    const settings = effectiveAgencySettings(null, {});
    expect(settings.organisationNumber).toBe('559000-0000');
    expect(placeholdersInUse(settings)).toEqual([
      'organisationNumber',
      'streetAddress',
      'postalCode',
      'city',
      'contactEmail',
      'mailerLiteAccountId',
      'newsletterFormIdEn',
      'newsletterFormIdSv',
      'guideFormIdEn',
      'guideFormIdSv',
    ]);
  });

  it("starts from the environment's values", () => {
    const settings = effectiveAgencySettings(null, { organisationNumber: '556036-0793' });
    expect(settings.organisationNumber).toBe('556036-0793');
    expect(placeholdersInUse(settings)).not.toContain('organisationNumber');
  });

  it('lets what is saved win over the environment; an empty profile shows none, an empty form id the fallback', () => {
    const settings = effectiveAgencySettings(saved({}), {
      organisationNumber: '202100-5489',
      linkedinUrl: 'https://www.linkedin.com/company/env',
      guideFormIdEn: '333',
    });
    expect(settings.organisationNumber).toBe('556036-0793');
    expect(settings.linkedinUrl).toBeNull();
    expect(settings.guideFormIdEn).toBe('333');
    expect(placeholdersInUse(settings)).toEqual(['guideFormIdSv']);
  });
});

describe('agencySettingsFormValues', () => {
  it("starts the form from the environment's values, leaving placeholders empty", () => {
    const defaults = effectiveAgencySettings(null, { legalName: 'Env AB' });
    const values = agencySettingsFormValues(null, defaults);
    expect(values.legalName).toBe('Env AB');
    expect(values.organisationNumber).toBe('');
    expect(values.mailerLiteAccountId).toBe('');
    expect(values.facebookUrl).toBe('https://www.facebook.com/nordicleadagency');
  });

  it('shows what is saved once something is', () => {
    const values = agencySettingsFormValues(saved({}), effectiveAgencySettings(null, {}));
    expect(values.organisationNumber).toBe('556036-0793');
    expect(values.linkedinUrl).toBe('');
  });
});
