// Markdown the server already rendered to HTML (markdown-html.server.tsx), with the same styles as
// the live renderer.
import './markdown.css';

export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `markdown ${className}` : 'markdown'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
