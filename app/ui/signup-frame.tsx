// The email-marketing provider's sign-up form inside a frame (specification §2, §7, §9): MailerLite's
// hosted form page, chosen by account and form identifier. The page never waits on the provider:
// the frame comes in after the page has painted, so without a network it simply stays empty while
// the rest of the page is complete.
import { useLocation } from 'react-router';
import { useCopy, useLanguage, type Language } from '~/i18n/locale';
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

const copy = {
  en: {
    refreshNote: 'If the form does not show, please refresh the page.',
    openInNewTab: 'Open the form in a new tab',
  },
  sv: {
    refreshNote: 'Om formuläret inte visas, vänligen ladda om sidan.',
    openInNewTab: 'Öppna formuläret i en ny flik',
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
  const frame = <iframe className="signup-frame__frame" src={src} title={title} loading="lazy" />;
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
      <p className="signup-frame__note">
        {t.refreshNote}{' '}
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t.openInNewTab}
        </a>
      </p>
    </div>
  );
}
