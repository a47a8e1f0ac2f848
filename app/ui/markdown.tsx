// Post bodies (and the blog manager's preview) rendered from Markdown with GitHub's extensions
// (specification §2 "Blog post"). Raw HTML is never rendered as HTML: without rehype-raw,
// react-markdown turns it into plain text. Link and image URLs go through react-markdown's
// default urlTransform, which keeps relative URLs and the protocols http, https, irc, ircs,
// mailto and xmpp, and empties every other URL (javascript:, data:, vbscript:, …).
import type { ComponentPropsWithoutRef, JSX } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Language } from '~/i18n/locale';
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

function MarkdownImage({ node: _node, src, alt, ...rest }: Props<'img'>) {
  // A refused protocol leaves an empty src; an <img src=""> would request the page itself.
  if (!src) return null;
  return <img {...rest} src={src} alt={alt ?? ''} loading="lazy" decoding="async" />;
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

/**
 * The page's title is the only h1, so the body's headings start one level lower:
 * # becomes h2, ## h3, … and ##### and ###### both h6.
 */
function shifted(Tag: 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
  return function ShiftedHeading({ node: _node, ...rest }: Props<typeof Tag>) {
    return <Tag {...rest} />;
  };
}

const components: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  table: MarkdownTable,
  h1: shifted('h2'),
  h2: shifted('h3'),
  h3: shifted('h4'),
  h4: shifted('h5'),
  h5: shifted('h6'),
  h6: shifted('h6'),
};

const remarkPlugins = [remarkGfm];

export function Markdown({
  children,
  language = 'en',
  className,
}: {
  /** The Markdown source. */
  children: string;
  /** Language of the footnote section's labels. */
  language?: Language;
  className?: string;
}) {
  const labels = footnoteLabels[language];
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
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
    </div>
  );
}
