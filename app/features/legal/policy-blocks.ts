// The building blocks of the privacy policy's text in both languages: the block types the page
// renders, small builders for them, the section ids (the same in both languages, so a #fragment
// survives the language switch) and the helpers that fetch the in-use processing tools' texts
// (processing-tools.ts) for a section.
import type { Language } from '~/i18n/locale';
import {
  toolTexts,
  type PolicyCompany,
  type PolicyFacts,
  type PolicyTerm,
  type ToolText,
} from './processing-tools';

/** Running text: plain strings and links. */
export type Inline = string | { text: string; href: string };

export type Block =
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; items: Array<string | { term: string; text: string }> }
  /** Postal and e-mail details, each line on its own row. */
  | { kind: 'address'; lines: Inline[][] };

export interface PolicySection {
  heading: string;
  body: Block[];
}

export const p = (...content: Inline[]): Block => ({ kind: 'paragraph', content });
export const list = (...items: Array<string | { term: string; text: string }>): Block => ({
  kind: 'list',
  items,
});
export const term = (name: string, text: string) => ({ term: name, text });
export const mail = (address: string): Inline => ({ text: address, href: `mailto:${address}` });

export const controllerAddress = (
  company: PolicyCompany,
  organisationNumberLabel: string,
  emailLabel: string,
  country: string,
) =>
  ({
    kind: 'address',
    lines: [
      [company.legalName],
      [`${organisationNumberLabel}: ${company.organisationNumber}`],
      [company.streetAddress],
      [`${company.postalCode} ${company.city}`],
      [country],
      [`${emailLabel}: `, mail(company.contactEmail)],
    ],
  }) satisfies Block;

/** The parts of the in-use tools' texts that go in one section, in the tools' order. */
export function toolParts<K extends 'collected' | 'purpose' | 'cookies' | 'consent' | 'retention'>(
  facts: PolicyFacts,
  language: Language,
  part: K,
) {
  return toolTexts(facts, language).flatMap((text) => {
    const value = text[part];
    return value === undefined
      ? []
      : ([value].flat() as Array<Exclude<NonNullable<ToolText[K]>, unknown[]>>);
  });
}

export const services = (facts: PolicyFacts, language: Language): PolicyTerm[] =>
  toolTexts(facts, language).flatMap((text) => (text.service ? [text.service] : []));

/** "a, b and c" in the page's language. */
export function listed(items: string[], and: string): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

export const imyWebsite: Inline = { text: 'www.imy.se', href: 'https://www.imy.se' };

/** The fifteen sections in the order the page shows them. */
export const policySectionIds = [
  'controller',
  'data-we-collect',
  'purposes',
  'third-party-services',
  'cookies',
  'legal-bases',
  'retention',
  'your-rights',
  'automated-decisions',
  'security',
  'international-transfers',
  'children',
  'changes',
  'contact',
  'supervisory-authority',
] as const;

export type PolicySectionId = (typeof policySectionIds)[number];
