// The privacy policy, in English and Swedish (docs/decisions/0004-copy-beside-each-feature.md),
// generated from the truth: the controller's details come from /admin/settings, and each processing
// tool is described only while it is in use (processing-tools.ts). Section ids are the same in both
// languages so a #fragment survives the language switch.
import { site } from '~/config/site';
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

const p = (...content: Inline[]): Block => ({ kind: 'paragraph', content });
const list = (...items: Array<string | { term: string; text: string }>): Block => ({
  kind: 'list',
  items,
});
const term = (name: string, text: string) => ({ term: name, text });
const mail = (address: string): Inline => ({ text: address, href: `mailto:${address}` });

const controllerAddress = (
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
function toolParts<K extends 'collected' | 'purpose' | 'cookies' | 'consent' | 'retention'>(
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

const services = (facts: PolicyFacts, language: Language): PolicyTerm[] =>
  toolTexts(facts, language).flatMap((text) => (text.service ? [text.service] : []));

/** "a, b and c" in the page's language. */
function listed(items: string[], and: string): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

const imyWebsite: Inline = { text: 'www.imy.se', href: 'https://www.imy.se' };

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

function englishPolicy(facts: PolicyFacts) {
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

function swedishPolicy(facts: PolicyFacts): PrivacyPolicyCopy {
  const { company } = facts;
  const tool = <K extends Parameters<typeof toolParts>[2]>(part: K) => toolParts(facts, 'sv', part);
  const consents = tool('consent');
  return {
    heading: 'Integritetspolicy',
    intro: `Den här policyn beskriver vilka personuppgifter ${site.name} samlar in när du använder vår webbplats och våra tjänster, varför vi gör det, vilka vi delar uppgifterna med, hur länge vi sparar dem och vilka rättigheter du har. Vi behandlar personuppgifter enligt EU:s dataskyddsförordning (GDPR) och svensk dataskyddslagstiftning.`,
    lastUpdated: 'Senast uppdaterad:',
    back: 'Tillbaka',
    otherLanguage: { label: 'Read in English', language: 'en' },
    contents: 'Innehåll',
    sections: {
      controller: {
        heading: 'Vem som ansvarar för dina uppgifter',
        body: [
          p(
            `${company.legalName} (”${site.name}”, ”vi”, ”oss”) är personuppgiftsansvarig för de personuppgifter som behandlas via den här webbplatsen och i samband med våra tjänster. Det innebär att vi bestämmer varför och hur uppgifterna behandlas, och att vi ansvarar för att det sker enligt lag.`,
          ),
          controllerAddress(company, 'Organisationsnummer', 'E-post', site.country.sv),
        ],
      },
      'data-we-collect': {
        heading: 'Personuppgifter vi samlar in',
        body: [
          p(
            'Vi samlar bara in det vi behöver. Beroende på hur du använder webbplatsen handlar det om:',
          ),
          list(
            term(
              'Formulär för strategisamtal och kontakt',
              'ditt namn, din e-postadress, ditt telefonnummer, företagets namn, de problem du vill lösa, hur du hittade oss, annan information du själv väljer att lämna och formulärets språk.',
            ),
            ...tool('collected'),
            term(
              'Bokade samtal',
              'tidpunkten för ditt strategisamtal, hur vi når dig och de anteckningar vi gör om ditt företag och dina marknadsföringsbehov under samtalet.',
            ),
            term(
              'Uppgifter som samlas in automatiskt',
              'när du skickar bokningsformuläret sparas sidan du kom till, webbplatsen som ledde dig hit och kampanjen i länken eller annonsen som tog dig hit (dess UTM-parametrar och klick-id) tillsammans med din förfrågan. Vår server ser din IP-adress för att kunna leverera sidorna och begränsa missbruk, och sparar den inte med dina uppgifter.',
            ),
            term(
              'Cookies och liknande tekniker',
              'små filer och identifierare som sparas i din webbläsare, se avsnittet om cookies nedan.',
            ),
          ),
          p(
            'Vi ber inte om känsliga personuppgifter, till exempel om hälsa, religion eller politiska åsikter. Skriv därför inte sådana uppgifter i formulärens fritextfält.',
          ),
        ],
      },
      purposes: {
        heading: 'Hur vi använder dina uppgifter',
        body: [
          p('Vi använder dina personuppgifter för att:'),
          list(
            'besvara din förfrågan, kontakta dig inom 24 timmar och hålla det kostnadsfria strategisamtal du bett om;',
            'förbereda och leverera våra tjänster om du blir kund, inklusive avstämningssamtal varje vecka, fakturering och support;',
            ...tool('purpose'),
            'se vilka av våra kampanjer och sidor som ger förfrågningar, för att förbättra vår egen marknadsföring;',
            'hålla webbplatsen och våra system säkra och förhindra missbruk;',
            'uppfylla våra rättsliga skyldigheter, till exempel att bevara räkenskapsinformation.',
          ),
          p(
            'Vi säljer aldrig dina personuppgifter och använder dem inte för andra ändamål utan att först berätta det för dig.',
          ),
        ],
      },
      'third-party-services': {
        heading: 'Tredjepartstjänster vi använder',
        body: [
          p(
            'Vi anlitar ett fåtal noga utvalda leverantörer. De behandlar personuppgifter för vår räkning som personuppgiftsbiträden, enligt ett personuppgiftsbiträdesavtal, och får bara använda uppgifterna för att leverera sin tjänst till oss.',
          ),
          list(
            ...services(facts, 'sv'),
            term(
              'Databasleverantör',
              'lagrar det du skickar till oss via våra formulär, och webbplatsens innehåll, på skyddade servrar.',
            ),
          ),
          p(
            'Fråga oss så berättar vi vilken leverantör vi för närvarande använder för varje tjänst. Vi lämnar också ut uppgifter till myndigheter när lagen kräver det, och till rådgivare som vår redovisningskonsult, som har tystnadsplikt.',
          ),
        ],
      },
      cookies: {
        heading: 'Cookies',
        body: [
          p(
            'Cookies är små textfiler som en webbplats sparar i din webbläsare; webbläsarens lagring fungerar på liknande sätt. Vi använder bara dem som anges här, och du kan när som helst radera dem i webbläsaren.',
          ),
          list(
            term(
              'Nödvändig lagring',
              'håller en inloggad medlem av vårt team inloggad (i webbläsarens lagring, bara på våra administrationssidor). Besökare får bara cookierna som kommer ihåg deras cookieval, nedan.',
            ),
            ...tool('cookies'),
          ),
        ],
      },
      'legal-bases': {
        heading: 'Rättslig grund för behandlingen',
        body: [
          p('Vi behandlar bara dina personuppgifter när GDPR ger oss en rättslig grund:'),
          list(
            ...(consents.length > 0
              ? [
                  term(
                    'Samtycke',
                    `för ${listed(consents, 'och')}. Du kan när som helst återkalla ditt samtycke; det påverkar inte behandling som redan har skett.`,
                  ),
                ]
              : []),
            term(
              'Avtal',
              'när du bokar ett strategisamtal, för att vidta de åtgärder du ber om innan ett avtal ingås, och för att leverera våra tjänster till dig som kund.',
            ),
            term(
              'Berättigat intresse',
              'för att besvara förfrågningar från företagskontakter, hålla webbplatsen säker, använda nödvändig lagring, tillskriva förfrågningar våra kampanjer och utveckla våra tjänster. Vi har vägt vårt intresse mot dina rättigheter, och du kan när som helst invända.',
            ),
            term(
              'Rättslig förpliktelse',
              'för att bevara räkenskapsinformation enligt bokföringslagen och besvara förfrågningar från myndigheter.',
            ),
          ),
        ],
      },
      retention: {
        heading: 'Hur länge vi sparar dina uppgifter',
        body: [
          p(
            'Vi sparar personuppgifter bara så länge vi behöver dem för det ändamål de samlades in för:',
          ),
          list(
            term(
              'Formulär för strategisamtal och kontakt',
              '3 år från vår senaste kontakt med dig, därefter raderas de automatiskt tillsammans med mejlen om dem.',
            ),
            ...tool('retention'),
            term(
              'Uppgifter om kunduppdrag',
              'under avtalstiden plus 7 år, eftersom bokföringslagen kräver att räkenskapsinformation sparas så länge.',
            ),
          ),
          p(
            'När tiden har gått ut raderar vi uppgifterna eller anonymiserar dem så att de inte längre kan kopplas till dig.',
          ),
        ],
      },
      'your-rights': {
        heading: 'Dina rättigheter enligt GDPR',
        body: [
          p('Du har rätt att:'),
          list(
            term('Tillgång', 'få en kopia av de personuppgifter vi har om dig (registerutdrag).'),
            term('Rättelse', 'få felaktiga eller ofullständiga uppgifter rättade.'),
            term(
              'Radering',
              'få dina uppgifter raderade när vi inte längre behöver dem eller saknar rättslig grund att spara dem.',
            ),
            term(
              'Begränsning',
              'be oss begränsa behandlingen av dina uppgifter, till exempel medan vi utreder ett klagomål.',
            ),
            term(
              'Dataportabilitet',
              'få ut de uppgifter du har lämnat till oss i ett strukturerat, maskinläsbart format, eller få dem överförda till en annan personuppgiftsansvarig.',
            ),
            term(
              'Invändning',
              'invända mot behandling som grundar sig på berättigat intresse, och alltid mot direktmarknadsföring.',
            ),
            term(
              'Återkalla samtycke',
              'när som helst, lika enkelt som du gav det, när behandlingen bygger på ditt samtycke.',
            ),
          ),
          p(
            'Mejla oss på ',
            mail(company.contactEmail),
            ' för att använda någon av dina rättigheter. Vi besvarar förfrågningar inom 30 dagar, utan kostnad. Vi kan först be dig bekräfta din identitet, så att dina uppgifter inte lämnas ut till någon annan.',
          ),
        ],
      },
      'automated-decisions': {
        heading: 'Automatiserade beslut och profilering',
        body: [
          p(
            'Vi fattar inga beslut om dig som enbart grundar sig på automatiserad behandling och som har rättsliga eller liknande betydande följder för dig, och vi profilerar inte besökare.',
          ),
        ],
      },
      security: {
        heading: 'Så skyddar vi dina uppgifter',
        body: [
          p(
            'Vi vidtar tekniska och organisatoriska åtgärder för att skydda dina personuppgifter mot förlust, missbruk och obehörig åtkomst:',
          ),
          list(
            'all trafik till och från webbplatsen krypteras med HTTPS;',
            'bara medarbetare som behöver personuppgifter i sitt arbete kommer åt dem, med personliga konton och starka lösenord;',
            'åtkomstregler i vår databas avgör vad varje användare får läsa och ändra;',
            'våra leverantörer är bundna av personuppgiftsbiträdesavtal och egna säkerhetsåtgärder;',
            'vi håller vår programvara uppdaterad.',
          ),
          p(
            'Om en personuppgiftsincident inträffar som innebär en risk för dina rättigheter anmäler vi den till Integritetsskyddsmyndigheten inom 72 timmar och informerar dig när lagen kräver det.',
          ),
        ],
      },
      'international-transfers': {
        heading: 'Överföringar utanför EU/EES',
        body: [
          p(
            'Vi strävar efter att behandla personuppgifter inom EU/EES. Vissa av våra leverantörer, eller deras underleverantörer, kan behandla uppgifter i andra länder, till exempel USA. Då ser vi till att överföringen är laglig, antingen för att EU-kommissionen har beslutat att landet har en adekvat skyddsnivå (för USA när mottagaren är certifierad enligt EU–US Data Privacy Framework) eller för att vi har ingått EU-kommissionens standardavtalsklausuler (SCC) med mottagaren, med kompletterande skyddsåtgärder vid behov.',
          ),
          p(
            'Kontakta oss om du vill ha en kopia av de skyddsåtgärder som gäller för en överföring.',
          ),
        ],
      },
      children: {
        heading: 'Barn',
        body: [
          p(
            'Vår webbplats och våra tjänster vänder sig till företag och riktar sig inte till barn. Vi samlar inte medvetet in personuppgifter från någon under 16 år. Om du tror att ett barn under 16 år har lämnat personuppgifter till oss, kontakta oss så raderar vi dem.',
          ),
        ],
      },
      changes: {
        heading: 'Ändringar i policyn',
        body: [
          p(
            'Vi uppdaterar policyn när våra tjänster, våra leverantörer eller lagen ändras. Datumet högst upp på sidan visar när den senast uppdaterades. Gör vi väsentliga ändringar säger vi det tydligt på webbplatsen och meddelar dig via e-post, om vi har din e-postadress och ändringen berör dig.',
          ),
        ],
      },
      contact: {
        heading: 'Kontakta oss',
        body: [
          p(
            'Har du frågor om policyn eller om hur vi hanterar dina personuppgifter, eller vill du använda dina rättigheter? Kontakta oss:',
          ),
          controllerAddress(company, 'Organisationsnummer', 'E-post', site.country.sv),
        ],
      },
      'supervisory-authority': {
        heading: 'Tillsynsmyndighet',
        body: [
          p(
            'Om du anser att vi behandlar dina personuppgifter i strid med GDPR har du rätt att lämna in ett klagomål till Integritetsskyddsmyndigheten (IMY), som är tillsynsmyndighet i Sverige. Vi uppskattar om vi får chansen att rätta till det först, så kontakta oss gärna innan du gör det.',
          ),
          {
            kind: 'address',
            lines: [
              ['Integritetsskyddsmyndigheten (IMY)'],
              ['Box 8114'],
              ['104 20 Stockholm'],
              ['Sverige'],
              [imyWebsite],
            ],
          },
        ],
      },
    },
  };
}

/** The policy in one language, for what is configured. */
export function privacyPolicyText(language: Language, facts: PolicyFacts): PrivacyPolicyCopy {
  return language === 'sv' ? swedishPolicy(facts) : englishPolicy(facts);
}
