import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineStylesheets as inlineInBytes } from './inline-stylesheets.server';

/** The function on a page's UTF-8 bytes, read back as text. */
const inlineStylesheets = (html: string, directory: string) =>
  inlineInBytes(Buffer.from(html), directory).toString();

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** A build/client of the test's own, with these files under assets/ (removed after the tests). */
function clientDirectory(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'inline-css-'));
  directories.push(directory);
  mkdirSync(path.join(directory, 'assets'));
  for (const [name, text] of Object.entries(files))
    writeFileSync(path.join(directory, 'assets', name), text);
  return directory;
}

describe('inlineStylesheets', () => {
  it('puts each built stylesheet into the page in place of its link, in order', () => {
    const directory = clientDirectory({
      'app-1.css': 'body{margin:0}',
      'page-2.css': 'h1{color:red}',
    });
    const html =
      '<head><link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="/assets/app-1.css"/>' +
      '<link rel="stylesheet" href="/assets/page-2.css"/></head>';
    expect(inlineStylesheets(html, directory)).toBe(
      '<head><link rel="icon" href="/favicon.svg"/><style>body{margin:0}</style>' +
        '<style>h1{color:red}</style></head>',
    );
  });

  it('keeps the link of a stylesheet it cannot read, or whose text would end the element', () => {
    const directory = clientDirectory({ 'odd-3.css': 'a::after{content:"</style>"}' });
    const html =
      '<link rel="stylesheet" href="/assets/missing-4.css"/>' +
      '<link rel="stylesheet" href="/assets/odd-3.css"/>';
    expect(inlineStylesheets(html, directory)).toBe(html);
  });

  it('keeps every other byte of the page as it was, characters beyond ASCII included', () => {
    const directory = clientDirectory({ 'app-5.css': '.quote::before{content:"”"}' });
    const html =
      '<html lang="sv"><title>Väx – snabbt ✓</title>' +
      '<link rel="stylesheet" href="/assets/app-5.css"/><p>Åtta “leads” 😀</p></html>';
    expect(inlineStylesheets(html, directory)).toBe(
      '<html lang="sv"><title>Väx – snabbt ✓</title>' +
        '<style>.quote::before{content:"”"}</style><p>Åtta “leads” 😀</p></html>',
    );
  });

  it('inlines only links written exactly as the build writes them', () => {
    const directory = clientDirectory({ 'app-6.css': 'p{margin:0}', 'a b.css': 'p{}' });
    const near =
      '<link rel="stylesheet" href="/assets/a b.css"/>' +
      '<link rel="stylesheet" href="/assets/app-6.css">' +
      '<link rel="stylesheet" href="/assets/app-6.cssx"/>';
    expect(inlineStylesheets(near, directory)).toBe(near);
    expect(
      inlineStylesheets(`${near}<link rel="stylesheet" href="/assets/app-6.css"/>`, directory),
    ).toBe(`${near}<style>p{margin:0}</style>`);
  });

  it('leaves stylesheets from elsewhere alone', () => {
    const directory = clientDirectory({});
    const html = '<link rel="stylesheet" href="https://cdn.example/x.css"/>';
    expect(inlineStylesheets(html, directory)).toBe(html);
  });
});
