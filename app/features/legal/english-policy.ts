// The privacy policy in English, built from the configured facts: the controller's details from
// /admin/settings, and each processing tool's text only while the tool is in use. The Swedish
// policy (swedish-policy.ts) has the same sections and shape.
import { site } from '~/config/site';
import type { Language } from '~/i18n/locale';
import type { PolicyFacts } from './processing-tools';
import {
  p,
  list,
  term,
  mail,
  controllerAddress,
  toolParts,
  services,
  listed,
  imyWebsite,
  type PolicySection,
  type PolicySectionId,
} from './policy-blocks';

export function englishPolicy(facts: PolicyFacts) {
  const { company } = facts;
  const tool = <K extends Parameters<typeof toolParts>[2]>(part: K) => toolParts(facts, 'en', part);
  const consents = tool('consent');
  return {
    heading: 'Privacy Policy',
    intro: `This policy explains what personal data ${site.name} collects when you use our website and services, why we collect it, who we share it with, how long we keep it and what rights you have. We process personal data in line with the EU General Data Protection Regulation (GDPR) and Swedish data protection law.`,
    lastUpdated: 'Last updated:',
    back: 'Back',
    otherLanguage: { label: 'Läs på svenska', language: 'sv' as Language },
    contents: 'Contents',
    sections: {
      controller: {
        heading: 'Who is responsible for your data',
        body: [
          p(
            `${company.legalName} (“${site.name}”, “we”, “us”) is the controller of the personal data processed through this website and in connection with our services. This means we decide why and how your data is processed, and we are responsible for doing so lawfully.`,
          ),
          controllerAddress(company, 'Organisation number', 'E-mail', site.country.en),
        ],
      },
      'data-we-collect': {
        heading: 'Personal data we collect',
        body: [
          p('We collect only what we need. Depending on how you use the site, that is:'),
          list(
            term(
              'Consultation and contact forms',
              'your name, e-mail address, phone number, company name, the problems you want to solve, how you found us, any additional information you choose to give us and the language of the form.',
            ),
            ...tool('collected'),
            term(
              'Call bookings',
              'the time of your strategy call, how we reach you, and the notes we take about your business and your marketing needs during the call.',
            ),
            term(
              'Data collected automatically',
              'when you send the booking form, the page you arrived on, the site that referred you and the campaign of the link or ad that brought you (its UTM parameters and click identifier) are stored with your request. Our server sees your IP address to deliver the pages and to limit misuse, and does not store it with your data.',
            ),
            term(
              'Cookies and similar technologies',
              'small files and identifiers stored in your browser, described in the section on cookies below.',
            ),
          ),
          p(
            'We do not ask for sensitive personal data, such as information about health, religion or political views. Please do not include any in the free-text fields of our forms.',
          ),
        ],
      },
      purposes: {
        heading: 'How we use your data',
        body: [
          p('We use your personal data to:'),
          list(
            'answer your request, contact you within 24 hours and hold the free strategy call you asked for;',
            'prepare and deliver our services if you become a client, including weekly review calls, invoicing and support;',
            ...tool('purpose'),
            'see which of our campaigns and pages bring requests, to improve our own marketing;',
            'keep the site and our systems secure and prevent misuse;',
            'meet our legal obligations, such as keeping accounting records.',
          ),
          p(
            'We never sell your personal data, and we do not use it for other purposes without telling you first.',
          ),
        ],
      },
      'third-party-services': {
        heading: 'Third-party services we use',
        body: [
          p(
            'We use a small number of carefully chosen service providers. They process personal data on our behalf as processors, under a data processing agreement, and may use it only to provide their service to us.',
          ),
          list(
            ...services(facts, 'en'),
            term(
              'Database host',
              'stores what you send us through our forms, and the content of this website, on secured servers.',
            ),
          ),
          p(
            'Ask us and we will tell you which provider we currently use for each service. We also share data with authorities when the law requires it, and with advisers such as our accountant, who are bound by confidentiality.',
          ),
        ],
      },
      cookies: {
        heading: 'Cookies',
        body: [
          p(
            'Cookies are small text files that a website stores in your browser; browser storage works alike. We use only those listed here, and you can delete them at any time in your browser.',
          ),
          list(
            term(
              'Essential storage',
              'keeps a signed-in member of our team signed in (in the browser’s storage, on our admin pages only). Visitors get only the cookies that remember their cookie choice, below.',
            ),
            ...tool('cookies'),
          ),
        ],
      },
      'legal-bases': {
        heading: 'Legal bases for processing',
        body: [
          p('We process your personal data only when the GDPR gives us a legal basis:'),
          list(
            ...(consents.length > 0
              ? [
                  term(
                    'Consent',
                    `for ${listed(consents, 'and')}. You can withdraw your consent at any time; this does not affect processing that took place before.`,
                  ),
                ]
              : []),
            term(
              'Contract',
              'when you request a strategy call, to take the steps you ask for before a contract is signed, and to deliver our services to you as a client.',
            ),
            term(
              'Legitimate interest',
              'to answer enquiries from business contacts, keep the site secure, use essential storage, credit requests to our campaigns and develop our services. We have weighed our interest against your rights, and you can object at any time.',
            ),
            term(
              'Legal obligation',
              'to keep accounting records under the Swedish Bookkeeping Act (bokföringslagen) and to answer requests from authorities.',
            ),
          ),
        ],
      },
      retention: {
        heading: 'How long we keep your data',
        body: [
          p(
            'We keep personal data only as long as we need it for the purpose it was collected for:',
          ),
          list(
            term(
              'Contact and consultation forms',
              '3 years from our last contact with you, after which they are deleted automatically with the e-mails about them.',
            ),
            ...tool('retention'),
            term(
              'Service data for clients',
              'the duration of our contract plus 7 years, as the Swedish Bookkeeping Act requires for accounting records.',
            ),
          ),
          p(
            'When a period ends we delete the data or anonymise it so that it can no longer be linked to you.',
          ),
        ],
      },
      'your-rights': {
        heading: 'Your rights under the GDPR',
        body: [
          p('You have the right to:'),
          list(
            term('Access', 'get a copy of the personal data we hold about you.'),
            term('Rectification', 'have inaccurate or incomplete data corrected.'),
            term(
              'Erasure',
              'have your data deleted when we no longer need it or have no legal basis to keep it.',
            ),
            term(
              'Restriction',
              'ask us to limit the processing of your data, for example while we check a complaint.',
            ),
            term(
              'Data portability',
              'receive the data you gave us in a structured, machine-readable format, or have it sent to another controller.',
            ),
            term(
              'Objection',
              'object to processing based on legitimate interest, and always to direct marketing.',
            ),
            term(
              'Withdraw consent',
              'at any time, as easily as you gave it, wherever we rely on your consent.',
            ),
          ),
          p(
            'To use any of these rights, e-mail us at ',
            mail(company.contactEmail),
            '. We answer requests within 30 days, free of charge. We may ask you to confirm your identity first so that we do not give your data to someone else.',
          ),
        ],
      },
      'automated-decisions': {
        heading: 'Automated decisions and profiling',
        body: [
          p(
            'We do not make decisions about you based solely on automated processing that have legal or similarly significant effects for you, and we do not profile visitors.',
          ),
        ],
      },
      security: {
        heading: 'How we protect your data',
        body: [
          p(
            'We take technical and organisational measures to protect your personal data against loss, misuse and unauthorised access:',
          ),
          list(
            'all traffic to and from the site is encrypted with HTTPS;',
            'only staff who need personal data for their work can reach it, with personal accounts and strong passwords;',
            'access rules in our database decide what each user may read and change;',
            'our service providers are bound by data processing agreements and their own security measures;',
            'we keep our software up to date.',
          ),
          p(
            'If a personal data breach happens that puts your rights at risk, we report it to the Swedish Authority for Privacy Protection within 72 hours and inform you when the law requires it.',
          ),
        ],
      },
      'international-transfers': {
        heading: 'Transfers outside the EU/EEA',
        body: [
          p(
            'We aim to keep personal data within the EU/EEA. Some of our service providers, or their subcontractors, may process data in other countries, such as the United States. We then make sure the transfer is lawful, either because the European Commission has decided that the country protects personal data adequately (for the United States, when the recipient is certified under the EU–US Data Privacy Framework) or because we have signed the European Commission’s standard contractual clauses (SCCs) with the recipient, with additional safeguards where needed.',
          ),
          p('Contact us if you want a copy of the safeguards that apply to a transfer.'),
        ],
      },
      children: {
        heading: 'Children',
        body: [
          p(
            'Our website and services are meant for businesses and are not directed at children. We do not knowingly collect personal data from anyone under 16. If you believe a child under 16 has given us personal data, contact us and we will delete it.',
          ),
        ],
      },
      changes: {
        heading: 'Changes to this policy',
        body: [
          p(
            'We update this policy when our services, our service providers or the law change. The date at the top of this page shows when it was last updated. If we make significant changes, we will say so clearly on the site and, where we have your e-mail address and the change affects you, tell you by e-mail.',
          ),
        ],
      },
      contact: {
        heading: 'Contact us',
        body: [
          p(
            'If you have questions about this policy or how we handle your personal data, or want to use your rights, contact us:',
          ),
          controllerAddress(company, 'Organisation number', 'E-mail', site.country.en),
        ],
      },
      'supervisory-authority': {
        heading: 'Supervisory authority',
        body: [
          p(
            'If you believe we process your personal data in breach of the GDPR, you have the right to lodge a complaint with the Swedish supervisory authority, the Swedish Authority for Privacy Protection (Integritetsskyddsmyndigheten, IMY). We would be grateful for the chance to put things right first, so please feel free to contact us before you do.',
          ),
          {
            kind: 'address',
            lines: [
              ['Integritetsskyddsmyndigheten (IMY)'],
              ['Box 8114'],
              ['104 20 Stockholm'],
              ['Sweden'],
              [imyWebsite],
            ],
          },
        ],
      },
    } satisfies Record<PolicySectionId, PolicySection>,
  };
}

export type PrivacyPolicyCopy = ReturnType<typeof englishPolicy>;
