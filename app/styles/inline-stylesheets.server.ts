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

const contents = new Map<string, Buffer | null>();

/**
 * The stylesheet as a <style> element's bytes, or null when it cannot be read or its text would
 * end the element early (it then stays in its own file).
 */
function styleElement(href: string, directory: string): Buffer | null {
  const key = `${directory}${href}`;
  let element = contents.get(key);
  if (element === undefined) {
    try {
      const css = readFileSync(path.join(directory, href), 'utf8');
      element = /<\/style/i.test(css) ? null : Buffer.from(`<style>${css}</style>`);
    } catch {
      element = null;
    }
    contents.set(key, element);
  }
  return element;
}

/**
 * The page's HTML (its UTF-8 bytes, as React wrote them) with each of its built stylesheets'
 * <link> replaced by the CSS itself. Worked on as bytes: the page is not decoded to a string and
 * encoded again for it.
 */
export function inlineStylesheets(page: Buffer, directory = clientDirectory): Buffer {
  // One character per byte: the links are ASCII, so their offsets are the bytes' offsets.
  const text = page.toString('latin1');
  const parts: Buffer[] = [];
  let copied = 0;
  for (const link of text.matchAll(STYLESHEET_LINK)) {
    const element = styleElement(link[1]!, directory);
    if (element === null) continue;
    parts.push(page.subarray(copied, link.index), element);
    copied = link.index + link[0].length;
  }
  if (parts.length === 0) return page;
  parts.push(page.subarray(copied));
  return Buffer.concat(parts);
}
