// The confirmation-pending page: the confirmation email is on its way, where to
// look for it, and the latest posts while the visitor waits.
import type { PostSummary } from '~/data/posts';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { DictionaryPageIntro } from '~/ui/page-intro';
import { newsletterCopy } from './copy';
import { LatestPosts } from './latest-posts';
import './newsletter.css';
import { SiteLink } from '~/ui/site-link';

export function NewsletterAlmostThere({ posts }: { posts: PostSummary[] }) {
  const copy = useCopy(newsletterCopy);
  const t = copy.almostThere;
  const language = useLanguage();
  return (
    <>
      <DictionaryPageIntro page="newsletterAlmostThere" />
      <section className="container newsletter-section" aria-labelledby="confirm-heading">
        <h2 id="confirm-heading">{t.stepsHeading}</h2>
        <ol className="newsletter-steps">
          {t.steps.map((step) => (
            <li key={step.title} className="newsletter-steps__item">
              <h3 className="newsletter-steps__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="newsletter-notes">
          <div className="newsletter-note">
            <h3 className="newsletter-note__title">{t.spamHeading}</h3>
            <p>{t.spam}</p>
          </div>
          <div className="newsletter-note">
            <h3 className="newsletter-note__title">{t.tipHeading}</h3>
            <p>{t.tip}</p>
          </div>
        </div>
      </section>
      <LatestPosts posts={posts} />
      <div className="container newsletter-actions">
        <SiteLink to={localizedPath('/', language)} className="button button--primary">
          {copy.backHome}
        </SiteLink>
      </div>
    </>
  );
}
