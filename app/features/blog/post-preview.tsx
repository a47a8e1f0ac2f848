// The post form's preview: the post as its page will show it, with the page's own component.
import { useAdminTimeZone } from '~/admin/admin-dates';
import { pageLanguageOf } from '~/i18n/format';
import { Markdown } from '~/ui/markdown';
import { PostArticle } from '~/ui/post-article';
import { managerCopy } from './manager-copy';
import { momentFromInput } from './post-dates';
import { isWebAddress, type PostFormValues } from './post-rules';

const copy = managerCopy.form;

/**
 * The post as its page will show it: title, byline, date, hero image and body, with the
 * page's own component and styles; above it the summary, which the blog list and search results
 * show. The date is the chosen one, or now for a post published when saved.
 */
export function PostPreview({ id, values }: { id: string; values: PostFormValues }) {
  const lang = pageLanguageOf(values.language);
  const timeZone = useAdminTimeZone();
  const hero = values.hero_image_url.trim();
  return (
    <section id={id} className="admin-preview" aria-labelledby={`${id}-heading`} lang={lang}>
      <h2 id={`${id}-heading`} className="admin-preview__heading" lang="en">
        {copy.previewHeading}
      </h2>
      {values.content.trim() ? (
        <>
          {values.summary.trim() && (
            <div className="admin-preview__summary">
              <p className="admin-preview__label" lang="en">
                {copy.previewSummary}
              </p>
              <p>{values.summary.trim()}</p>
            </div>
          )}
          <PostArticle
            headingLevel={3}
            language={lang}
            post={{
              title: values.title.trim(),
              author: values.author.trim(),
              content: values.content,
              hero_image_url: isWebAddress(hero) ? hero : null,
              published_date: (
                momentFromInput(values.published_date, timeZone) ?? new Date()
              ).toISOString(),
            }}
            body={
              <Markdown language={lang} className="blog-post__body">
                {values.content}
              </Markdown>
            }
          />
        </>
      ) : (
        <p className="admin-preview__empty" lang="en">
          {copy.previewEmpty}
        </p>
      )}
    </section>
  );
}
