// The consent form, a real <form method="post"> to the consent endpoint, so it works
// without JavaScript: the banner's (Accept all, Reject all and Choose, equally prominent; Choose
// opens the categories, or without JavaScript the settings page) and the settings page's (the
// categories shown at once). No box is ticked unless the visitor ticked it before.
import { useCopy, useLanguage } from '~/i18n/locale';
import { ConsentStatus, consentEndpoint } from '~/ui/consent-status';
import { CONSENT_CATEGORIES, type ConsentChoice } from '~/visit/consent-cookie';
import { consentCopy } from './copy';
import {
  ALLOW_FIELD,
  CHOICE_FIELD,
  RETURN_FIELD,
  SOURCE_FIELD,
  type ConsentSource,
} from '~/ui/consent-markup';
import './consent.css';

export function ConsentForm({
  source,
  choice,
  returnTo,
  label,
}: {
  source: Extract<ConsentSource, 'banner' | 'settings'>;
  /** The visitor's current choice, which the boxes show; none ticked before any choice. */
  choice: ConsentChoice | undefined;
  /** The page to come back to after the post. */
  returnTo: string;
  /** Names the form for assistive technology. */
  label: string;
}) {
  const t = useCopy(consentCopy);
  const language = useLanguage();
  const inBanner = source === 'banner';
  return (
    <form
      method="post"
      action={consentEndpoint(language)}
      className="consent-form"
      aria-label={label}
      data-consent-form=""
    >
      <input type="hidden" name={SOURCE_FIELD} value={source} />
      <input type="hidden" name={RETURN_FIELD} value={returnTo} />
      <fieldset className="consent-form__categories" data-consent-categories="" hidden={inBanner}>
        <legend>{t.categoriesLegend}</legend>
        <p className="consent-form__necessary">
          <strong>{t.necessary.label}</strong> {t.necessary.text}
        </p>
        {CONSENT_CATEGORIES.map((category) => (
          <label key={category} className="consent-form__category">
            <input
              type="checkbox"
              name={ALLOW_FIELD}
              value={category}
              defaultChecked={choice?.[category] ?? false}
            />
            <span>
              <strong>{t.categories[category].label}</strong> {t.categories[category].text}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="consent-form__buttons">
        <button
          type="submit"
          name={CHOICE_FIELD}
          value="accept-all"
          className="button consent-button"
        >
          {t.acceptAll}
        </button>
        <button
          type="submit"
          name={CHOICE_FIELD}
          value="reject-all"
          className="button consent-button"
        >
          {t.rejectAll}
        </button>
        {inBanner && (
          <a
            href={consentEndpoint(language)}
            className="button consent-button"
            data-consent-choose=""
          >
            {t.choose}
          </a>
        )}
        <button
          type="submit"
          name={CHOICE_FIELD}
          value="save"
          className="button consent-button"
          data-consent-save=""
          hidden={inBanner}
        >
          {t.save}
        </button>
      </div>
      <ConsentStatus failed={t.failed} />
    </form>
  );
}
