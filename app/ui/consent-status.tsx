// What every consent form shares, the banner's and the settings page's
// (app/features/consent/consent-form.tsx) and a sign-up frame's placeholder (signup-frame.tsx):
// the address they post to, and where the site's script says that a choice could not be saved.
import { localizedPath, type Language } from '~/i18n/locale';
import './consent-status.css';

/** Where every consent form posts: the settings page's own address. */
export function consentEndpoint(language: Language): string {
  return localizedPath('/cookie-settings', language);
}

/** Where the site's script says that a choice could not be saved (app/enhance/consent.ts). */
export function ConsentStatus({ failed }: { failed: string }) {
  return (
    <p className="consent-form__status" role="status" data-consent-status="" data-failed={failed} />
  );
}
