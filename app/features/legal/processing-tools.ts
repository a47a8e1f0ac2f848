// What the site really uses to process personal data (issue 14), so the privacy policy says only
// what is true. Each tool that can be switched on or off is one entry here with its text in both
// languages; the policy (copy.ts) puts each part of that text in its section, and only while the
// tool is in use (policyFactsFor says when). A tool issue 14's later parts add (the consent banner,
// cookieless statistics, the Meta pixel and Conversions API, session recording) becomes one more
// entry plus its English and Swedish text, and one line in policyFactsFor.
import type { Language } from '~/i18n/locale';

/** An item of a policy list: a term and what it means. */
export interface PolicyTerm {
  term: string;
  text: string;
}

/** Where a tool appears in the policy. Every part but `service` is optional. */
export interface ToolText {
  /** Section 4, third-party services: the kind of service and what it receives. */
  service: PolicyTerm;
  /** Section 2, data we collect. */
  collected?: PolicyTerm;
  /** Section 3, purposes: one item of "We use your personal data to:", ending with ';'. */
  purpose?: string;
  /** Section 5, cookies: the cookies or browser storage it sets. */
  cookies?: PolicyTerm;
  /** Section 6, the consent item: what the visitor consents to, e.g. "the newsletter". */
  consent?: string;
  /** Section 7, retention. */
  retention?: PolicyTerm;
}

export interface ProcessingTool {
  text: Record<Language, ToolText>;
}

export const processingTools = {
  /** The newsletter and guide pages' MailerLite sign-up frames, when the MailerLite ids are set. */
  mailerLite: {
    text: {
      en: {
        collected: {
          term: 'Newsletter and free guide',
          text: 'your e-mail address and any other details the sign-up form asks for, when you signed up and confirmed, and whether you open our e-mails and click their links.',
        },
        purpose: 'send you our newsletter and the free guide you requested;',
        service: {
          term: 'Email-marketing service (MailerLite)',
          text: 'sends our newsletter and delivers the free guide. Its sign-up forms are embedded on our newsletter and guide pages and load from its servers, which therefore receive your IP address and browser details when you open those pages; it receives your e-mail address, your sign-up details and how you interact with our e-mails.',
        },
        consent: 'the newsletter and the free guide',
        retention: {
          term: 'Newsletter',
          text: 'until you unsubscribe, which you can do with the link in every e-mail we send.',
        },
      },
      sv: {
        collected: {
          term: 'Nyhetsbrev och gratisguide',
          text: 'din e-postadress och de övriga uppgifter som anmälningsformuläret frågar efter, när du anmälde dig och bekräftade, samt om du öppnar våra mejl och klickar på länkarna i dem.',
        },
        purpose: 'skicka vårt nyhetsbrev och den gratisguide du beställt;',
        service: {
          term: 'Tjänst för e-postmarknadsföring (MailerLite)',
          text: 'skickar vårt nyhetsbrev och levererar gratisguiden. Dess anmälningsformulär är inbäddade på våra sidor för nyhetsbrevet och guiden och hämtas från dess servrar, som därför får din IP-adress och uppgifter om din webbläsare när du öppnar de sidorna; tjänsten får din e-postadress, dina anmälningsuppgifter och information om hur du interagerar med våra mejl.',
        },
        consent: 'nyhetsbrevet och gratisguiden',
        retention: {
          term: 'Nyhetsbrev',
          text: 'tills du avregistrerar dig, vilket du gör via länken i varje mejl vi skickar.',
        },
      },
    },
  },
  /** An e-mail delivery service, when the server sends mail through SMTP_URL. */
  mailDelivery: {
    text: {
      en: {
        service: {
          term: 'E-mail delivery service',
          text: 'delivers the confirmation we send you after you book a call, and our notice of your request to our team. It receives your name, your e-mail address and the content of those e-mails.',
        },
      },
      sv: {
        service: {
          term: 'Tjänst för e-postleverans',
          text: 'levererar bekräftelsen vi skickar när du bokar ett samtal, och vårt meddelande om din förfrågan till vårt team. Tjänsten får ditt namn, din e-postadress och innehållet i de mejlen.',
        },
      },
    },
  },
} satisfies Record<string, ProcessingTool>;

export type ProcessingToolId = keyof typeof processingTools;

/** The company behind the site as the policy names it (from /admin/settings). */
export interface PolicyCompany {
  legalName: string;
  organisationNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  contactEmail: string;
}

/** Everything the policy's text depends on. */
export interface PolicyFacts {
  company: PolicyCompany;
  /** The tools in use, in the order the policy lists them. */
  tools: readonly ProcessingToolId[];
}

/** Which tools are in use, from what is configured. */
export function policyFactsFor(configured: {
  company: PolicyCompany;
  /** The MailerLite account id is the agency's own, not the placeholder. */
  mailerLite: boolean;
  /** The server sends mail through an SMTP server (SMTP_URL), not to its local outbox. */
  mailDelivery: boolean;
}): PolicyFacts {
  const tools: ProcessingToolId[] = [];
  if (configured.mailerLite) tools.push('mailerLite');
  if (configured.mailDelivery) tools.push('mailDelivery');
  return { company: configured.company, tools };
}

/** Each in-use tool's text in one language. */
export function toolTexts(facts: PolicyFacts, language: Language): ToolText[] {
  return facts.tools.map((id) => (processingTools[id] as ProcessingTool).text[language]);
}
