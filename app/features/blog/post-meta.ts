import { languageFromPath } from '~/i18n/locale';
import { pageMeta, type PageMetaArgs } from '~/i18n/page-meta';
import type { BlogPostResult } from './blog-post';
import { blogCopy } from './copy';

/**
 * A post's own title and summary, its canonical URL and no hreflang alternates (a post exists in
 * one language); not-found and failed pages are not indexed.
 */
export function blogPostMeta(args: PageMetaArgs & { loaderData: BlogPostResult | undefined }) {
  const result = args.loaderData;
  if (result?.status === 'loaded') {
    const { title, summary, hero_image_url: image } = result.post;
    const tags = pageMeta(args, { title, description: summary }, { alternates: false });
    return image ? [...tags, { property: 'og:image', content: image }] : tags;
  }
  const copy = blogCopy[languageFromPath(args.location.pathname)].post;
  if (result?.status === 'failed') return pageMeta(args, { title: copy.failed }, { noindex: true });
  return pageMeta(args, { title: copy.notFound }, { noindex: true });
}
