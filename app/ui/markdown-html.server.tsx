// A post body rendered once, on the server: the page receives the HTML and its browser code never
// carries react-markdown (about 49 kB gzipped). Safe to insert as HTML: react-markdown renders no
// raw HTML and filters link and image protocols (see markdown.tsx).
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '~/i18n/locale';
import { MarkdownContent } from './markdown';

export function renderMarkdownToHtml(content: string, language: Language): string {
  return renderToStaticMarkup(<MarkdownContent language={language}>{content}</MarkdownContent>);
}
