// The consultation form's rules, shared by the browser and the route's action so
// both show the same messages, plus the database's own limits (the consultations migration) so an
// oversized field is named beside its input instead of failing the insert.
import type { ConsultationInput } from '~/data/lead-intake';
import type { Language } from '~/i18n/locale';
import { postLanguage } from '~/i18n/format';
import { consultationCopy } from './copy';

/** The form's controls in page order; each `name` is its column in consultations. */
export const CONSULTATION_FIELDS = [
  'name',
  'email',
  'phone_number',
  'company_name',
  'problems',
  'how_found_us',
  'additional_info',
] as const;

export type ConsultationField = (typeof CONSULTATION_FIELDS)[number];
export type ConsultationValues = Record<ConsultationField, string>;
export type ConsultationErrors = Partial<Record<ConsultationField, string>>;

/** problems must hold at least this many characters once trimmed. */
export const PROBLEMS_MIN_LENGTH = 20;

/** Stored values; the Swedish form shows 'Friend Referral' as 'Vänrekommendation'. */
export const HOW_FOUND_US_OPTIONS = ['Facebook', 'LinkedIn', 'Google', 'Friend Referral'] as const;
export type HowFoundUs = (typeof HOW_FOUND_US_OPTIONS)[number];

/** The check constraints of supabase/migrations/20261121080000_create_consultations.sql. */
export const MAX_LENGTHS = {
  name: 200,
  email: 320,
  phone_number: 50,
  company_name: 200,
  problems: 5000,
  additional_info: 5000,
} as const satisfies Partial<Record<ConsultationField, number>>;

/** text@text.text with no spaces anywhere, as the database's check (on the trimmed value). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emptyConsultationValues(): ConsultationValues {
  return {
    name: '',
    email: '',
    phone_number: '',
    company_name: '',
    problems: '',
    how_found_us: '',
    additional_info: '',
  };
}

/** The form's values as typed; anything missing or not text (a file) reads as empty. */
export function consultationValuesFromFormData(formData: FormData): ConsultationValues {
  const values = emptyConsultationValues();
  for (const field of CONSULTATION_FIELDS) {
    const value = formData.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

function isHowFoundUs(value: string): value is HowFoundUs {
  return (HOW_FOUND_US_OPTIONS as readonly string[]).includes(value);
}

/**
 * The form's rules with the messages of the given language, at most one message per
 * field; an empty result means the values may be sent.
 */
export function validateConsultation(
  values: ConsultationValues,
  language: Language,
): ConsultationErrors {
  const t = consultationCopy[language].validation;
  const errors: ConsultationErrors = {};
  const tooLong = (field: keyof typeof MAX_LENGTHS, value: string) =>
    value.length > MAX_LENGTHS[field] ? t.tooLong(MAX_LENGTHS[field]) : undefined;

  const name = values.name.trim();
  errors.name = name === '' ? t.nameRequired : tooLong('name', name);

  // Trimmed before the pattern, not tested untrimmed (docs/decisions/0005): a phone keyboard's
  // trailing space after an autocompleted address must not turn a lead away.
  const email = values.email.trim();
  errors.email =
    email === ''
      ? t.emailRequired
      : !EMAIL_PATTERN.test(email)
        ? t.emailInvalid
        : tooLong('email', email);

  const phone = values.phone_number.trim();
  errors.phone_number = phone === '' ? t.phoneRequired : tooLong('phone_number', phone);

  const company = values.company_name.trim();
  errors.company_name = company === '' ? t.companyRequired : tooLong('company_name', company);

  const problems = values.problems.trim();
  errors.problems =
    problems === ''
      ? t.problemsRequired
      : problems.length < PROBLEMS_MIN_LENGTH
        ? t.problemsTooShort
        : tooLong('problems', problems);

  errors.how_found_us = isHowFoundUs(values.how_found_us) ? undefined : t.howFoundUsRequired;

  errors.additional_info = tooLong('additional_info', values.additional_info.trim());

  for (const field of CONSULTATION_FIELDS) if (errors[field] === undefined) delete errors[field];
  return errors;
}

/** The first field, in page order, that has an error. */
export function firstInvalidField(errors: ConsultationErrors): ConsultationField | undefined {
  return CONSULTATION_FIELDS.find((field) => errors[field] !== undefined);
}

/**
 * The row to insert for values that passed validateConsultation: trimmed text, additional_info
 * null when empty, the form's language, and the moment of submitting as an ISO timestamp.
 */
export function consultationInput(
  values: ConsultationValues,
  language: Language,
  submittedAt: Date,
): ConsultationInput {
  const additionalInfo = values.additional_info.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    company_name: values.company_name.trim(),
    problems: values.problems.trim(),
    how_found_us: values.how_found_us,
    additional_info: additionalInfo === '' ? null : additionalInfo,
    language: postLanguage(language),
    created_at: submittedAt.toISOString(),
  };
}
