import { Link } from 'react-router';
import { site } from '~/config/site';
import { localizedPath, useDictionary, useLanguage } from '~/i18n/locale';
import { BrandMark } from './brand-mark';

export function SiteFooter() {
  const t = useDictionary();
  const language = useLanguage();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link
            to={localizedPath('/', language)}
            className="brand"
            aria-label={t.header.homeLink(site.name)}
          >
            <BrandMark />
            <span className="brand__name">{site.name}</span>
          </Link>
          <p>{t.footer.tagline}</p>
          <Link to={localizedPath('/book-call', language)} className="button button--accent">
            {t.footer.bookCall}
          </Link>
        </div>
        <nav aria-label={t.footer.navigationLabel}>
          <ul className="site-footer__list">
            <li>
              <Link to={localizedPath('/', language)}>{t.footer.home}</Link>
            </li>
            <li>
              <Link to={localizedPath('/blog', language)}>{t.footer.blog}</Link>
            </li>
            <li>
              <Link to={localizedPath('/newsletter', language)}>{t.footer.newsletter}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{t.footer.socialLabel}</h2>
          <ul className="site-footer__list">
            <li>
              <a href={site.social.facebook}>{t.footer.facebook}</a>
            </li>
            <li>
              <a href={site.social.linkedin}>{t.footer.linkedin}</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="site-footer__legal-bar">
        <div className="container site-footer__legal">
          <p>{t.footer.copyright(year, site.name)}</p>
          <Link to={localizedPath('/privacy-policy', language)}>{t.footer.privacyPolicy}</Link>
        </div>
      </div>
    </footer>
  );
}
