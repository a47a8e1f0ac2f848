// The privacy policy in Swedish, section for section the same shape as the English one
// (english-policy.ts), built from the same configured facts.
import { site } from '~/config/site';
import type { PolicyFacts } from './processing-tools';
import type { PrivacyPolicyCopy } from './english-policy';
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
} from './policy-blocks';

export function swedishPolicy(facts: PolicyFacts): PrivacyPolicyCopy {
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
