// A page that never loads React gets its stylesheets inside its HTML (the speed budget,
// docs/decisions/0007): on a phone each render-blocking stylesheet costs a round trip before the
// first paint, about 150–300 ms in Lighthouse's mobile run, for 1–3 kB of compressed CSS. The
// built, hashed files are read once and kept; the page's CSP then allows each <style> by its hash
// (decision 6). Pages that hydrate keep React Router's <link> elements, which React expects.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g;

/** Where the browser's files are built: build/client, beside the server build. */
const clientDirectory = path.resolve(import.meta.dirname, '../client');

const contents = new Map<string, string | null>();

/** The stylesheet's text, or null when it cannot be read or cannot sit in a <style> element. */
function stylesheet(href: string, directory: string): string | null {
  const key = `${directory}${href}`;
  let css = contents.get(key);
  if (css === undefined) {
    try {
      css = readFileSync(path.join(directory, href), 'utf8');
      // Text that would close the element early stays in its own file.
      if (/<\/style/i.test(css)) css = null;
    } catch {
      css = null;
    }
    contents.set(key, css);
  }
  return css;
}

/** The page's HTML with each of its built stylesheets' <link> replaced by the CSS itself. */
export function inlineStylesheets(html: string, directory = clientDirectory): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = stylesheet(href, directory);
    return css === null ? link : `<style>${css}</style>`;
  });
}
