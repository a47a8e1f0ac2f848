import { describe, expect, it } from 'vitest';
import {
  MAX_LENGTHS,
  consultationInput,
  consultationValuesFromFormData,
  firstInvalidField,
  validateConsultation,
  type ConsultationValues,
} from './validation';
import { aLeadForm } from '#tests/support/leads.ts';

const valid: ConsultationValues = aLeadForm({
  name: 'Anna Berg',
  email: 'anna@example.se',
  company_name: 'Bergs Rör AB',
  problems: 'We need more customers in the spring.',
  how_found_us: 'LinkedIn',
  additional_info: '',
});

const empty: ConsultationValues = {
  name: '',
  email: '',
  phone_number: '',
  company_name: '',
  problems: '',
  how_found_us: '',
  additional_info: '',
};

describe('validateConsultation', () => {
  it('accepts a complete request', () => {
    expect(validateConsultation(valid, 'en')).toEqual({});
    expect(validateConsultation(valid, 'sv')).toEqual({});
  });

  it('names every required field of an empty form in English, with periods', () => {
    expect(validateConsultation(empty, 'en')).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      phone_number: 'Phone number is required.',
      company_name: 'Company name is required.',
      problems: "Please describe the problems you're looking to solve.",
      how_found_us: 'Please select how you found us.',
    });
  });

  it('names every required field of an empty form in Swedish, without periods', () => {
    expect(validateConsultation(empty, 'sv')).toEqual({
      name: 'Namn krävs',
      email: 'E-postadress krävs',
      phone_number: 'Telefonnummer krävs',
      company_name: 'Företagsnamn krävs',
      problems: 'Vänligen beskriv de problem du vill lösa',
      how_found_us: 'Vänligen välj hur du hittade oss',
    });
  });

  it('treats text of only spaces as empty', () => {
    const blank = {
      ...valid,
      name: '   ',
      email: ' \t ',
      phone_number: '  ',
      company_name: ' ',
      problems: '    \n  ',
    };
    expect(validateConsultation(blank, 'en')).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      phone_number: 'Phone number is required.',
      company_name: 'Company name is required.',
      problems: "Please describe the problems you're looking to solve.",
    });
  });

  it.each([
    'anna',
    'anna@example',
    '@example.se',
    'anna@.se',
    'anna@example.',
    'an na@example.se',
    'anna@exa mple.se',
    'anna@@example.se',
  ])('refuses the email %j in both languages', (email) => {
    expect(validateConsultation({ ...valid, email }, 'en')).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(validateConsultation({ ...valid, email }, 'sv')).toEqual({
      email: 'Vänligen ange en giltig e-postadress',
    });
  });

  it('trims the email before the pattern: spaces a phone adds around it are no error', () => {
    for (const email of [' anna@example.se', 'anna@example.se ', '\t anna@example.se \n']) {
      expect(validateConsultation({ ...valid, email }, 'en')).toEqual({});
      expect(validateConsultation({ ...valid, email }, 'sv')).toEqual({});
    }
    // A space inside the address still fails.
    expect(validateConsultation({ ...valid, email: ' anna @example.se ' }, 'en').email).toBe(
      'Please enter a valid email address.',
    );
  });

  it('measures the email’s length without the spaces around it', () => {
    const longest = `${'e'.repeat(MAX_LENGTHS.email - '@example.se'.length)}@example.se`;
    expect(validateConsultation({ ...valid, email: `  ${longest}  ` }, 'en')).toEqual({});
  });

  it('accepts an address with subdomains and a plus', () => {
    expect(validateConsultation({ ...valid, email: 'a.b+c@mail.example.co.uk' }, 'en')).toEqual({});
  });

  it('needs at least 20 characters of problems once trimmed', () => {
    const nineteen = 'x'.repeat(19);
    expect(validateConsultation({ ...valid, problems: nineteen }, 'en').problems).toBe(
      'Please provide at least 20 characters.',
    );
    expect(validateConsultation({ ...valid, problems: nineteen }, 'sv').problems).toBe(
      'Vänligen ange minst 20 tecken',
    );
    // 19 characters padded to more than 20 with spaces still count as 19.
    expect(validateConsultation({ ...valid, problems: `   ${nineteen}   ` }, 'en').problems).toBe(
      'Please provide at least 20 characters.',
    );
    expect(validateConsultation({ ...valid, problems: ` ${'x'.repeat(20)} ` }, 'en')).toEqual({});
  });

  it('accepts only the four ways of finding us, by their stored values', () => {
    for (const how_found_us of ['Facebook', 'LinkedIn', 'Google', 'Friend Referral'])
      expect(validateConsultation({ ...valid, how_found_us }, 'sv')).toEqual({});
    for (const how_found_us of ['Vänrekommendation', 'google', 'TikTok']) {
      expect(validateConsultation({ ...valid, how_found_us }, 'en').how_found_us).toBe(
        'Please select how you found us.',
      );
    }
  });

  it('leaves additional_info optional', () => {
    expect(validateConsultation({ ...valid, additional_info: '' }, 'en')).toEqual({});
    expect(validateConsultation({ ...valid, additional_info: 'Call after 5 pm' }, 'en')).toEqual(
      {},
    );
  });

  it('refuses text longer than the database allows, with the limit in the message', () => {
    const tooLong = {
      ...valid,
      name: 'n'.repeat(MAX_LENGTHS.name + 1),
      email: `${'e'.repeat(MAX_LENGTHS.email)}@example.se`,
      phone_number: '1'.repeat(MAX_LENGTHS.phone_number + 1),
      company_name: 'c'.repeat(MAX_LENGTHS.company_name + 1),
      problems: 'p'.repeat(MAX_LENGTHS.problems + 1),
      additional_info: 'a'.repeat(MAX_LENGTHS.additional_info + 1),
    };
    expect(validateConsultation(tooLong, 'en')).toEqual({
      name: 'Please use at most 200 characters.',
      email: 'Please use at most 320 characters.',
      phone_number: 'Please use at most 50 characters.',
      company_name: 'Please use at most 200 characters.',
      problems: 'Please use at most 5000 characters.',
      additional_info: 'Please use at most 5000 characters.',
    });
    expect(validateConsultation(tooLong, 'sv').name).toBe('Vänligen använd högst 200 tecken');
  });

  it('measures the limits on the trimmed text that is stored', () => {
    const padded = { ...valid, name: `  ${'n'.repeat(MAX_LENGTHS.name)}  ` };
    expect(validateConsultation(padded, 'en')).toEqual({});
  });
});

describe('firstInvalidField', () => {
  it('picks the first field in page order', () => {
    expect(firstInvalidField({ how_found_us: 'x', email: 'y', problems: 'z' })).toBe('email');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('consultationValuesFromFormData', () => {
  it('reads each column by name and treats missing fields and files as empty', () => {
    const formData = new FormData();
    formData.set('name', ' Anna ');
    formData.set('problems', new Blob(['not text']), 'file.txt');
    formData.set('unrelated', 'ignored');
    expect(consultationValuesFromFormData(formData)).toEqual({ ...empty, name: ' Anna ' });
  });
});

describe('consultationInput', () => {
  const at = new Date('2026-11-21T09:30:00.000Z');

  it('trims every text, stores empty additional_info as null and the page language', () => {
    const input = consultationInput(
      {
        name: '  Anna Berg ',
        email: ' anna@example.se ',
        phone_number: ' 070-123 45 67 ',
        company_name: ' Bergs Rör AB ',
        problems: '  We need more customers in the spring.  ',
        how_found_us: 'Friend Referral',
        additional_info: '   ',
      },
      'sv',
      at,
    );
    expect(input).toEqual({
      name: 'Anna Berg',
      email: 'anna@example.se',
      phone_number: '070-123 45 67',
      company_name: 'Bergs Rör AB',
      problems: 'We need more customers in the spring.',
      how_found_us: 'Friend Referral',
      additional_info: null,
      language: 'swedish',
      created_at: '2026-11-21T09:30:00.000Z',
    });
  });

  it('keeps additional_info when given and marks English requests', () => {
    const input = consultationInput({ ...valid, additional_info: ' Mornings ' }, 'en', at);
    expect(input.additional_info).toBe('Mornings');
    expect(input.language).toBe('english');
  });
});
