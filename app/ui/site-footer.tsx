import { site } from '~/config/site';
import { dictionaryFor, localizedPath, useLanguage, type Language } from '~/i18n/locale';
import { BrandMark } from './brand-mark';
import { Kept } from './kept-markup';
import type { AgencySettings } from '~/data/agency-setting-rules';
import { useAgencySettings } from './use-agency-settings';
import { SiteLink } from './site-link';

/** The company's details in the legal bar, from /admin/settings. */
const copy = {
  en: { organisationNumber: 'Org. no.', instagram: 'Instagram', phone: 'Phone', email: 'E-mail' },
  sv: { organisationNumber: 'Org.nr', instagram: 'Instagram', phone: 'Telefon', email: 'E-post' },
} satisfies Record<Language, Record<string, string>>;

export function SiteFooter() {
  const language = useLanguage();
  const { settings: agency } = useAgencySettings();
  const year = new Date().getFullYear();
  // Kept by what it shows (kept-markup.tsx).
  return (
    <Kept
      part="footer"
      tag="footer"
      attributes={{ className: 'site-footer' }}
      inputs={[language, agency, year]}
    >
      {() => <FooterInside language={language} agency={agency} year={year} />}
    </Kept>
  );
}

function FooterInside({
  language,
  agency,
  year,
}: {
  language: Language;
  agency: AgencySettings;
  year: number;
}) {
  const t = dictionaryFor(language);
  const details = copy[language];
  // Only the profiles the agency has.
  const profiles = [
    { href: agency.facebookUrl, label: t.footer.facebook },
    { href: agency.linkedinUrl, label: t.footer.linkedin },
    { href: agency.instagramUrl, label: details.instagram },
  ].filter((profile): profile is { href: string; label: string } => Boolean(profile.href));
  return (
    <>
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <SiteLink
            to={localizedPath('/', language)}
            className="brand"
            aria-label={t.header.homeLink(site.name)}
          >
            <BrandMark />
            <span className="brand__name">{site.name}</span>
          </SiteLink>
          <p>{t.footer.tagline}</p>
          <SiteLink to={localizedPath('/book-call', language)} className="button button--accent">
            {t.footer.bookCall}
          </SiteLink>
        </div>
        <nav aria-label={t.footer.navigationLabel}>
          <ul className="site-footer__list">
            <li>
              <SiteLink to={localizedPath('/', language)}>{t.footer.home}</SiteLink>
            </li>
            <li>
              <SiteLink to={localizedPath('/blog', language)}>{t.footer.blog}</SiteLink>
            </li>
            <li>
              <SiteLink to={localizedPath('/newsletter', language)}>{t.footer.newsletter}</SiteLink>
            </li>
          </ul>
        </nav>
        {profiles.length > 0 && (
          <div>
            <h2 className="site-footer__heading">{t.footer.socialLabel}</h2>
            <ul className="site-footer__list">
              {profiles.map((profile) => (
                <li key={profile.label}>
                  <a href={profile.href}>{profile.label}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="site-footer__legal-bar">
        <div className="container site-footer__legal">
          <p>{t.footer.copyright(year, site.name)}</p>
          <p className="site-footer__company">
            {agency.legalName} · {details.organisationNumber} {agency.organisationNumber} ·{' '}
            {agency.streetAddress}, {agency.postalCode} {agency.city}
            {agency.phone && (
              <>
                {' · '}
                {details.phone}{' '}
                <a href={`tel:${agency.phone.replace(/[^\d+]/g, '')}`}>{agency.phone}</a>
              </>
            )}
            {' · '}
            {details.email} <a href={`mailto:${agency.contactEmail}`}>{agency.contactEmail}</a>
          </p>
          <SiteLink to={localizedPath('/privacy-policy', language)}>
            {t.footer.privacyPolicy}
          </SiteLink>
          {/* A page of its own without JavaScript; with it, the banner opens again here. */}
          <a href={localizedPath('/cookie-settings', language)} data-cookie-settings="">
            {t.footer.cookieSettings}
          </a>
        </div>
      </div>
    </>
  );
}
