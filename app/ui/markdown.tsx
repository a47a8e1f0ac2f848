// Post bodies (and the blog manager's preview) rendered from Markdown with GitHub's extensions
// (tables, strikethrough, task lists, autolinks). Raw HTML is never rendered as HTML: without
// rehype-raw, react-markdown turns it into plain text. Link and image URLs go through
// react-markdown's default urlTransform, which keeps relative URLs and the protocols http, https,
// irc, ircs, mailto and xmpp, and empties every other URL (javascript:, data:, vbscript:, …).
// Headings start at h2, under the page's h1.
import type { ComponentPropsWithoutRef, JSX } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Language } from '~/i18n/locale';
import { imageAttributes } from './uploaded-image';
import './markdown.css';

/** The footnote section's labels; the rest of the body is the author's own text. */
const footnoteLabels: Record<Language, { label: string; backLabel: (n: number) => string }> = {
  en: { label: 'Footnotes', backLabel: (n) => `Back to reference ${n}` },
  sv: { label: 'Fotnoter', backLabel: (n) => `Tillbaka till hänvisning ${n}` },
};

type Props<Tag extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<Tag> & ExtraProps;

/** Links starting with http leave the site: a new tab, with no opener and no referrer. */
function MarkdownLink({ node: _node, href, children, ...rest }: Props<'a'>) {
  // An empty href is what urlTransform leaves of a refused protocol: keep the text, drop the link.
  if (!href) return <span>{children}</span>;
  const external = href.startsWith('http');
  return (
    <a
      {...rest}
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

/** The width body images are shown at: the post's column (48rem), or the screen. */
export const BODY_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

function MarkdownImage({ node: _node, src, alt, ...rest }: Props<'img'>) {
  // A refused protocol leaves an empty src; an <img src=""> would request the page itself.
  if (!src) return null;
  // An uploaded image brings its size (nothing moves as it loads) and its smaller copies.
  return (
    <img
      {...rest}
      src={src}
      {...imageAttributes(src, BODY_IMAGE_SIZES)}
      alt={alt ?? ''}
      loading="lazy"
      decoding="async"
    />
  );
}

/** Wide tables scroll sideways inside their own box instead of widening the page. */
function MarkdownTable({ node: _node, ...rest }: Props<'table'>) {
  return (
    // Focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
    <div className="markdown__table" tabIndex={0}>
      <table {...rest} />
    </div>
  );
}

/** The parts of a Markdown syntax tree (mdast) the heading shift reads. */
interface MarkdownNode {
  type: string;
  depth?: number;
  children?: MarkdownNode[];
}

function headings(node: MarkdownNode): MarkdownNode[] {
  const own = node.type === 'heading' ? [node] : [];
  return own.concat(...(node.children ?? []).map(headings));
}

/**
 * The page's title is the only h1, so the body's headings start at h2: when the body uses #, every
 * heading moves one level down (# → h2, ## → h3, …, ###### stays h6). A body whose top level is
 * already ## (as the demo posts are written) keeps its levels, so no level is skipped.
 */
function remarkHeadingsBelowTitle() {
  return (tree: MarkdownNode) => {
    const all = headings(tree);
    if (!all.some((heading) => heading.depth === 1)) return;
    for (const heading of all) heading.depth = Math.min(6, (heading.depth ?? 1) + 1);
  };
}

const components: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  table: MarkdownTable,
};

const remarkPlugins = [remarkGfm, remarkHeadingsBelowTitle];

/** The rendered body without a wrapper: what the server turns into HTML for the post page. */
export function MarkdownContent({
  children,
  language = 'en',
}: {
  /** The Markdown source. */
  children: string;
  /** Language of the footnote section's labels. */
  language?: Language;
}) {
  const labels = footnoteLabels[language];
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      remarkRehypeOptions={{
        footnoteLabel: labels.label,
        footnoteBackLabel: (referenceIndex) => labels.backLabel(referenceIndex + 1),
      }}
      components={components}
    >
      {children}
    </ReactMarkdown>
  );
}

/** Markdown rendered in the browser, for the blog manager's live preview. */
export function Markdown({
  children,
  language = 'en',
  className,
}: {
  children: string;
  language?: Language;
  className?: string;
}) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <MarkdownContent language={language}>{children}</MarkdownContent>
    </div>
  );
}
