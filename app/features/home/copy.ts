// The home page's copy (docs/decisions/0004-copy-beside-each-feature.md). It makes exactly the
// agency's promises: quality leads within 30 days, results guaranteed or money back,
// month-to-month contracts, weekly review calls, a custom strategy per industry, contact within
// 24 hours and a free 30-minute strategy call. No other figures or promises.

export type ServiceIcon = 'search' | 'social' | 'email';

const en = {
  hero: {
    eyebrow: 'For local businesses and tradespeople',
    heading: 'Fill Your Calendar With Quality Leads in 30 Days',
    lead: 'You are great at what you do – you just need more of the right customers to know it. We run your search ads, social media advertising and email marketing so that serious enquiries land in your calendar. Results guaranteed, or your money back.',
    bookCall: 'Book a Call',
    learnMore: 'Learn More',
    promisesLabel: 'What you get with us',
    promises: [
      'A custom strategy built for your industry',
      'A weekly call to review your results',
      'Month-to-month – stay because it works, not because you signed',
    ],
  },
  services: {
    heading: 'Three Ways We Bring You Customers',
    lead: 'We focus on the channels that turn local searches and scrolling into booked jobs – and run them for you from start to finish.',
    items: [
      {
        icon: 'search' as ServiceIcon,
        title: 'Google Ads That Convert',
        text: 'Show up at the very moment a local customer searches for what you offer. We target the searches that lead to bookings, not just clicks, and stop paying for the ones that don’t.',
        points: [
          'Keywords chosen for buyers in your area',
          'Ad copy and landing pages written to get the call',
          'Every enquiry tracked back to its ad',
        ],
      },
      {
        icon: 'social' as ServiceIcon,
        title: 'Social Media Ads That Get Noticed',
        text: 'Reach the people near you on Facebook, Instagram and LinkedIn – before they even start searching. Eye-catching campaigns that make your business the obvious choice.',
        points: [
          'Facebook and Instagram for homeowners and consumers',
          'LinkedIn when your customers are other businesses',
          'Audiences built around your service area',
        ],
      },
      {
        icon: 'email' as ServiceIcon,
        title: 'Email Marketing That Brings Customers Back',
        text: 'Past customers and old enquiries are often the easiest new work to win. We keep you in their inbox with emails that get opened, remembered and answered.',
        points: [
          'Follow-ups that win back enquiries that went quiet',
          'Newsletters that turn one-off jobs into regulars',
          'Offers timed for your busy and quiet seasons',
        ],
      },
    ],
  },
  process: {
    heading: 'How We Fill Your Calendar',
    lead: 'Three steps, and you are never left guessing – you see what is happening every week.',
    stepLabel: (step: number) => `Step ${step}`,
    steps: [
      {
        title: 'We Understand Your Market',
        text: 'We learn who your best customers are, where they are and what makes them pick up the phone. Then we build a strategy for your industry – not a template.',
      },
      {
        title: 'We Launch and Manage Daily',
        text: 'Your campaigns go live and we manage them every day: adjusting bids, testing ads and moving budget to what brings in leads.',
      },
      {
        title: 'We Track and Optimize Results',
        text: 'We track every lead and walk you through the numbers on a weekly review call, then sharpen the campaigns so each week beats the last.',
      },
    ],
  },
  comparison: {
    heading: 'Why Business Owners Choose Us',
    lead: 'Most agencies get paid whether you get customers or not. We think that is backwards.',
    caption: 'How Nordic Lead Agency compares with other agencies',
    featureColumn: 'What you get',
    usColumn: 'Nordic Lead Agency',
    themColumn: 'Other agencies',
    rows: [
      {
        feature: 'Results guarantee',
        us: 'Results guaranteed or your money back',
        them: 'You pay whether it works or not',
      },
      {
        feature: 'Contract',
        us: 'Month-to-month, no long-term commitment',
        them: 'Locked into long contracts',
      },
      {
        feature: 'Follow-up',
        us: 'Weekly performance review calls',
        them: 'A report now and then',
      },
      {
        feature: 'Strategy',
        us: 'Custom strategy for your industry',
        them: 'The same template for everyone',
      },
      {
        feature: 'Response time',
        us: 'We contact you within 24 hours',
        them: 'Days before you hear back',
      },
      {
        feature: 'Time to results',
        us: 'Quality leads within 30 days',
        them: '“Give it a few months”',
      },
    ],
  },
  cta: {
    heading: 'Ready for a Fuller Calendar?',
    lead: 'Book a free 30-minute strategy call. We look at your business and your market and show you exactly how we would bring you more quality leads – no obligation.',
    button: 'Book Your Free Strategy Call',
    pointsLabel: 'Our promise',
    points: ['No long-term contracts', 'Money-back guarantee', 'Results in 30 days'],
  },
};

export type HomeCopy = typeof en;

const sv: HomeCopy = {
  hero: {
    eyebrow: 'För lokala företag och hantverkare',
    heading: 'Fyll din kalender med kvalitetsleads på 30 dagar',
    lead: 'Du är duktig på det du gör – nu behöver fler av rätt kunder få veta det. Vi sköter dina sökannonser, din annonsering i sociala medier och din e-postmarknadsföring så att seriösa förfrågningar hamnar i kalendern. Resultat garanterat, annars får du pengarna tillbaka.',
    bookCall: 'Boka ett samtal',
    learnMore: 'Läs mer',
    promisesLabel: 'Det här får du hos oss',
    promises: [
      'En strategi skräddarsydd för din bransch',
      'Ett samtal varje vecka där vi går igenom resultaten',
      'Avtal månad för månad – du stannar för att det fungerar, inte för att du måste',
    ],
  },
  services: {
    heading: 'Tre sätt vi ger dig fler kunder',
    lead: 'Vi satsar på kanalerna som gör lokala sökningar och scrollande till bokade jobb – och sköter dem åt dig från början till slut.',
    items: [
      {
        icon: 'search',
        title: 'Google Ads som ger kunder',
        text: 'Syns precis när någon i närheten söker efter det du erbjuder. Vi satsar på sökningarna som leder till bokningar, inte bara klick, och slutar betala för dem som inte gör det.',
        points: [
          'Sökord valda för köpare i ditt område',
          'Annonser och landningssidor som får kunden att ringa',
          'Varje förfrågan spåras tillbaka till sin annons',
        ],
      },
      {
        icon: 'social',
        title: 'Annonser i sociala medier som syns',
        text: 'Nå människorna i din närhet på Facebook, Instagram och LinkedIn – innan de ens har börjat söka. Kampanjer som fångar blicken och gör ditt företag till det självklara valet.',
        points: [
          'Facebook och Instagram för privatpersoner och husägare',
          'LinkedIn när dina kunder är andra företag',
          'Målgrupper byggda kring ditt upptagningsområde',
        ],
      },
      {
        icon: 'email',
        title: 'E-postmarknadsföring som får kunderna att komma tillbaka',
        text: 'Tidigare kunder och gamla förfrågningar är ofta de enklaste nya uppdragen att vinna. Vi håller dig kvar i deras inkorg med mejl som blir öppnade, ihågkomna och besvarade.',
        points: [
          'Uppföljningar som väcker förfrågningar som har svalnat',
          'Nyhetsbrev som gör engångsjobb till stamkunder',
          'Erbjudanden anpassade efter hög- och lågsäsong',
        ],
      },
    ],
  },
  process: {
    heading: 'Så fyller vi din kalender',
    lead: 'Tre steg, och du behöver aldrig undra – du ser varje vecka vad som händer.',
    stepLabel: (step) => `Steg ${step}`,
    steps: [
      {
        title: 'Vi sätter oss in i din marknad',
        text: 'Vi tar reda på vilka dina bästa kunder är, var de finns och vad som får dem att höra av sig. Sedan bygger vi en strategi för just din bransch – ingen mall.',
      },
      {
        title: 'Vi lanserar och sköter kampanjerna varje dag',
        text: 'Kampanjerna går live och vi tar hand om dem varje dag: justerar bud, testar annonser och flyttar budget till det som ger leads.',
      },
      {
        title: 'Vi följer upp och optimerar resultaten',
        text: 'Vi följer varje lead och går igenom siffrorna med dig på ett avstämningssamtal varje vecka. Sedan vässar vi kampanjerna så att varje vecka blir bättre än den förra.',
      },
    ],
  },
  comparison: {
    heading: 'Därför väljer företagare oss',
    lead: 'De flesta byråer får betalt oavsett om du får kunder eller inte. Vi tycker att det är bakvänt.',
    caption: 'Så skiljer sig Nordic Lead Agency från andra byråer',
    featureColumn: 'Det här får du',
    usColumn: 'Nordic Lead Agency',
    themColumn: 'Andra byråer',
    rows: [
      {
        feature: 'Resultatgaranti',
        us: 'Resultat garanterat eller pengarna tillbaka',
        them: 'Du betalar oavsett resultat',
      },
      {
        feature: 'Avtal',
        us: 'Månad för månad, ingen bindningstid',
        them: 'Långa avtal med bindningstid',
      },
      {
        feature: 'Uppföljning',
        us: 'Avstämning med dig varje vecka',
        them: 'En rapport då och då',
      },
      {
        feature: 'Strategi',
        us: 'Skräddarsydd strategi för din bransch',
        them: 'Samma mall för alla',
      },
      {
        feature: 'Svarstid',
        us: 'Vi kontaktar dig inom 24 timmar',
        them: 'Det dröjer dagar innan du hör något',
      },
      {
        feature: 'Tid till resultat',
        us: 'Kvalitetsleads inom 30 dagar',
        them: '”Ge det några månader”',
      },
    ],
  },
  cta: {
    heading: 'Redo för en fullare kalender?',
    lead: 'Boka ett kostnadsfritt strategisamtal på 30 minuter. Vi tittar på ditt företag och din marknad och visar precis hur vi skulle ge dig fler kvalitetsleads – helt utan förpliktelser.',
    button: 'Boka ditt gratis strategisamtal',
    pointsLabel: 'Vårt löfte',
    points: ['Inga långa avtal', 'Pengarna tillbaka-garanti', 'Resultat på 30 dagar'],
  },
};

export const homeCopy = { en, sv };
