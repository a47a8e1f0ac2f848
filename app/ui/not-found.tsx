import { localizedPath, useDictionary, useLanguage } from '~/i18n/locale';
import { PageIntro } from './page-intro';
import { SiteLink } from './site-link';

export function NotFound() {
  const t = useDictionary();
  const language = useLanguage();
  return (
    <PageIntro heading={t.notFound.heading} lead={t.notFound.lead}>
      <SiteLink to={localizedPath('/', language)} className="button button--primary">
        {t.notFound.backHome}
      </SiteLink>
    </PageIntro>
  );
}
