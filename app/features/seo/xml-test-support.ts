// Parses a built document the way a browser does, failing the test on malformed XML; and the
// post listing the sitemaps and feeds are built from.
import { JSDOM } from 'jsdom';
import type { PostListing } from '~/data/posts';

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

/** A published English post as the sitemaps and feeds read it, with these fields changed. */
export const listing = (overrides: Partial<PostListing>): PostListing => ({
  slug: 'a-post',
  title: 'A post',
  summary: 'About it.',
  author: 'Nordic Lead Agency Team',
  published_date: '2026-10-01T08:00:00Z',
  updated_at: '2026-10-05T08:00:00Z',
  language: 'english',
  translation_group: null,
  ...overrides,
});
