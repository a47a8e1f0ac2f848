// The cookie banner's and the cookie settings page's text, in both languages
// (docs/decisions/0004-copy-beside-each-feature.md). The categories are the privacy policy's.
import type { Language } from '~/i18n/locale';
import type { ConsentCategory } from '~/visit/consent-cookie';

export interface ConsentCopy {
  bannerLabel: string;
  heading: string;
  intro: string;
  policyLink: string;
  acceptAll: string;
  rejectAll: string;
  choose: string;
  save: string;
  categoriesLegend: string;
  necessary: { label: string; text: string };
  categories: Record<ConsentCategory, { label: string; text: string }>;
  saved: string;
  page: { heading: string; lead: string; current: (allowed: string[]) => string; none: string };
  back: string;
  failed: string;
}

const en: ConsentCopy = {
  bannerLabel: 'Cookie consent',
  heading: 'Cookies on this site',
  intro:
    'We use necessary cookies to make the site work. With your consent we also use cookies and services for analytics, marketing and preferences. Change your mind any time under “Cookie settings” at the bottom of every page.',
  policyLink: 'Read about cookies in our privacy policy',
  acceptAll: 'Accept all',
  rejectAll: 'Reject all',
  choose: 'Choose',
  save: 'Save choices',
  categoriesLegend: 'Allow these categories',
  necessary: {
    label: 'Necessary (always on)',
    text: 'Remembers the choice you make here. Needed for the site to work.',
  },
  categories: {
    analytics: {
      label: 'Analytics',
      text: 'Measuring how the site is used, to improve it.',
    },
    marketing: {
      label: 'Marketing',
      text: 'Remembering the ad or campaign that brought you, and loading our newsletter provider’s (MailerLite’s) sign-up forms.',
    },
    preferences: {
      label: 'Preferences',
      text: 'Remembering settings you choose on the site.',
    },
  },
  saved: 'Your cookie choices are saved.',
  page: {
    heading: 'Cookie settings',
    lead: 'Choose which cookies and services we may use. Necessary cookies only remember this choice. Reject all withdraws any consent you gave before.',
    current: (allowed) => `You currently allow: ${allowed.join(', ')}.`,
    none: 'You currently allow necessary cookies only.',
  },
  back: 'Back to the page you were on',
  failed: 'Your choice could not be saved. Please try again.',
};

const sv: ConsentCopy = {
  bannerLabel: 'Samtycke till cookies',
  heading: 'Cookies på webbplatsen',
  intro:
    'Vi använder nödvändiga cookies för att webbplatsen ska fungera. Med ditt samtycke använder vi även cookies och tjänster för statistik, marknadsföring och inställningar. Ändra dig när som helst under ”Cookietinställningar” längst ned på varje sida.',
  policyLink: 'Läs om cookies i vår integritetspolicy',
  acceptAll: 'Godkänn alla',
  rejectAll: 'Avvisa alla',
  choose: 'Välj själv',
  save: 'Spara val',
  categoriesLegend: 'Tillåt dessa kategorier',
  necessary: {
    label: 'Nödvändiga (alltid på)',
    text: 'Kommer ihåg valet du gör här. Behövs för att webbplatsen ska fungera.',
  },
  categories: {
    analytics: {
      label: 'Statistik',
      text: 'Mäter hur webbplatsen används, för att förbättra den.',
    },
    marketing: {
      label: 'Marknadsföring',
      text: 'Kommer ihåg annonsen eller kampanjen som tog dig hit, och hämtar vår nyhetsbrevsleverantörs (MailerLites) anmälningsformulär.',
    },
    preferences: {
      label: 'Inställningar',
      text: 'Kommer ihåg inställningar du väljer på webbplatsen.',
    },
  },
  saved: 'Dina cookieval är sparade.',
  page: {
    heading: 'Cookietinställningar',
    lead: 'Välj vilka cookies och tjänster vi får använda. Nödvändiga cookies kommer bara ihåg det här valet. Avvisa alla återkallar ett samtycke du gett tidigare.',
    current: (allowed) => `Du tillåter nu: ${allowed.join(', ')}.`,
    none: 'Du tillåter nu bara nödvändiga cookies.',
  },
  back: 'Tillbaka till sidan du var på',
  failed: 'Ditt val kunde inte sparas. Försök igen.',
};

export const consentCopy: Record<Language, ConsentCopy> = { en, sv };
