// The free Meta Ads guide landing page: pitch and cover, what the guide teaches,
// and the sign-up card with the guide's own form.
import { useCopy, useDictionary } from '~/i18n/locale';
import { SignupFrame, type SignupForms } from '~/ui/signup-frame';
import { guideCopy } from './copy';
import { GuideCover } from './guide-cover';
import { JumpToFormLink } from './jump-to-form-link';
import './guide.css';

const SIGNUP_ID = 'get-the-guide';

export function GuideLanding({ forms }: { forms: SignupForms }) {
  const t = useCopy(guideCopy);
  const page = useDictionary().pages.freeGuide;
  return (
    <>
      <section className="guide-hero" aria-labelledby="guide-heading">
        <div className="container guide-hero__grid">
          <div className="guide-hero__text">
            <p className="guide-hero__eyebrow">{t.eyebrow}</p>
            <h1 id="guide-heading">{page.heading}</h1>
            <p className="lead">{page.lead}</p>
            <p className="guide-hero__pitch">{t.pitch}</p>
            <JumpToFormLink targetId={SIGNUP_ID}>{t.getTheGuide}</JumpToFormLink>
          </div>
          <div className="guide-hero__cover">
            <GuideCover />
          </div>
        </div>
      </section>
      <div className="container guide-body">
        <section aria-labelledby="guide-learn-heading">
          <h2 id="guide-learn-heading">{t.learn.heading}</h2>
          <ol className="guide-learn">
            {t.learn.points.map((point) => (
              <li key={point.title} className="guide-learn__item">
                <h3 className="guide-learn__title">{point.title}</h3>
                <p className="guide-learn__text">{point.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section
          id={SIGNUP_ID}
          className="guide-signup"
          aria-labelledby="guide-signup-heading"
          tabIndex={-1}
        >
          <h2 id="guide-signup-heading" className="guide-signup__heading">
            {t.signup.heading}
          </h2>
          <p>{t.signup.text}</p>
          {/* The form is the page's purpose: load it at once, even when it starts below the fold. */}
          <SignupFrame forms={forms} title={t.signup.frameTitle} />
          <ul className="guide-assurances" aria-label={t.signup.assurancesLabel}>
            {t.signup.assurances.map((assurance) => (
              <li key={assurance} className="guide-assurances__item">
                <svg
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M4 10.5l4 4L16 6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                {assurance}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
