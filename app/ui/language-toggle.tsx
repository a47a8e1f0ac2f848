// EN/SV: links to the current page with the /sv prefix added or removed (a post: to its
// translation, or else to the other language's blog list); none on a page that exists in English
// only. The server never sees the #hash: app/enhance adds it to the links (data-keep-hash).
import { Link, useLocation } from 'react-router';
import {
  languageSwitchPath,
  languages,
  useDictionary,
  useLanguage,
  usePageAlternates,
} from '~/i18n/locale';

export function LanguageToggle() {
  const t = useDictionary();
  const current = useLanguage();
  const location = useLocation();
  const alternates = usePageAlternates();
  const here = location.pathname + location.search;
  const targets = languages.map((language) => ({
    language,
    path: languageSwitchPath(here, language, alternates),
  }));
  if (targets.some(({ path }) => path === null)) return null;
  return (
    <div className="language-toggle" role="group" aria-label={t.header.languageLabel}>
      {targets.map(({ language, path }) => (
        <Link
          key={language}
          to={path!}
          lang={language}
          hrefLang={language}
          title={t.languages[language].name}
          aria-current={language === current ? 'true' : undefined}
          className="language-toggle__link"
          data-keep-hash
        >
          {t.languages[language].short}
        </Link>
      ))}
    </div>
  );
}
