// The consultation request form (specification §2, §4, §5, §8). It is a plain
// <form method="post"> to the page's own action, so it works before and without JavaScript; once
// hydrated it validates in the browser, sends through `submit`, and shows the states of §4:
// errors beside their fields, 'Submitting...', 'Failed to submit: …', or the thank-you panel
// followed by the thank-you page after REDIRECT_DELAY_MS.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { REDIRECT_DELAY_MS, THANK_YOU_PATH } from './constants';
import { consultationCopy } from './copy';
import type { SubmitConsultation } from './submit';
import { ThankYouSteps } from './thank-you-steps';
import {
  HOW_FOUND_US_OPTIONS,
  MAX_LENGTHS,
  PROBLEMS_MIN_LENGTH,
  consultationInput,
  consultationValuesFromFormData,
  emptyConsultationValues,
  firstInvalidField,
  validateConsultation,
  type ConsultationErrors,
  type ConsultationField,
  type ConsultationValues,
} from './validation';

/** What the page's action answers when it could not store a request sent without JavaScript. */
export interface ConsultationActionData {
  values: ConsultationValues;
  errors: ConsultationErrors;
  /** The server's message when the insert failed, shown as 'Failed to submit: …'. */
  failure: string | null;
}

type Status = 'editing' | 'submitting' | 'sent';

const inputId = (field: ConsultationField) => `consultation-${field}`;
const errorId = (field: ConsultationField) => `consultation-${field}-error`;
const counterId = 'consultation-problems-counter';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ConsultationForm({
  submit,
  serverState,
}: {
  submit: SubmitConsultation;
  serverState?: ConsultationActionData;
}) {
  const t = useCopy(consultationCopy);
  const language = useLanguage();
  const navigate = useNavigate();
  const initial = serverState?.values ?? emptyConsultationValues();

  const [status, setStatus] = useState<Status>('editing');
  const [errors, setErrors] = useState<ConsultationErrors>(serverState?.errors ?? {});
  const [failure, setFailure] = useState<string | null>(serverState?.failure ?? null);
  const [problemsCount, setProblemsCount] = useState(initial.problems.trim().length);
  // Bumped on every refused submit so the effect below moves focus even to the same field again.
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const sending = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const problems = useRef<HTMLTextAreaElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  // Text typed before the page hydrated is in the textarea but not yet in the counter.
  useEffect(() => {
    if (problems.current) setProblemsCount(problems.current.value.trim().length);
  }, []);

  useEffect(() => {
    if (invalidSubmits === 0) return;
    const field = firstInvalidField(errors);
    const control = field && form.current?.elements.namedItem(field);
    if (control instanceof HTMLElement) control.focus();
    // Only a new refused submit moves focus; clearing errors while typing must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invalidSubmits]);

  useEffect(() => {
    if (status !== 'sent') return;
    thanksHeading.current?.focus();
    const timer = setTimeout(
      () => navigate(localizedPath(THANK_YOU_PATH, language)),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [status, navigate, language]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const values = consultationValuesFromFormData(new FormData(event.currentTarget));
    const found = validateConsultation(values, language);
    setFailure(null);
    if (firstInvalidField(found)) {
      setErrors(found);
      setInvalidSubmits((count) => count + 1);
      return;
    }
    setErrors({});
    sending.current = true;
    setStatus('submitting');
    try {
      await submit(consultationInput(values, language, new Date()));
      setStatus('sent');
    } catch (error) {
      // Everything typed stays in the form: the controls are uncontrolled and stay mounted.
      setFailure(messageOf(error));
      setStatus('editing');
    } finally {
      sending.current = false;
    }
  }

  function clearError(field: ConsultationField) {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  if (status === 'sent') {
    return (
      <section className="consultation-thanks" aria-labelledby="consultation-thanks-heading">
        <h2 id="consultation-thanks-heading" ref={thanksHeading} tabIndex={-1}>
          {t.thankYou.heading}
        </h2>
        <p>{t.thankYou.lead}</p>
        <ThankYouSteps headingLevel={3} />
        <p className="consultation-thanks__redirect" role="status">
          {t.thankYou.redirecting}
        </p>
        <Link to={localizedPath('/', language)} className="button button--primary">
          {t.backHome}
        </Link>
      </section>
    );
  }

  const firstServerError = firstInvalidField(serverState?.errors ?? {});

  /** The attributes every control shares: name = column, label, error wiring, initial value. */
  function control(field: ConsultationField, extraDescription?: string) {
    const error = errors[field];
    const describedBy = [extraDescription, error ? errorId(field) : undefined]
      .filter(Boolean)
      .join(' ');
    return {
      id: inputId(field),
      name: field,
      defaultValue: initial[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      // Without JavaScript the server's answer focuses the first field it refused.
      autoFocus: firstServerError === field,
      onChange: () => clearError(field),
    };
  }

  const label = (field: ConsultationField, required: boolean) => (
    <label htmlFor={inputId(field)} className="consultation-field__label">
      {t.form.fields[field]}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );

  const errorText = (field: ConsultationField) =>
    errors[field] && (
      <p id={errorId(field)} className="consultation-field__error">
        {errors[field]}
      </p>
    );

  const submitting = status === 'submitting';
  const fieldBox = (field: ConsultationField, children: ReactNode) => (
    <div className={`consultation-field consultation-field--${field}`}>{children}</div>
  );

  return (
    <form
      ref={form}
      method="post"
      noValidate
      className="consultation-form"
      aria-label={t.form.label}
      aria-busy={submitting}
      onSubmit={handleSubmit}
    >
      <p className="consultation-form__note">{t.form.requiredNote}</p>
      {fieldBox(
        'name',
        <>
          {label('name', true)}
          <input
            {...control('name')}
            type="text"
            autoComplete="name"
            aria-required="true"
            maxLength={MAX_LENGTHS.name}
          />
          {errorText('name')}
        </>,
      )}
      {fieldBox(
        'email',
        <>
          {label('email', true)}
          {/* type="text": an email input would trim the value, and the rule tests it untrimmed. */}
          <input
            {...control('email')}
            type="text"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
            maxLength={MAX_LENGTHS.email}
          />
          {errorText('email')}
        </>,
      )}
      {fieldBox(
        'phone_number',
        <>
          {label('phone_number', true)}
          <input
            {...control('phone_number')}
            type="tel"
            autoComplete="tel"
            aria-required="true"
            maxLength={MAX_LENGTHS.phone_number}
          />
          {errorText('phone_number')}
        </>,
      )}
      {fieldBox(
        'company_name',
        <>
          {label('company_name', true)}
          <input
            {...control('company_name')}
            type="text"
            autoComplete="organization"
            aria-required="true"
            maxLength={MAX_LENGTHS.company_name}
          />
          {errorText('company_name')}
        </>,
      )}
      {fieldBox(
        'problems',
        <>
          {label('problems', true)}
          <textarea
            {...control('problems', counterId)}
            ref={problems}
            rows={4}
            aria-required="true"
            maxLength={MAX_LENGTHS.problems}
            onChange={(event) => {
              setProblemsCount(event.currentTarget.value.trim().length);
              clearError('problems');
            }}
          />
          <p
            id={counterId}
            className="consultation-field__hint"
            data-met={problemsCount >= PROBLEMS_MIN_LENGTH}
          >
            {t.form.problemsCounter(problemsCount)}
          </p>
          {errorText('problems')}
        </>,
      )}
      {fieldBox(
        'how_found_us',
        <>
          {label('how_found_us', true)}
          <select {...control('how_found_us')} aria-required="true">
            <option value="">{t.form.howFoundUsPlaceholder}</option>
            {HOW_FOUND_US_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t.form.howFoundUsOptions[option]}
              </option>
            ))}
          </select>
          {errorText('how_found_us')}
        </>,
      )}
      {fieldBox(
        'additional_info',
        <>
          {label('additional_info', false)}
          <textarea
            {...control('additional_info')}
            rows={4}
            maxLength={MAX_LENGTHS.additional_info}
          />
          {errorText('additional_info')}
        </>,
      )}
      <button
        type="submit"
        className="button button--accent consultation-form__submit"
        disabled={submitting}
      >
        {submitting && <span className="consultation-form__spinner" aria-hidden="true" />}
        {submitting ? t.form.submitting : t.form.submit}
      </button>
      {failure !== null && (
        <p className="consultation-form__failure" role="alert">
          {t.form.failed(failure)}
        </p>
      )}
      <p className="consultation-form__privacy">
        {t.form.privacyBefore}
        <Link to={localizedPath('/privacy-policy', language)}>{t.form.privacyLink}</Link>
        {t.form.privacyAfter}
      </p>
    </form>
  );
}
