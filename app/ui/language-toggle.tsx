// EN/SV: links to the current page with the /sv prefix added or removed.
import { Link, useLocation } from 'react-router';
import { languages, switchLanguagePath, useDictionary, useLanguage } from '~/i18n/locale';
import { useHydrated } from './use-hydrated';

export function LanguageToggle() {
  const t = useDictionary();
  const current = useLanguage();
  const location = useLocation();
  const hydrated = useHydrated();
  // The server never sees the hash, so it joins the links only once hydrated.
  const here = location.pathname + location.search + (hydrated ? location.hash : '');
  return (
    <div className="language-toggle" role="group" aria-label={t.header.languageLabel}>
      {languages.map((language) => (
        <Link
          key={language}
          to={switchLanguagePath(here, language)}
          lang={language}
          hrefLang={language}
          title={t.languages[language].name}
          aria-current={language === current ? 'true' : undefined}
          className="language-toggle__link"
        >
          {t.languages[language].short}
        </Link>
      ))}
    </div>
  );
}
