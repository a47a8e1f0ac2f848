// The shared header: home link, blog and newsletter links, EN/SV toggle and the Book a Call
// button. Below the desktop breakpoint the same items sit in a menu opened by a button.
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { site } from '~/config/site';
import { localizedPath, useDictionary, useLanguage } from '~/i18n/locale';
import { BrandMark } from './brand-mark';
import { LanguageToggle } from './language-toggle';
import { useHydrated } from './use-hydrated';

const menuId = 'site-menu';

export function SiteHeader() {
  const t = useDictionary();
  const language = useLanguage();
  const location = useLocation();
  // The menu remembers the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuButton = useRef<HTMLButtonElement>(null);
  // The button works only once React runs; without scripts the root shows the menu open.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link
          to={localizedPath('/', language)}
          className="brand"
          aria-label={t.header.homeLink(site.name)}
        >
          <BrandMark />
          <span className="brand__name">{site.name}</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          disabled={!hydrated}
          onClick={() => setOpenAt(open ? null : location.key)}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          {t.header.menu}
        </button>
        <nav
          id={menuId}
          className="site-nav"
          data-open={open}
          aria-label={t.header.navigationLabel}
        >
          <ul className="site-nav__links">
            <li>
              <NavLink to={localizedPath('/blog', language)} className="site-nav__link">
                {t.header.blog}
              </NavLink>
            </li>
            <li>
              <NavLink to={localizedPath('/newsletter', language)} className="site-nav__link">
                {t.header.newsletter}
              </NavLink>
            </li>
          </ul>
          <LanguageToggle />
          <Link to={localizedPath('/book-call', language)} className="button button--accent">
            {t.header.bookCall}
          </Link>
        </nav>
      </div>
    </header>
  );
}
