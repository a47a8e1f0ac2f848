// A post body rendered once, on the server: the page receives the HTML and its browser code never
// carries react-markdown (about 49 kB gzipped). Safe to insert as HTML: react-markdown renders no
// raw HTML and filters link and image protocols (see markdown.tsx).
import { hash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '~/i18n/locale';
import { MarkdownContent } from './markdown';

/** Rendered bodies kept, the most recently used first out last: the posts being read. */
const CACHED_BODIES = 200;
const rendered = new Map<string, string>();

/**
 * The body's HTML. Rendering Markdown is most of a post page's cost, and a post is read far more
 * often than it changes, so the HTML is kept by its content's hash (an edit makes a new key).
 */
export function renderMarkdownToHtml(content: string, language: Language): string {
  const key = `${language}:${hash('sha256', content, 'base64url')}`;
  const cached = rendered.get(key);
  if (cached !== undefined) {
    rendered.delete(key);
    rendered.set(key, cached);
    return cached;
  }
  const html = renderToStaticMarkup(
    <MarkdownContent language={language}>{content}</MarkdownContent>,
  );
  rendered.set(key, html);
  if (rendered.size > CACHED_BODIES) rendered.delete(rendered.keys().next().value!);
  return html;
}
