// What the site really uses to process personal data, so the privacy policy says only
// what is true. Each tool that can be switched on or off is one entry here with its text in both
// languages; the policy (copy.ts) puts each part of that text in its section, and only while the
// tool is in use (policyFactsFor says when). A new tool becomes one more entry plus its English
// and Swedish text, and one line in policyFactsFor.
// Long because each tool's entry carries its whole text in both languages, so that a tool is
// added, changed or removed in one place.
import type { Language } from '~/i18n/locale';

/** An item of a policy list: a term and what it means. */
export interface PolicyTerm {
  term: string;
  text: string;
}

/** Where a tool appears in the policy: only in the sections it has a part for. */
export interface ToolText {
  /** Section 4, third-party services: the kind of service and what it receives. */
  service?: PolicyTerm;
  /** Section 2, data we collect. */
  collected?: PolicyTerm;
  /** Section 3, purposes: one item of "We use your personal data to:", ending with ';'. */
  purpose?: string;
  /** Section 5, cookies: the cookies or browser storage it sets. */
  cookies?: PolicyTerm | PolicyTerm[];
  /** Section 6, the consent item: what the visitor consents to, e.g. "the newsletter". */
  consent?: string;
  /** Section 7, retention. */
  retention?: PolicyTerm;
}

export interface ProcessingTool {
  text: Record<Language, ToolText>;
}

export const processingTools = {
  /** The cookie banner and its record of each choice: always in use. */
  cookieConsent: {
    text: {
      en: {
        collected: {
          term: 'Your cookie choices',
          text: 'when you make or change a choice in our cookie banner or cookie settings: a random consent ID, the time, what you allowed (analytics, marketing, preferences) and the version of this policy you chose under. Nothing else about you, not your IP address: to limit misuse, our server only counts the choices each IP address makes in an hour, apart from the record, and deletes the count within a day.',
        },
        purpose:
          'remember and keep a record of your cookie choices, so that we can show that we asked before using cookies;',
        consent:
          'the cookies and services you allow in our cookie banner or cookie settings (analytics, marketing and preferences)',
        cookies: [
          {
            term: 'Categories',
            text: 'we ask for your consent before using any cookie or service that is not necessary, in three categories you choose from: analytics (measuring how the site is used), marketing (the cookies and services marked marketing below) and preferences (remembering settings you choose). Necessary cookies are always on. You change or withdraw your choice at any time under “Cookie settings” at the bottom of every page, as easily as you gave it.',
          },
          {
            term: 'Cookie choice (cookie_consent and cookie_consent_id, necessary)',
            text: 'set when you make a choice: they remember what you chose, and a random consent ID that links it to our record of it, for 12 months. After that we ask again.',
          },
        ],
        retention: {
          term: 'Cookie choices',
          text: 'our record of each choice 2 years from when you made it, then deleted automatically; the cookies that remember it 12 months in your browser.',
        },
      },
      sv: {
        collected: {
          term: 'Dina cookieval',
          text: 'när du gör eller ändrar ett val i vår cookiebanner eller i cookietinställningarna: ett slumpmässigt samtyckes-id, tidpunkten, vad du tillät (statistik, marknadsföring, inställningar) och vilken version av den här policyn du valde under. Inget annat om dig, inte din IP-adress: för att begränsa missbruk räknar vår server bara hur många val varje IP-adress gör under en timme, skilt från registreringen, och raderar räkningen inom ett dygn.',
        },
        purpose:
          'komma ihåg och dokumentera dina cookieval, så att vi kan visa att vi frågade innan vi använde cookies;',
        consent:
          'de cookies och tjänster du tillåter i vår cookiebanner eller i cookietinställningarna (statistik, marknadsföring och inställningar)',
        cookies: [
          {
            term: 'Kategorier',
            text: 'vi ber om ditt samtycke innan vi använder cookies eller tjänster som inte är nödvändiga, i tre kategorier du väljer bland: statistik (mäter hur webbplatsen används), marknadsföring (de cookies och tjänster som är märkta marknadsföring nedan) och inställningar (kommer ihåg inställningar du väljer). Nödvändiga cookies är alltid på. Du ändrar eller återkallar ditt val när som helst under ”Cookietinställningar” längst ned på varje sida, lika enkelt som du gav det.',
          },
          {
            term: 'Cookieval (cookie_consent och cookie_consent_id, nödvändiga)',
            text: 'sätts när du gör ett val: de kommer ihåg vad du valde, och ett slumpmässigt samtyckes-id som kopplar valet till vår dokumentation av det, i 12 månader. Därefter frågar vi igen.',
          },
        ],
        retention: {
          term: 'Cookieval',
          text: 'vår dokumentation av varje val 2 år från att du gjorde det, därefter raderas den automatiskt; cookierna som kommer ihåg valet 12 månader i din webbläsare.',
        },
      },
    },
  },
  /**
   * The ad click's attribution kept across pages (app/visit/attribution-cookie.ts): marketing,
   * after consent only. Always in use.
   */
  campaignCookie: {
    text: {
      en: {
        cookies: {
          term: 'Campaign cookie (visit_attribution, marketing)',
          text: 'only if you allow marketing: when you arrive through a link or ad with campaign parameters, it remembers that campaign for 30 days so that a request you send us is credited to it. It holds only the campaign’s parameters, never who you are. With JavaScript, the page you arrived on is kept in your browser tab’s storage for the same purpose, with the same consent, until you close the tab.',
        },
        retention: { term: 'Campaign cookie', text: '30 days in your browser.' },
      },
      sv: {
        cookies: {
          term: 'Kampanjcookie (visit_attribution, marknadsföring)',
          text: 'bara om du tillåter marknadsföring: när du kommer via en länk eller annons med kampanjparametrar kommer den ihåg kampanjen i 30 dagar, så att en förfrågan du skickar till oss tillskrivs den. Den innehåller bara kampanjens parametrar, aldrig vem du är. Med JavaScript sparas sidan du kom till i webbläsarflikens lagring i samma syfte, med samma samtycke, tills du stänger fliken.',
        },
        retention: { term: 'Kampanjcookie', text: '30 dagar i din webbläsare.' },
      },
    },
  },
  /** Booking the strategy call after the form: always in use. */
  callBooking: {
    text: {
      en: {
        collected: {
          term: 'Your booked call',
          text: 'when you choose a time after sending the form: the time, any change or cancellation, and when you made it, kept with your request.',
        },
        purpose:
          'book, move and cancel your free strategy call, send you the calendar invitation and reminders before it;',
        cookies: {
          term: 'Booking (booking_lead, necessary)',
          text: 'set when you send the form: it lets you, and only you, choose a time for the call you asked for, for 24 hours. It holds a signed reference to your request, nothing else.',
        },
        retention: {
          term: 'Booked calls',
          text: 'as long as the request they belong to (see above); the booking cookie 24 hours in your browser.',
        },
      },
      sv: {
        collected: {
          term: 'Ditt bokade samtal',
          text: 'när du väljer en tid efter att ha skickat formuläret: tiden, eventuella ändringar eller avbokningar och när du gjorde dem, sparade med din förfrågan.',
        },
        purpose:
          'boka, flytta och avboka ditt kostnadsfria strategisamtal och skicka kalenderinbjudan och påminnelser före samtalet;',
        cookies: {
          term: 'Bokning (booking_lead, nödvändig)',
          text: 'sätts när du skickar formuläret: den låter dig, och bara dig, välja en tid för samtalet du bad om, i 24 timmar. Den innehåller en signerad hänvisning till din förfrågan, inget annat.',
        },
        retention: {
          term: 'Bokade samtal',
          text: 'lika länge som förfrågan de hör till (se ovan); bokningscookien 24 timmar i din webbläsare.',
        },
      },
    },
  },
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
          text: 'sends our newsletter and delivers the free guide. Its sign-up forms are embedded on our newsletter and guide pages and load from its servers only once you allow marketing cookies, or press the button that loads the form; its servers then receive your IP address and browser details. It receives your e-mail address, your sign-up details and how you interact with our e-mails.',
        },
        cookies: {
          term: 'Sign-up forms (MailerLite, marketing)',
          text: 'our newsletter and guide pages load MailerLite’s sign-up form only if you allow marketing, or press the button in its place that loads it (which records that choice). MailerLite may then set its own cookies in its form.',
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
          text: 'skickar vårt nyhetsbrev och levererar gratisguiden. Dess anmälningsformulär är inbäddade på våra sidor för nyhetsbrevet och guiden och hämtas från dess servrar först när du tillåter cookies för marknadsföring, eller trycker på knappen som hämtar formuläret; dess servrar får då din IP-adress och uppgifter om din webbläsare. Tjänsten får din e-postadress, dina anmälningsuppgifter och information om hur du interagerar med våra mejl.',
        },
        cookies: {
          term: 'Anmälningsformulär (MailerLite, marknadsföring)',
          text: 'våra sidor för nyhetsbrevet och guiden hämtar MailerLites anmälningsformulär bara om du tillåter marknadsföring, eller trycker på knappen i dess ställe som hämtar det (vilket sparar det valet). MailerLite kan då sätta egna cookies i sitt formulär.',
        },
        consent: 'nyhetsbrevet och gratisguiden',
        retention: {
          term: 'Nyhetsbrev',
          text: 'tills du avregistrerar dig, vilket du gör via länken i varje mejl vi skickar.',
        },
      },
    },
  },
  /**
   * The site's own cookieless visit statistics (server/product/visits), whenever the server
   * records them: always on the embedded database, with DATABASE_URL on a hosted project.
   */
  visitStatistics: {
    text: {
      en: {
        collected: {
          term: 'Visit statistics',
          text: 'when you view a page, counted by our own server without cookies: the page, the site or campaign that brought you (the linking site’s name and the campaign parameters in the link), the page’s language and whether you use a phone, tablet or computer. Your IP address and browser details are only used, at that moment, to make a code that counts you once per day; the code is made with a random value that is deleted when the day ends, so it cannot be traced back to you or linked to another day. To limit abuse, a second code made the same way from your IP address alone counts how many page views each address adds in a day, and is deleted with that day’s random value. Your IP address is never stored.',
        },
        purpose:
          'count visits and see which pages, sites and campaigns bring enquiries, without cookies and without identifying you (our legitimate interest in knowing how our marketing works);',
        cookies: {
          term: 'Visit statistics (no cookies)',
          text: 'our own visit counting sets no cookie and stores nothing in your browser, so it does not depend on your choice in the cookie banner. Search engines and other automated visitors are left out.',
        },
        retention: {
          term: 'Visit statistics',
          text: '26 months, then deleted automatically; the random value behind each day’s codes is deleted when that day ends.',
        },
      },
      sv: {
        collected: {
          term: 'Besöksstatistik',
          text: 'när du visar en sida, räknat av vår egen server utan cookies: sidan, webbplatsen eller kampanjen som ledde dig hit (den länkande webbplatsens namn och kampanjparametrarna i länken), sidans språk och om du använder mobil, surfplatta eller dator. Din IP-adress och uppgifter om din webbläsare används bara, i stunden, för att skapa en kod som räknar dig en gång per dag; koden skapas med ett slumpmässigt värde som raderas när dagen är slut, så att den inte kan spåras till dig eller kopplas till en annan dag. För att begränsa missbruk räknar en andra kod, skapad på samma sätt av enbart din IP-adress, hur många sidvisningar varje adress lägger till under en dag, och raderas tillsammans med den dagens slumpmässiga värde. Din IP-adress sparas aldrig.',
        },
        purpose:
          'räkna besök och se vilka sidor, webbplatser och kampanjer som ger förfrågningar, utan cookies och utan att identifiera dig (vårt berättigade intresse av att veta hur vår marknadsföring fungerar);',
        cookies: {
          term: 'Besöksstatistik (inga cookies)',
          text: 'vår egen besöksräkning sätter ingen cookie och sparar inget i din webbläsare, så den beror inte på ditt val i cookiebannern. Sökmotorer och andra automatiserade besökare räknas inte.',
        },
        retention: {
          term: 'Besöksstatistik',
          text: '26 månader, därefter raderas den automatiskt; det slumpmässiga värdet bakom varje dags koder raderas när dagen är slut.',
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
  /** Meta's pixel on the public pages, after marketing consent (META_PIXEL_ID). */
  metaPixel: {
    text: {
      en: {
        purpose:
          'measure which of our ads bring requests, and show our ads to people likely to be interested (only if you allow marketing);',
        service: {
          term: 'Advertising platform (Meta pixel, Meta Platforms Ireland)',
          text: 'only if you allow marketing: Meta’s pixel on our pages tells Meta which of our pages you view and, on the page after you book a call, that you sent a request, with a random ID of that request (never its content). Meta receives your IP address, browser details and its own cookies, and may link them to a Facebook or Instagram account of yours. Meta may transfer data to the USA under the EU–US Data Privacy Framework.',
        },
        cookies: {
          term: 'Meta pixel (_fbp and _fbc, marketing)',
          text: 'only if you allow marketing: _fbp identifies your browser to Meta, and _fbc keeps the Meta ad you clicked to arrive, each for 90 days.',
        },
        consent: 'Meta’s pixel',
        retention: {
          term: 'Meta pixel',
          text: 'its cookies 90 days in your browser; Meta keeps what it receives under its own privacy policy.',
        },
      },
      sv: {
        purpose:
          'mäta vilka av våra annonser som ger förfrågningar, och visa våra annonser för personer som kan vara intresserade (bara om du tillåter marknadsföring);',
        service: {
          term: 'Annonsplattform (Meta-pixel, Meta Platforms Ireland)',
          text: 'bara om du tillåter marknadsföring: Metas pixel på våra sidor berättar för Meta vilka av våra sidor du besöker och, på sidan efter att du bokat ett samtal, att du skickat en förfrågan, med ett slumpmässigt id för förfrågan (aldrig dess innehåll). Meta får din IP-adress, uppgifter om din webbläsare och sina egna cookies, och kan koppla dem till ett Facebook- eller Instagramkonto du har. Meta kan föra över uppgifter till USA enligt EU–US Data Privacy Framework.',
        },
        cookies: {
          term: 'Meta-pixel (_fbp och _fbc, marknadsföring)',
          text: 'bara om du tillåter marknadsföring: _fbp identifierar din webbläsare för Meta, och _fbc kommer ihåg vilken Meta-annons du klickade på för att komma hit, var och en i 90 dagar.',
        },
        consent: 'Metas pixel',
        retention: {
          term: 'Meta-pixel',
          text: 'dess cookies 90 dagar i din webbläsare; Meta sparar det den får enligt sin egen integritetspolicy.',
        },
      },
    },
  },
  /**
   * The server's Lead event to Meta's Conversions API (META_CAPI_TOKEN with META_PIXEL_ID): only
   * for a request sent by a visitor who allowed marketing.
   */
  metaConversionsApi: {
    text: {
      en: {
        service: {
          term: 'Meta Conversions API (Meta Platforms Ireland)',
          text: 'only if you allowed marketing when you sent a request through our form: our server tells Meta that a request came in, with your e-mail address and phone number hashed (SHA-256, so that Meta can only match them with accounts it already knows), your IP address, your browser details, the page you sent it from and Meta’s cookies, under the same random ID as the pixel’s, so that Meta counts it once. Never the content of your request.',
        },
        consent: 'the event our server sends Meta when you send a request',
        retention: {
          term: 'Events for Meta',
          text: 'our record of what we send Meta 30 days from your request, then deleted automatically (at once if your request is deleted); Meta keeps what it receives under its own privacy policy.',
        },
      },
      sv: {
        service: {
          term: 'Metas Conversions API (Meta Platforms Ireland)',
          text: 'bara om du tillät marknadsföring när du skickade en förfrågan via vårt formulär: vår server berättar för Meta att en förfrågan kommit in, med din e-postadress och ditt telefonnummer hashade (SHA-256, så att Meta bara kan matcha dem mot konton som redan har dem), din IP-adress, uppgifter om din webbläsare, sidan du skickade den från och Metas cookies, under samma slumpmässiga id som pixelns, så att Meta räknar den en gång. Aldrig innehållet i din förfrågan.',
        },
        consent: 'händelsen vår server skickar till Meta när du skickar en förfrågan',
        retention: {
          term: 'Händelser till Meta',
          text: 'vår dokumentation av vad vi skickar till Meta 30 dagar från din förfrågan, därefter raderas den automatiskt (direkt om din förfrågan raderas); Meta sparar det den får enligt sin egen integritetspolicy.',
        },
      },
    },
  },
  /** Microsoft Clarity's session recording, after analytics consent (CLARITY_ID). */
  clarity: {
    text: {
      en: {
        purpose:
          'see how visitors use our pages and where they get stuck, to improve the site (only if you allow analytics);',
        service: {
          term: 'Session recording (Microsoft Clarity)',
          text: 'only if you allow analytics: records how you use our pages (clicks, scrolling, mouse movements and the pages as you see them, with what you type in forms masked) and shows it to us as recordings and heatmaps. Microsoft receives your IP address and browser details, and may transfer data to the USA under the EU–US Data Privacy Framework.',
        },
        cookies: {
          term: 'Session recording (_clck and _clsk, analytics)',
          text: 'only if you allow analytics: _clck keeps a random ID of your browser for 1 year, and _clsk joins the pages of one visit for 1 day.',
        },
        consent: 'session recording',
        retention: {
          term: 'Session recordings',
          text: 'recordings 30 days and heatmaps 13 months at Microsoft Clarity, then deleted; its cookies as above.',
        },
      },
      sv: {
        purpose:
          'se hur besökare använder våra sidor och var de fastnar, för att förbättra webbplatsen (bara om du tillåter statistik);',
        service: {
          term: 'Sessionsinspelning (Microsoft Clarity)',
          text: 'bara om du tillåter statistik: spelar in hur du använder våra sidor (klick, skrollning, musrörelser och sidorna som du ser dem, med det du skriver i formulär maskerat) och visar det för oss som inspelningar och värmekartor. Microsoft får din IP-adress och uppgifter om din webbläsare, och kan föra över uppgifter till USA enligt EU–US Data Privacy Framework.',
        },
        cookies: {
          term: 'Sessionsinspelning (_clck och _clsk, statistik)',
          text: 'bara om du tillåter statistik: _clck sparar ett slumpmässigt id för din webbläsare i 1 år, och _clsk knyter ihop sidorna i ett besök i 1 dag.',
        },
        consent: 'sessionsinspelning',
        retention: {
          term: 'Sessionsinspelningar',
          text: 'inspelningar 30 dagar och värmekartor 13 månader hos Microsoft Clarity, därefter raderas de; dess cookies enligt ovan.',
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
  /** Meta's pixel is configured (META_PIXEL_ID). */
  metaPixel?: boolean;
  /** The server sends Lead events to Meta's Conversions API (META_CAPI_TOKEN and the pixel). */
  metaConversionsApi?: boolean;
  /** Microsoft Clarity's session recording is configured (CLARITY_ID). */
  clarity?: boolean;
  /** The server counts visits (server/product/visits): it has the database to write them to. */
  visitStatistics?: boolean;
}): PolicyFacts {
  const tools: ProcessingToolId[] = ['cookieConsent', 'campaignCookie', 'callBooking'];
  if (configured.visitStatistics) tools.push('visitStatistics');
  if (configured.mailerLite) tools.push('mailerLite');
  if (configured.mailDelivery) tools.push('mailDelivery');
  if (configured.metaPixel) tools.push('metaPixel');
  if (configured.metaConversionsApi) tools.push('metaConversionsApi');
  if (configured.clarity) tools.push('clarity');
  return { company: configured.company, tools };
}

/** Each in-use tool's text in one language. */
export function toolTexts(facts: PolicyFacts, language: Language): ToolText[] {
  return facts.tools.map((id) => (processingTools[id] as ProcessingTool).text[language]);
}
