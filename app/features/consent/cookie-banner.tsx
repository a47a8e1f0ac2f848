// The cookie banner (docs/decisions/0014): on a visitor's first page, until they choose; kept
// hidden in the page afterwards so that "Cookie settings" in the footer opens it again with their
// choice. It overlays the bottom of the window (consent.css), so it never moves the page's content.
import { useLocation } from 'react-router';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { safeReturnPath } from '~/i18n/return-path';
import { consentCopy } from './copy';
import { ConsentForm } from './consent-form';
import { Kept } from '~/ui/kept-markup';
import { useConsentChoice } from '~/ui/use-consent-choice';

export function CookieBanner() {
  const t = useCopy(consentCopy);
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const choice = useConsentChoice();
  // The settings page is the same form already.
  if (pathname.replace(/\/$/, '') === localizedPath('/cookie-settings', language)) return null;
  // Kept by what it shows (app/ui/kept-markup.tsx): the language and the page to come back to
  // come from the path, the boxes from the choice.
  return (
    <Kept
      part="cookie-banner"
      tag="section"
      attributes={{
        className: 'cookie-banner',
        'aria-label': t.bannerLabel,
        'data-cookie-banner': '',
        hidden: choice !== undefined,
      }}
      inputs={[pathname, search, choice]}
    >
      {() => (
        <div className="container cookie-banner__inner">
          <h2 className="cookie-banner__heading">{t.heading}</h2>
          <p className="cookie-banner__intro">
            {t.intro}{' '}
            <a href={`${localizedPath('/privacy-policy', language)}#cookies`}>{t.policyLink}</a>
          </p>
          <ConsentForm
            source="banner"
            choice={choice}
            returnTo={safeReturnPath(pathname + search, language)}
            label={t.heading}
          />
        </div>
      )}
    </Kept>
  );
}
