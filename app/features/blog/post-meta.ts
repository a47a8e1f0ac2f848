import type { BlogPost } from '~/data/posts';
import { dictionaryFor, languageFromPath, type Language } from '~/i18n/locale';
import {
  agencyOrganization,
  canonicalUrl,
  defaultShareImage,
  pageMeta,
  schemaLanguages,
  siteOrigin,
  type JsonLd,
  type PageMetaArgs,
} from '~/i18n/page-meta';
import { site } from '~/config/site';
import type { BlogPostResult } from './blog-post';
import { blogCopy } from './copy';

/** An author line naming the agency or a team is an organisation; anything else a person. */
function authorJsonLd(author: string): JsonLd {
  const organisation = author.includes(site.name) || /\b(team|teamet)\b/i.test(author);
  return { '@type': organisation ? 'Organization' : 'Person', name: author };
}

/** The hero image as an absolute URL (an address saved as /path is on this site). */
function absoluteImage(image: string | null, origin: string): string | null {
  if (!image) return null;
  try {
    return new URL(image, `${origin || 'http://localhost'}/`).href;
  } catch {
    return null;
  }
}

interface PostStructuredData {
  post: Pick<
    BlogPost,
    'title' | 'summary' | 'author' | 'published_date' | 'updated_at' | 'created_at'
  >;
  language: Language;
  origin: string;
  url: string;
  image: string | null;
}

/** The post as a schema.org BlogPosting and its Home → Blog → post BreadcrumbList. */
export function blogPostJsonLd({ post, language, origin, url, image }: PostStructuredData) {
  const prefix = language === 'sv' ? '/sv' : '';
  const names = dictionaryFor(language).footer;
  const posting: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    datePublished: post.published_date ?? post.created_at,
    dateModified: post.updated_at,
    author: authorJsonLd(post.author),
    publisher: agencyOrganization(origin),
    image: image ?? origin + defaultShareImage.path,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    inLanguage: schemaLanguages[language],
  };
  const breadcrumbs: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: names.home, item: `${origin}${prefix || '/'}` },
      { name: names.blog, item: `${origin}${prefix}/blog` },
      { name: post.title, item: url },
    ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };
  return [posting, breadcrumbs];
}

/**
 * A post's own title and summary, its canonical URL, hreflang alternates naming its translation
 * when it has a published one (x-default the English post), its share tags (hero image or the default) and structured data; not-found and
 * failed pages are not indexed.
 */
export function blogPostMeta(args: PageMetaArgs & { loaderData: BlogPostResult | undefined }) {
  const result = args.loaderData;
  const language = languageFromPath(args.location.pathname);
  if (result?.status === 'loaded') {
    const { post } = result;
    const origin = siteOrigin(args.matches);
    const image = absoluteImage(post.hero_image_url, origin);
    const url = canonicalUrl(args);
    return pageMeta(
      args,
      { title: post.title, description: post.summary },
      {
        alternates: result.alternates ?? false,
        image,
        article: { publishedTime: post.published_date, author: post.author },
        jsonLd: blogPostJsonLd({ post, language, origin, url, image }),
      },
    );
  }
  const copy = blogCopy[language].post;
  if (result?.status === 'failed') return pageMeta(args, { title: copy.failed }, { noindex: true });
  return pageMeta(args, { title: copy.notFound }, { noindex: true });
}
