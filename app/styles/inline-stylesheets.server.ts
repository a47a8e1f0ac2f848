// A page that never loads React gets its stylesheets inside its HTML (the speed budget,
// docs/decisions/0007): on a phone each render-blocking stylesheet costs a round trip before the
// first paint, about 150–300 ms in Lighthouse's mobile run, for 1–3 kB of compressed CSS. The
// built, hashed files are read once and kept; the page's CSP then allows each <style> by its hash
// (decision 6). Pages that hydrate keep React Router's <link> elements, which React expects.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A built stylesheet's link as React Router writes it: this, a file name, then `"/>`. */
const LINK_START = Buffer.from('<link rel="stylesheet" href="/assets/');
const BUILT_NAME = /^[\w.-]+\.css$/;
const QUOTE = 0x22;
const LINK_END = Buffer.from('"/>');

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
  // Found with Buffer.indexOf, reading only the file names as text: the page is never copied into a
  // string of its own, which each render would leave to the garbage collector.
  const parts: Buffer[] = [];
  let copied = 0;
  let at = page.indexOf(LINK_START);
  while (at !== -1) {
    const nameStart = at + LINK_START.length;
    const quote = page.indexOf(QUOTE, nameStart);
    if (quote === -1) break;
    const name = page.toString('latin1', nameStart, quote);
    const isLink =
      BUILT_NAME.test(name) && page.subarray(quote, quote + LINK_END.length).equals(LINK_END);
    const element = isLink ? styleElement(`/assets/${name}`, directory) : null;
    if (element !== null) {
      parts.push(page.subarray(copied, at), element);
      copied = quote + LINK_END.length;
    }
    at = page.indexOf(LINK_START, isLink ? quote + LINK_END.length : nameStart);
  }
  if (parts.length === 0) return page;
  parts.push(page.subarray(copied));
  return Buffer.concat(parts);
}
