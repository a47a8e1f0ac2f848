// The email-marketing provider's sign-up form inside a frame: MailerLite's hosted form page, chosen
// by account and form identifier. The page never waits on the provider: the frame comes in after
// the page has painted, so without a network it simply stays empty while the rest of the page is
// complete. No third party before consent (docs/decisions/0014): until the visitor allows
// marketing, the frame's space holds a placeholder that says what it is and loads it, which records
// that consent (a form post, or the site's script without a reload).
import { useLocation } from 'react-router';
import { useCopy, useLanguage, type Language } from '~/i18n/locale';
import { CHOICE_FIELD, RETURN_FIELD, SOURCE_FIELD } from './consent-markup';
import { ConsentStatus, consentEndpoint } from './consent-status';
import { useConsentChoice } from './use-consent-choice';
import { useHydrated } from './use-hydrated';
import './signup-frame.css';

/** The account and the form of each language, as the page's loader read them from the config. */
export interface SignupForms {
  accountId: string;
  formIds: Record<Language, string>;
}

/** Where MailerLite's hosted forms come from: the one origin the pages with a form may frame. */
export const MAILERLITE_FORMS_ORIGIN = 'https://preview.mailerlite.io';

/**
 * MailerLite's hosted page of one form. preview.mailerlite.io serves the page that
 * dashboard.mailerlite.com/forms/{account}/{form}/share links to, and allows being framed.
 */
export function mailerLiteFormUrl(accountId: string, formId: string): string {
  return `${MAILERLITE_FORMS_ORIGIN}/forms/${encodeURIComponent(accountId)}/${encodeURIComponent(formId)}/share`;
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The frame as HTML, the same element as the one rendered once marketing is allowed. */
export function frameMarkup(src: string, title: string): string {
  return `<iframe class="signup-frame__frame" src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" loading="lazy"></iframe>`;
}

const copy = {
  en: {
    refreshNote: 'If the form does not show, please refresh the page.',
    openInNewTab: 'Open the form in a new tab',
    placeholderHeading: 'Sign-up form from MailerLite',
    placeholderText:
      'This sign-up form comes from MailerLite, our email-marketing provider. Loading it sends your IP address and browser details to MailerLite, so we load it only once you allow marketing.',
    load: 'Load the form and allow marketing',
    failed: 'Your choice could not be saved. Please try again.',
  },
  sv: {
    refreshNote: 'Om formuläret inte visas, vänligen ladda om sidan.',
    openInNewTab: 'Öppna formuläret i en ny flik',
    placeholderHeading: 'Anmälningsformulär från MailerLite',
    placeholderText:
      'Det här anmälningsformuläret kommer från MailerLite, vår leverantör av e-postmarknadsföring. När det hämtas får MailerLite din IP-adress och uppgifter om din webbläsare, så vi hämtar det först när du tillåter marknadsföring.',
    load: 'Hämta formuläret och tillåt marknadsföring',
    failed: 'Ditt val kunde inte sparas. Försök igen.',
  },
} satisfies Record<Language, Record<string, string>>;

export function SignupFrame({
  forms,
  title,
}: {
  forms: SignupForms;
  /** Names the frame for screen readers, e.g. "Newsletter sign-up form". */
  title: string;
}) {
  const { pathname } = useLocation();
  const language = useLanguage();
  const t = useCopy(copy);
  const src = mailerLiteFormUrl(forms.accountId, forms.formIds[language]);
  // Rendered by React in the browser (a page reached inside a visit that runs React, such as
  // from /admin), the page has painted already: the frame goes straight in.
  const rendersInBrowser = useHydrated();
  const marketingAllowed = useConsentChoice()?.marketing ?? false;
  const frame = <iframe className="signup-frame__frame" src={src} title={title} loading="lazy" />;
  const note = (
    <p className="signup-frame__note">
      {t.refreshNote}{' '}
      <a href={src} target="_blank" rel="noopener noreferrer">
        {t.openInNewTab}
      </a>
    </p>
  );
  if (!marketingAllowed)
    return (
      <div className="signup-frame">
        {/* The frame's space, holding what loads it. The frame waits in an inert <template>
            (nothing in it loads) for the site's script to put in place once the post is stored. */}
        <div key={pathname} className="signup-frame__slot" data-consent-frame="">
          <form
            method="post"
            action={consentEndpoint(language)}
            className="signup-frame__consent"
            data-consent-form=""
          >
            <input type="hidden" name={SOURCE_FIELD} value="frame" />
            <input type="hidden" name={RETURN_FIELD} value={pathname} />
            <p className="signup-frame__consent-heading">{t.placeholderHeading}</p>
            <p>{t.placeholderText}</p>
            <button
              type="submit"
              name={CHOICE_FIELD}
              value="allow-marketing"
              className="button button--primary"
            >
              {t.load}
            </button>
            <ConsentStatus failed={t.failed} />
          </form>
          {/* As markup, so that React in the browser fills the template's inert content too: an
              element React appended as the template's child would load. */}
          <template dangerouslySetInnerHTML={{ __html: frameMarkup(src, title) }} />
        </div>
        {note}
      </div>
    );
  return (
    <div className="signup-frame">
      {/* The frame waits in <noscript> and the site's script puts it in place once the page
          has loaded and painted (app/enhance/frames.ts): the page's first paint never waits on
          a connection to the provider, about 0.5 s on a phone in Lighthouse's run. Without
          JavaScript the browser shows the <noscript> frame itself. The slot keeps the frame's
          space from the start, so nothing moves when it arrives. A new slot for every path, so
          the provider's form starts afresh on each page. */}
      <div key={pathname} className="signup-frame__slot" data-deferred-frame="">
        {rendersInBrowser ? frame : <noscript>{frame}</noscript>}
      </div>
      {note}
    </div>
  );
}
