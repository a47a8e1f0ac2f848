// The email-marketing provider's sign-up form inside a frame (specification §2, §7, §9): MailerLite's
// hosted form page, chosen by account and form identifier. The page never waits on the provider:
// the frame is plain server-rendered HTML, so without a network it simply stays empty while the
// rest of the page is complete.
import { useLocation } from 'react-router';
import { useCopy, useLanguage, type Language } from '~/i18n/locale';
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
  loading = 'lazy',
}: {
  forms: SignupForms;
  /** Names the frame for screen readers, e.g. "Newsletter sign-up form". */
  title: string;
  /** 'eager' where the form is the page's purpose and may sit below the fold. */
  loading?: 'eager' | 'lazy';
}) {
  const { pathname } = useLocation();
  const language = useLanguage();
  const t = useCopy(copy);
  const src = mailerLiteFormUrl(forms.accountId, forms.formIds[language]);
  return (
    <div className="signup-frame">
      {/* A new frame for every path, so the provider's form starts afresh on each page. */}
      <iframe
        key={pathname}
        className="signup-frame__frame"
        src={src}
        title={title}
        loading={loading}
      />
      <p className="signup-frame__note">
        {t.refreshNote}{' '}
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t.openInNewTab}
        </a>
      </p>
    </div>
  );
}
