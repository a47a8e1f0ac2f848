// The parts every page shares (the header, the footer, the cookie banner) come out of React the
// same for the same few inputs: the language, the page's path, the agency's details, the visitor's
// cookie choice. Where a page is rendered to one string and never hydrates, the server keeps each
// part's inner HTML by those inputs the first time it renders and writes it as it is after that
// (kept-markup.server.ts), so React renders a few elements in place of a hundred
// (docs/decisions/0057-the-pages-frame-kept-by-its-inputs.md). Everything a kept part reads must
// be among its inputs, or it would be written stale. Without the server's provider (a page that
// hydrates, the browser, a test) every part renders in full.
import {
  createContext,
  createElement,
  useContext,
  type HTMLAttributes,
  type ReactNode,
} from 'react';

/** The elements a kept part can be: its own attributes are rendered each time, its inside kept. */
export type KeptTag = 'header' | 'footer' | 'section';

/** What one render knows of the kept parts (KeptRender, kept-markup.server.ts). */
export interface KeptParts {
  /** The part's inner HTML kept under `key`, if any. */
  kept(key: string): string | undefined;
  /** Notes a part rendered in full, to be kept: the attribute to mark its element with. */
  mark(key: string, tag: KeptTag): { name: string; value: string };
}

const KeptPartsContext = createContext<KeptParts | null>(null);

/** Set by the server around a page rendered to one string (app/entry.server.tsx). */
export function KeptMarkup({ parts, children }: { parts: KeptParts; children: ReactNode }) {
  return <KeptPartsContext.Provider value={parts}>{children}</KeptPartsContext.Provider>;
}

/**
 * A `tag` element with `attributes`, its inside rendered by `children` or written as kept for
 * `part` and `inputs` (compared as JSON): everything `children` reads must be in `inputs`.
 * `children` is called only when the inside renders, so it returns elements and calls no hooks.
 */
export function Kept({
  part,
  tag,
  inputs,
  attributes,
  children,
}: {
  part: string;
  tag: KeptTag;
  inputs: unknown[];
  attributes: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;
  children: () => ReactNode;
}) {
  const parts = useContext(KeptPartsContext);
  if (parts === null) return createElement(tag, attributes, children());
  const key = `${part}\0${JSON.stringify(inputs)}`;
  const html = parts.kept(key);
  if (html !== undefined)
    return createElement(tag, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
  const { name, value } = parts.mark(key, tag);
  return createElement(tag, { ...attributes, [name]: value }, children());
}
