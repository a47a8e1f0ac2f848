// The confirmation-pending and thank-you pages' three newest posts of the page's
// language, read by the route's loader; a failed read already became the empty text.
import type { PostSummary } from '~/data/posts';
import { useCopy } from '~/i18n/locale';
import { PostGrid } from '~/ui/post-card';
import { newsletterCopy } from './copy';

export function LatestPosts({ posts }: { posts: PostSummary[] }) {
  const t = useCopy(newsletterCopy);
  return (
    <section className="newsletter-latest" aria-labelledby="newsletter-latest-heading">
      <div className="container">
        <h2 id="newsletter-latest-heading">{t.latestPostsHeading}</h2>
        <PostGrid posts={posts} headingLevel={3} />
      </div>
    </section>
  );
}
