// The consultation thank-you page: what happens next, the three newest posts
// of the page's language (loaded on the server) and a way back to the homepage.
import type { ReactNode } from 'react';
import type { PostSummary } from '~/data/posts';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import { PostGrid } from '~/ui/post-card';
import { LEAD_EVENT_ATTRIBUTE } from '~/visit/ad-tags-markup';
import { consultationCopy } from './copy';
import { ThankYouSteps } from './thank-you-steps';
import './consultation.css';
import { SiteLink } from '~/ui/site-link';

export function ConsultationThankYou({
  latestPosts,
  focusHeading = true,
  children,
}: {
  latestPosts: PostSummary[];
  /** The heading takes the focus as the page opens (the step after the form), unless a part below should. */
  focusHeading?: boolean;
  /** The booking step, between what happens next and the latest posts. */
  children?: ReactNode;
}) {
  const t = useCopy(consultationCopy);
  const language = useLanguage();
  return (
    // Meta's pixel, when configured and allowed, tracks the lead here (app/enhance/ad-tags.ts).
    <div className="book-call-thanks" {...{ [LEAD_EVENT_ATTRIBUTE]: '' }}>
      <section className="book-call-thanks__intro">
        <div className="container">
          <h1 tabIndex={-1} autoFocus={focusHeading}>
            {t.thankYou.heading}
          </h1>
          <p className="lead">{t.thankYou.lead}</p>
          <ThankYouSteps headingLevel={2} />
        </div>
      </section>
      {children}
      <section className="container book-call-thanks__posts" aria-labelledby="latest-tips">
        <h2 id="latest-tips">{t.thankYou.latestHeading}</h2>
        <PostGrid posts={latestPosts} headingLevel={3} />
        <SiteLink to={localizedPath('/', language)} className="button button--primary">
          {t.backHome}
        </SiteLink>
      </section>
    </div>
  );
}
