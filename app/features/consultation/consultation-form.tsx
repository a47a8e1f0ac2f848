// The consultation request form, rendered on the server. It is a
// plain <form method="post"> to the page's own action, so it works before and without JavaScript;
// the page's script (enhance-form.ts) then validates in the browser, sends the same request to the
// same action, and shows the form's states in this markup: errors in each field's error paragraph,
// 'Submitting...', 'Failed to submit: …' below the button, or the thank-you panel of the template
// below the form followed by the thank-you page. Hidden fields carry the spam checks (honeypot,
// signed start time) and the visit's attribution.
import type { ReactNode } from 'react';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { ATTRIBUTION_FIELDS, type Attribution } from '~/visit/attribution';
import type { ConsultationActionData } from './action-data';
import { FORM_START_FIELD, HONEYPOT_FIELD, THANK_YOU_PATH } from './constants';
import { consultationCopy } from './copy';
import { COUNTER_ID, describedBy, errorId, inputId } from './form-markup';
import { ThankYouSteps } from './thank-you-steps';
import {
  HOW_FOUND_US_OPTIONS,
  MAX_LENGTHS,
  PROBLEMS_MIN_LENGTH,
  emptyConsultationValues,
  firstInvalidField,
  type ConsultationField,
} from './validation';
import { SiteLink } from '~/ui/site-link';

/** The agency's phone and e-mail, for a visitor whose network is past every limit. */
function AgencyContact({ contact }: { contact: NonNullable<ConsultationActionData['contact']> }) {
  const t = useCopy(consultationCopy);
  return (
    <>
      {contact.phone && (
        <>
          {t.form.contactPhone}{' '}
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
          {' · '}
        </>
      )}
      {t.form.contactEmail} <a href={`mailto:${contact.email}`}>{contact.email}</a>
    </>
  );
}

export function ConsultationForm({
  serverState,
  formStart,
  attribution: requestAttribution,
}: {
  /** The action's answer to a request it did not store, shown in the re-rendered form. */
  serverState?: ConsultationActionData;
  /** The signed render time from the page's loader. */
  formStart: string;
  /** What the server could tell of the visit's origin from this page's request. */
  attribution: Attribution;
}) {
  const t = useCopy(consultationCopy);
  const language = useLanguage();
  const refusal = serverState?.outcome === 'refused' ? serverState : undefined;
  const values = refusal?.values ?? emptyConsultationValues();
  const errors = refusal?.errors ?? {};
  // The first start time stands after a refusal: correcting a field is not starting over, and a
  // quick retry must not look like a bot's.
  const startToken = refusal?.formStart || formStart;
  const attribution = refusal?.attribution ?? requestAttribution;
  const firstError = firstInvalidField(errors);
  const problemsCount = values.problems.trim().length;

  /** The attributes every control shares: name = column, label, error wiring, initial value. */
  const control = (field: ConsultationField) => ({
    id: inputId(field),
    name: field,
    defaultValue: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, errors[field] !== undefined),
    // The server's answer focuses the first field it refused.
    autoFocus: firstError === field,
  });

  const label = (field: ConsultationField, required: boolean) => (
    <label htmlFor={inputId(field)} className="consultation-field__label">
      {t.form.fields[field]}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );

  // Always present, empty (and not displayed) while the field is fine: the script fills it.
  const errorText = (field: ConsultationField) => (
    <p id={errorId(field)} className="consultation-field__error">
      {errors[field]}
    </p>
  );

  const fieldBox = (field: ConsultationField, children: ReactNode) => (
    <div className={`consultation-field consultation-field--${field}`}>{children}</div>
  );

  return (
    <>
      <form
        method="post"
        noValidate
        className="consultation-form"
        aria-label={t.form.label}
        data-consultation-form=""
        data-thank-you={localizedPath(THANK_YOU_PATH, language)}
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
            {/* type="text" so a form re-rendered by the server shows the address as typed. */}
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
              {...control('problems')}
              rows={4}
              aria-required="true"
              maxLength={MAX_LENGTHS.problems}
            />
            <p
              id={COUNTER_ID}
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
        {/* Off screen and out of the tab order; a person leaves it empty, a form-filling bot
            does not. Hidden from assistive technology too, so no one is asked to fill it. */}
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
        <button type="submit" className="button button--accent consultation-form__submit">
          {t.form.submit}
        </button>
        {/* Focused when the answer is a failure no field explains (the script does the same). */}
        <div
          className="consultation-form__failure-region"
          tabIndex={-1}
          data-consultation-failure-region=""
          autoFocus={refusal?.failure != null && !firstError}
        >
          <p className="consultation-form__failure" role="alert" data-consultation-failure="">
            {refusal?.failure != null && t.form.failed(refusal.failure)}
          </p>
          <p className="consultation-form__contact" data-consultation-contact="">
            {refusal?.contact && <AgencyContact contact={refusal.contact} />}
          </p>
        </div>
        <p className="consultation-form__privacy">
          {t.form.privacyBefore}
          <SiteLink to={localizedPath('/privacy-policy', language)}>{t.form.privacyLink}</SiteLink>
          {t.form.privacyAfter}
        </p>
      </form>
      {/* Inert until the script shows it in place of the form (a template is never rendered). */}
      <template data-consultation-thanks="">
        <section className="consultation-thanks" aria-labelledby="consultation-thanks-heading">
          <h2 id="consultation-thanks-heading" tabIndex={-1}>
            {t.thankYou.heading}
          </h2>
          <p>{t.thankYou.lead}</p>
          <ThankYouSteps headingLevel={3} />
          <p className="consultation-thanks__redirect" role="status">
            {t.thankYou.redirecting}
          </p>
          <SiteLink to={localizedPath('/', language)} className="button button--primary">
            {t.backHome}
          </SiteLink>
        </section>
      </template>
    </>
  );
}
