// The newsletter sign-up page: what subscribers get, and the provider's form.
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { DictionaryPageIntro } from '~/ui/page-intro';
import { SignupFrame, type SignupForms } from '~/ui/signup-frame';
import { newsletterCopy } from './copy';
import { CheckIcon } from './check-icon';
import './newsletter.css';
import { SiteLink } from '~/ui/site-link';

export function NewsletterSignup({ forms }: { forms: SignupForms }) {
  const t = useCopy(newsletterCopy).signup;
  const language = useLanguage();
  return (
    <>
      <DictionaryPageIntro page="newsletter" />
      <div className="container newsletter-signup">
        <section className="newsletter-signup__benefits" aria-labelledby="newsletter-benefits">
          <h2 id="newsletter-benefits">{t.benefitsHeading}</h2>
          <ul className="newsletter-benefits">
            {t.benefits.map((benefit) => (
              <li key={benefit.title} className="newsletter-benefits__item">
                <CheckIcon />
                <div>
                  <h3 className="newsletter-benefits__title">{benefit.title}</h3>
                  <p className="newsletter-benefits__text">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="newsletter-signup__privacy">
            {t.privacy}{' '}
            <SiteLink to={localizedPath('/privacy-policy', language)}>{t.privacyLink}</SiteLink>
          </p>
        </section>
        <section className="newsletter-card" aria-labelledby="newsletter-form">
          <h2 id="newsletter-form" className="newsletter-card__heading">
            {t.formHeading}
          </h2>
          <SignupFrame forms={forms} title={t.frameTitle} />
        </section>
      </div>
    </>
  );
}
