// The consultation request page: the newsletter welcome panel, the heading
// and form, the trust panel, the EN/SV toggle and a way back to the homepage.
import { localizedPath, useCopy, useDictionary, useLanguage } from '~/i18n/locale';
import { LanguageToggle } from '~/ui/language-toggle';
import type { Attribution } from '~/visit/attribution';
import type { ConsultationActionData } from './action-data';
import { ConsultationForm } from './consultation-form';
import { consultationCopy } from './copy';
import './consultation.css';
import { SiteLink } from '~/ui/site-link';

export function BookCall({
  serverState,
  formStart,
  attribution,
}: {
  /** The action's answer to a request sent without JavaScript that it did not store. */
  serverState?: ConsultationActionData;
  /** The signed render time (the loader's), from which the minimum fill time counts. */
  formStart: string;
  /** The visit's origin as the loader saw it in the request. */
  attribution: Attribution;
}) {
  const t = useCopy(consultationCopy);
  const page = useDictionary().pages.bookCall;
  const language = useLanguage();

  return (
    <div className="book-call">
      <div className="container">
        <div className="book-call__bar">
          <SiteLink to={localizedPath('/', language)} className="book-call__home">
            <span aria-hidden="true">←</span> {t.backHome}
          </SiteLink>
          <nav aria-label={t.pageLanguage}>
            <LanguageToggle />
          </nav>
        </div>

        <section className="book-call__welcome" aria-labelledby="book-call-welcome">
          <h2 id="book-call-welcome">{t.welcome.heading}</h2>
          <p>{t.welcome.lead}</p>
          <ul>
            {t.welcome.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <div className="book-call__layout">
          <section className="book-call__main" aria-labelledby="book-call-heading">
            <h1 id="book-call-heading">{page.heading}</h1>
            <p className="lead">{page.lead}</p>
            <ConsultationForm
              serverState={serverState}
              formStart={formStart}
              attribution={attribution}
            />
          </section>

          <aside className="book-call__trust" aria-labelledby="book-call-trust">
            <h2 id="book-call-trust">{t.trust.heading}</h2>
            <ul>
              {t.trust.items.map((item) => (
                <li key={item.title}>
                  <strong>{item.title}</strong>
                  <span>{item.text}</span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </div>
    </div>
  );
}
