// The consultation request form (specification §2, §4, §5, §8). It is a plain
// <form method="post"> to the page's own action, so it works before and without JavaScript; once
// hydrated it validates in the browser, sends the same fields to the same action through a
// fetcher, and shows the states of §4: errors beside their fields, 'Submitting...',
// 'Failed to submit: …', or the thank-you panel followed by the thank-you page after
// REDIRECT_DELAY_MS. Hidden fields carry the spam checks (honeypot, signed start time) and the
// visit's attribution.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { ATTRIBUTION_FIELDS, type Attribution } from '~/visit/attribution';
import { captureVisitAttribution } from '~/visit/visit-attribution';
import type { ConsultationActionData } from './action-data';
import {
  ENHANCED_FIELD,
  FORM_START_FIELD,
  HONEYPOT_FIELD,
  REDIRECT_DELAY_MS,
  THANK_YOU_PATH,
} from './constants';
import { consultationCopy } from './copy';
import { ThankYouSteps } from './thank-you-steps';
import {
  HOW_FOUND_US_OPTIONS,
  MAX_LENGTHS,
  PROBLEMS_MIN_LENGTH,
  consultationValuesFromFormData,
  emptyConsultationValues,
  firstInvalidField,
  validateConsultation,
  type ConsultationErrors,
  type ConsultationField,
} from './validation';

type Status = 'editing' | 'submitting' | 'sent';

const inputId = (field: ConsultationField) => `consultation-${field}`;
const errorId = (field: ConsultationField) => `consultation-${field}-error`;
const counterId = 'consultation-problems-counter';

export function ConsultationForm({
  serverState,
  formStart,
  attribution: requestAttribution,
}: {
  /** The action's answer to a request sent without JavaScript that it did not store. */
  serverState?: ConsultationActionData;
  /** The signed render time from the page's loader. */
  formStart: string;
  /** What the server could tell of the visit's origin from this page's request. */
  attribution: Attribution;
}) {
  const t = useCopy(consultationCopy);
  const language = useLanguage();
  const navigate = useNavigate();
  const fetcher = useFetcher<ConsultationActionData>();
  const refusal = serverState?.outcome === 'refused' ? serverState : undefined;
  const initial = refusal?.values ?? emptyConsultationValues();
  // The first start time stands, also after a refusal or a reload of the page's data:
  // correcting a field is not starting over, and a quick retry must not look like a bot's.
  const [startToken] = useState(refusal?.formStart || formStart);

  const [status, setStatus] = useState<Status>('editing');
  const [errors, setErrors] = useState<ConsultationErrors>(refusal?.errors ?? {});
  const [failure, setFailure] = useState<string | null>(refusal?.failure ?? null);
  const [problemsCount, setProblemsCount] = useState(initial.problems.trim().length);
  const [attribution, setAttribution] = useState<Attribution>(
    refusal?.attribution ?? requestAttribution,
  );
  // Bumped on every refused submit so the effect below moves focus even to the same field again.
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const sending = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const problems = useRef<HTMLTextAreaElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  // Once hydrated, the visit's first page (recorded in this tab) is the lead's attribution,
  // wherever the visit went before reaching the form.
  useEffect(() => {
    setAttribution(captureVisitAttribution());
  }, []);

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

  // The action's answer to the hydrated form's request.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || !sending.current) return;
    sending.current = false;
    if (answer.outcome === 'sent') {
      setStatus('sent');
      return;
    }
    // Everything typed stays in the form: the controls are uncontrolled and stay mounted.
    setErrors(answer.errors);
    setFailure(answer.failure);
    setStatus('editing');
    if (firstInvalidField(answer.errors)) setInvalidSubmits((count) => count + 1);
  }, [fetcher.data]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const formData = new FormData(event.currentTarget);
    const found = validateConsultation(consultationValuesFromFormData(formData), language);
    setFailure(null);
    if (firstInvalidField(found)) {
      setErrors(found);
      setInvalidSubmits((count) => count + 1);
      return;
    }
    setErrors({});
    sending.current = true;
    setStatus('submitting');
    formData.set(ENHANCED_FIELD, '1');
    // A lead changes nothing the page's loaders show, so none reloads: a dropped connection
    // stays a 'Failed to submit' beside the form instead of a failed reload's error page.
    void fetcher.submit(formData, { method: 'post', defaultShouldRevalidate: false });
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

  const firstServerError = firstInvalidField(refusal?.errors ?? {});

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
          {/* type="text" so a form re-rendered without JavaScript shows the address as typed. */}
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
      {/* Off screen and out of the tab order; a person leaves it empty, a form-filling bot does
          not. Hidden from assistive technology too, so no one is asked to fill it. */}
      <div className="consultation-form__trap" aria-hidden="true">
        <label htmlFor="consultation-website">{t.form.honeypot}</label>
        <input
          id="consultation-website"
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <input type="hidden" name={FORM_START_FIELD} value={startToken} />
      {ATTRIBUTION_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={attribution[field] ?? ''} />
      ))}
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
