// The shared header: home link, blog and newsletter links, EN/SV toggle and the Book a Call
// button. Below the desktop breakpoint the same items sit in a menu opened by a button, which
// app/enhance/menu.ts works (on every page, with or without React); without scripts the root
// shows the menu open.
import { site } from '~/config/site';
import { useLocation } from 'react-router';
import {
  dictionaryFor,
  localizedPath,
  useLanguage,
  usePageAlternates,
  type Language,
} from '~/i18n/locale';
import { BrandMark } from './brand-mark';
import { Kept } from './kept-markup';
import { LanguageToggle } from './language-toggle';
import { useHydrated } from './use-hydrated';
import { SiteLink, SiteNavLink } from './site-link';

const menuId = 'site-menu';

export function SiteHeader() {
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const alternates = usePageAlternates();
  // Kept by what it shows (kept-markup.tsx): the language, the current link and the language
  // switch's targets all come from the path and the page's alternates.
  return (
    <Kept
      part="header"
      tag="header"
      attributes={{ className: 'site-header' }}
      inputs={[pathname, search, alternates]}
    >
      {() => <HeaderInside language={language} />}
    </Kept>
  );
}

function HeaderInside({ language }: { language: Language }) {
  const t = dictionaryFor(language);
  // Enabled once a script runs: app/enhance on every page, and React here where it hydrates.
  const hydrated = useHydrated();

  return (
    <>
      <div className="container site-header__bar">
        <SiteLink
          to={localizedPath('/', language)}
          className="brand"
          aria-label={t.header.homeLink(site.name)}
        >
          <BrandMark />
          <span className="brand__name">{site.name}</span>
        </SiteLink>
        <button
          type="button"
          className="menu-button"
          aria-expanded={false}
          aria-controls={menuId}
          disabled={!hydrated}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          {t.header.menu}
        </button>
        <nav
          id={menuId}
          className="site-nav"
          data-open={false}
          aria-label={t.header.navigationLabel}
        >
          <ul className="site-nav__links">
            <li>
              <SiteNavLink to={localizedPath('/blog', language)} className="site-nav__link">
                {t.header.blog}
              </SiteNavLink>
            </li>
            <li>
              <SiteNavLink to={localizedPath('/newsletter', language)} className="site-nav__link">
                {t.header.newsletter}
              </SiteNavLink>
            </li>
          </ul>
          <LanguageToggle />
          <SiteLink to={localizedPath('/book-call', language)} className="button button--accent">
            {t.header.bookCall}
          </SiteLink>
        </nav>
      </div>
    </>
  );
}
