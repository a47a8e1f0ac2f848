// The cookie settings page: "Cookie settings" in every footer leads here without
// JavaScript, and so does the banner's Choose. The same form as the banner, categories shown.
import { PageIntro } from '~/ui/page-intro';
import { useCopy } from '~/i18n/locale';
import { CONSENT_CATEGORIES, type ConsentChoice } from '~/visit/consent-cookie';
import { ConsentForm } from './consent-form';
import { consentCopy } from './copy';

export function CookieSettings({
  choice,
  returnTo,
}: {
  choice: ConsentChoice | undefined;
  returnTo: string;
}) {
  const t = useCopy(consentCopy);
  const allowed = CONSENT_CATEGORIES.filter((category) => choice?.[category]).map(
    (category) => t.categories[category].label,
  );
  return (
    <PageIntro heading={t.page.heading} lead={t.page.lead}>
      <div className="cookie-settings">
        {choice && <p>{allowed.length > 0 ? t.page.current(allowed) : t.page.none}</p>}
        <ConsentForm source="settings" choice={choice} returnTo={returnTo} label={t.page.heading} />
        <p>
          <a href={returnTo}>{t.back}</a>
        </p>
      </div>
    </PageIntro>
  );
}
