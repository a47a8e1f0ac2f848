// The newsletter thank-you page, where a confirmed subscriber lands (its content is not specified:
// thanks, what comes next, the blog and the free guide, and the latest posts).
import type { PostSummary } from '~/data/posts';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { DictionaryPageIntro } from '~/ui/page-intro';
import { CheckIcon } from './check-icon';
import { newsletterCopy } from './copy';
import { LatestPosts } from './latest-posts';
import './newsletter.css';
import { SiteLink } from '~/ui/site-link';

export function NewsletterThankYou({ posts }: { posts: PostSummary[] }) {
  const copy = useCopy(newsletterCopy);
  const t = copy.thankYou;
  const language = useLanguage();
  return (
    <>
      <DictionaryPageIntro page="newsletterThankYou" />
      <section className="container newsletter-section" aria-labelledby="next-heading">
        <h2 id="next-heading">{t.nextHeading}</h2>
        <ol className="newsletter-next">
          {t.next.map((step) => (
            <li key={step} className="newsletter-next__item">
              <CheckIcon />
              <p>{step}</p>
            </li>
          ))}
        </ol>
        <h2 className="newsletter-more__heading">{t.moreHeading}</h2>
        <div className="newsletter-more">
          <SiteLink to={localizedPath('/blog', language)} className="button button--primary">
            {t.blogLink}
          </SiteLink>
          <SiteLink
            to={localizedPath('/free-meta-ads-guide', language)}
            className="button button--accent"
          >
            {t.guideLink}
          </SiteLink>
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
