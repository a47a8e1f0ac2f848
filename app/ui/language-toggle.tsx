// EN/SV: links to the current page with the /sv prefix added or removed (a post: to its
// translation, or else to the other language's blog list); none on a page that exists in English
// only. The server never sees the #hash: app/enhance adds it to the links (data-keep-hash). The
// path is the request's, so it goes through safeReturnPath: `//other.host/x` is no page of ours.
import { useLocation } from 'react-router';
import {
  languageSwitchPath,
  languages,
  useDictionary,
  useLanguage,
  usePageAlternates,
} from '~/i18n/locale';
import { safeReturnPath } from '~/i18n/return-path';
import { SiteLink } from './site-link';

export function LanguageToggle() {
  const t = useDictionary();
  const current = useLanguage();
  const location = useLocation();
  const alternates = usePageAlternates();
  const here = location.pathname + location.search;
  const targets = languages.map((language) => {
    const path = languageSwitchPath(here, language, alternates);
    return { language, path: path === null ? null : safeReturnPath(path, language) };
  });
  if (targets.some(({ path }) => path === null)) return null;
  return (
    <div className="language-toggle" role="group" aria-label={t.header.languageLabel}>
      {targets.map(({ language, path }) => (
        <SiteLink
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
        </SiteLink>
      ))}
    </div>
  );
}
