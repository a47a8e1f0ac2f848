// Parses a built document the way a browser does, failing the test on malformed XML.
import { JSDOM } from 'jsdom';

const { DOMParser } = new JSDOM('').window;

export function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent ?? ''}`);
  return document;
}

/** The text of each element with this local name, in document order. */
export function textsOf(parent: Document | Element, localName: string): string[] {
  return Array.from(parent.getElementsByTagNameNS('*', localName), (node) => node.textContent);
}
