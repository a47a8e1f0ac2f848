import { Link } from 'react-router';
import { localizedPath, useDictionary, useLanguage } from '~/i18n/locale';
import { PageIntro } from './page-intro';

export function NotFound() {
  const t = useDictionary();
  const language = useLanguage();
  return (
    <PageIntro heading={t.notFound.heading} lead={t.notFound.lead}>
      <Link to={localizedPath('/', language)} className="button button--primary">
        {t.notFound.backHome}
      </Link>
    </PageIntro>
  );
}
