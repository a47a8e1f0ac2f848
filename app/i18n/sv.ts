import type { Dictionary } from './en';

export const sv: Dictionary = {
  htmlLang: 'sv',
  skipToContent: 'Hoppa till innehållet',
  header: {
    homeLink: (company) => `${company} – startsidan`,
    navigationLabel: 'Huvudmeny',
    blog: 'Läs vår blogg',
    newsletter: 'Gå med i vårt nyhetsbrev',
    bookCall: 'Boka ett samtal',
    languageLabel: 'Språk',
    menu: 'Meny',
  },
  languages: {
    en: { short: 'EN', name: 'English' },
    sv: { short: 'SV', name: 'Svenska' },
  },
  footer: {
    tagline: 'Kvalitetsleads för lokala företag – inom 30 dagar eller pengarna tillbaka.',
    bookCall: 'Boka ett samtal',
    navigationLabel: 'Sidfot',
    home: 'Hem',
    blog: 'Blogg',
    newsletter: 'Nyhetsbrev',
    socialLabel: 'Följ oss',
    facebook: 'Facebook',
    linkedin: 'LinkedIn',
    privacyPolicy: 'Integritetspolicy',
    cookieSettings: 'Cookietinställningar',
    copyright: (year, company) => `© ${year} ${company}. Alla rättigheter förbehållna.`,
  },
  pages: {
    home: {
      title: 'Kvalitetsleads för lokala företag på 30 dagar',
      description:
        'Vi fyller lokala företags kalendrar med kvalitetsleads på 30 dagar med sökannonser, annonsering i sociala medier och e-postmarknadsföring – resultat garanterat eller pengarna tillbaka.',
    },
    newsletter: {
      title: 'Gå med i vårt nyhetsbrev',
      description:
        'Veckovisa marknadsföringstips, de senaste nyheterna och exklusiva erbjudanden för företagare.',
      heading: 'Gå med i vårt nyhetsbrev',
      lead: 'Veckovisa marknadsföringstips, de senaste marknadsföringsnyheterna och exklusiva erbjudanden direkt i din inkorg.',
    },
    newsletterThankYou: {
      title: 'Tack för att du prenumererar',
      description: 'Din prenumeration på nyhetsbrevet är bekräftad.',
      heading: 'Tack för att du prenumererar!',
      lead: 'Din prenumeration är bekräftad – dina första marknadsföringstips är på väg.',
    },
    newsletterAlmostThere: {
      title: 'Du är nästan framme',
      description: 'Bekräfta din prenumeration med mejlet vi just skickade till dig.',
      heading: 'Du är nästan framme!',
      lead: 'Vi har skickat ett bekräftelsemejl till dig – det bör komma fram inom 5 minuter.',
    },
    bookCall: {
      title: 'Boka ett gratis strategisamtal',
      description:
        'Boka ett kostnadsfritt strategisamtal på 30 minuter och få veta hur vi kan fylla din kalender med kvalitetsleads. Vi svarar inom 24 timmar.',
      heading: 'Vill du veta vad vi kan göra för dig?',
      lead: 'Boka ditt kostnadsfria strategisamtal på 30 minuter så kontaktar vi dig inom 24 timmar.',
    },
    bookCallThankYou: {
      title: 'Tack för ditt intresse',
      description: 'Vi har tagit emot din förfrågan om ett gratis strategisamtal.',
    },
    blog: {
      title: 'Marknadsföringsinsikter & tips',
      description: 'Korta, praktiska marknadsföringstips för dig som driver ett lokalt företag.',
      heading: 'Marknadsföringsinsikter & tips',
      lead: 'För dig som driver företag – varje inlägg är kort och rakt på sak.',
    },
    privacyPolicy: {
      title: 'Integritetspolicy',
      description:
        'Hur vi samlar in, använder och skyddar dina personuppgifter, och dina rättigheter enligt GDPR.',
    },
    freeGuide: {
      title: 'Gratis guide till Meta Ads',
      description:
        'Hämta vår kostnadsfria guide till Meta Ads för lokala företag: ett jämnt flöde av leads utan att slösa pengar.',
      heading: 'Meta Ads-guiden för lokala företag',
      lead: 'Lär dig hur lokala företag förvandlar annonser på Facebook och Instagram till ett jämnt flöde av kvalitetsleads – utan att slösa pengar.',
    },
  },
  posts: {
    readMore: 'Läs mer',
    readMoreAbout: (title: string) => `Läs mer: ${title}`,
    minRead: (minutes: number) => `${minutes} min läsning`,
    by: (author: string) => `Av ${author}`,
    empty: 'Inga blogginlägg tillgängliga ännu.',
    loading: 'Laddar blogginlägg...',
  },
  notFound: {
    title: 'Sidan hittades inte',
    heading: 'Sidan hittades inte',
    lead: 'Sidan du letar efter finns inte eller har flyttats.',
    backHome: 'Tillbaka till startsidan',
  },
  error: {
    title: 'Något gick fel',
    heading: 'Något gick fel',
    lead: 'Försök igen om en stund.',
    backHome: 'Tillbaka till startsidan',
  },
};
