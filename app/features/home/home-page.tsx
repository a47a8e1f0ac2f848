// The home page: hero, services, process, comparison with other
// agencies and the final call to action, in the visitor's language.
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { homeCopy } from './copy';
import { CheckGlyph, CrossGlyph, ServiceGlyph } from './icons';
import './home.css';
import { SiteLink } from '~/ui/site-link';

export const processSectionId = 'process';
export const servicesSectionId = 'services';

export function HomePage() {
  const t = useCopy(homeCopy);
  const language = useLanguage();
  const bookCallPath = localizedPath('/book-call', language);

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-hero-heading">
        <div className="container home-hero__grid">
          <div className="home-hero__text">
            <p className="home-eyebrow">{t.hero.eyebrow}</p>
            <h1 id="home-hero-heading">{t.hero.heading}</h1>
            <p className="home-hero__lead">{t.hero.lead}</p>
            <div className="home-hero__actions">
              <SiteLink to={bookCallPath} className="button button--accent home-button-large">
                {t.hero.bookCall}
              </SiteLink>
              <a
                href={`#${processSectionId}`}
                className="button home-button-outline home-button-large"
                // A plain link to #process, so it works before scripts run; app/enhance makes it
                // glide there and move the focus to the section (data-jump).
                data-jump
              >
                {t.hero.learnMore}
              </a>
            </div>
          </div>
          <aside className="home-hero__card" aria-labelledby="home-promises-heading">
            <h2 id="home-promises-heading" className="home-hero__card-heading">
              {t.hero.promisesLabel}
            </h2>
            <ul className="home-checklist">
              {t.hero.promises.map((promise) => (
                <li key={promise}>
                  <CheckGlyph />
                  <span>{promise}</span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <section
        id={servicesSectionId}
        className="home-section"
        aria-labelledby="home-services-heading"
      >
        <div className="container">
          <div className="home-section__intro">
            <h2 id="home-services-heading">{t.services.heading}</h2>
            <p className="lead">{t.services.lead}</p>
          </div>
          <ul className="home-cards">
            {t.services.items.map((service) => (
              <li key={service.title} className="home-card">
                <span className="home-card__icon">
                  <ServiceGlyph icon={service.icon} />
                </span>
                <h3>{service.title}</h3>
                <p>{service.text}</p>
                <ul className="home-checklist home-checklist--compact">
                  {service.points.map((point) => (
                    <li key={point}>
                      <CheckGlyph />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id={processSectionId}
        className="home-section home-section--alt"
        aria-labelledby="home-process-heading"
        tabIndex={-1}
      >
        <div className="container">
          <div className="home-section__intro">
            <h2 id="home-process-heading">{t.process.heading}</h2>
            <p className="lead">{t.process.lead}</p>
          </div>
          <ol className="home-steps">
            {t.process.steps.map((step, index) => (
              <li key={step.title} className="home-step">
                <span className="home-step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>
                  <span className="home-step__label">{t.process.stepLabel(index + 1)}</span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-comparison-heading">
        <div className="container">
          <div className="home-section__intro">
            <h2 id="home-comparison-heading">{t.comparison.heading}</h2>
            <p className="lead">{t.comparison.lead}</p>
          </div>
          {/* The roles restate the table's own: the narrow layout changes its CSS display,
              which makes some browsers drop table semantics otherwise. */}
          <table className="home-comparison" role="table">
            <caption className="sr-only">{t.comparison.caption}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader" className="home-comparison__feature">
                  {t.comparison.featureColumn}
                </th>
                <th scope="col" role="columnheader" className="home-comparison__us">
                  {t.comparison.usColumn}
                </th>
                <th scope="col" role="columnheader">
                  {t.comparison.themColumn}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {t.comparison.rows.map((row) => (
                <tr key={row.feature} role="row">
                  <th scope="row" role="rowheader" className="home-comparison__feature">
                    {row.feature}
                  </th>
                  <td role="cell" className="home-comparison__us">
                    <span className="home-comparison__cell">
                      <CheckGlyph />
                      <span>{row.us}</span>
                    </span>
                  </td>
                  <td role="cell">
                    <span className="home-comparison__cell">
                      <CrossGlyph />
                      <span>{row.them}</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="home-cta" aria-labelledby="home-cta-heading">
        <div className="container home-cta__inner">
          <h2 id="home-cta-heading">{t.cta.heading}</h2>
          <p className="home-cta__lead">{t.cta.lead}</p>
          <SiteLink to={bookCallPath} className="button button--accent home-button-large">
            {t.cta.button}
          </SiteLink>
          <ul className="home-cta__points" aria-label={t.cta.pointsLabel}>
            {t.cta.points.map((point) => (
              <li key={point}>
                <CheckGlyph />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
