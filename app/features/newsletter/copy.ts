// The newsletter pages' own texts (decision 0004). Titles, descriptions, headings and leads used
// by `meta` live in the shared dictionary under pages.newsletter, pages.newsletterAlmostThere and
// pages.newsletterThankYou.

const en = {
  signup: {
    benefitsHeading: "What you'll get",
    benefits: [
      {
        title: 'Weekly marketing tips',
        text: 'Short, practical tips you can put to work in your business the same week.',
      },
      {
        title: 'The latest marketing news',
        text: 'What changes on Google, Facebook, Instagram and LinkedIn – and what it means for you.',
      },
      {
        title: 'Exclusive offers and insights',
        text: 'Offers and lessons from our own campaigns that only subscribers get.',
      },
    ],
    privacy: 'One email a week, no spam. Unsubscribe at any time.',
    privacyLink: 'Read our privacy policy',
    formHeading: 'Sign up in seconds',
    frameTitle: 'Newsletter sign-up form',
  },
  almostThere: {
    stepsHeading: 'Confirm your subscription',
    steps: [
      {
        title: 'Open the email',
        text: 'Look for an email from us in the inbox of the address you signed up with.',
      },
      {
        title: 'Click the confirmation link',
        text: 'Your subscription starts as soon as you confirm it.',
      },
    ],
    spamHeading: "Can't find it?",
    spam: 'Check your spam or junk folder – and the Promotions tab if you use Gmail.',
    tipHeading: 'Tip',
    tip: 'Add our sending address to your contacts so our emails always land in your inbox.',
  },
  thankYou: {
    nextHeading: 'What comes next?',
    next: [
      'Your first email is on its way: a short welcome with our most useful tips.',
      'Every week you get practical marketing tips and the latest marketing news.',
      'Now and then you get exclusive offers and insights for subscribers only.',
    ],
    moreHeading: "Can't wait for the first email?",
    blogLink: 'Read our Blog',
    guideLink: 'Get the free Meta Ads guide',
  },
  latestPostsHeading: 'While You Wait: Latest Marketing Tips',
  backHome: 'Return to Homepage',
};

export type NewsletterCopy = typeof en;

const sv: NewsletterCopy = {
  signup: {
    benefitsHeading: 'Det här får du',
    benefits: [
      {
        title: 'Veckovisa marknadsföringstips',
        text: 'Korta, praktiska tips som du kan använda i ditt företag samma vecka.',
      },
      {
        title: 'De senaste marknadsföringsnyheterna',
        text: 'Vad som förändras på Google, Facebook, Instagram och LinkedIn – och vad det betyder för dig.',
      },
      {
        title: 'Exklusiva erbjudanden och insikter',
        text: 'Erbjudanden och lärdomar från våra egna kampanjer som bara prenumeranter får.',
      },
    ],
    privacy: 'Ett mejl i veckan, ingen spam. Avsluta prenumerationen när du vill.',
    privacyLink: 'Läs vår integritetspolicy',
    formHeading: 'Anmäl dig på några sekunder',
    frameTitle: 'Anmälningsformulär för nyhetsbrevet',
  },
  almostThere: {
    stepsHeading: 'Bekräfta din prenumeration',
    steps: [
      {
        title: 'Öppna mejlet',
        text: 'Leta efter ett mejl från oss i inkorgen för adressen du anmälde dig med.',
      },
      {
        title: 'Klicka på bekräftelselänken',
        text: 'Din prenumeration börjar så snart du har bekräftat den.',
      },
    ],
    spamHeading: 'Hittar du det inte?',
    spam: 'Kolla din skräppostmapp – och fliken Kampanjer om du använder Gmail.',
    tipHeading: 'Tips',
    tip: 'Lägg till vår avsändaradress bland dina kontakter så hamnar våra mejl alltid i din inkorg.',
  },
  thankYou: {
    nextHeading: 'Vad händer nu?',
    next: [
      'Ditt första mejl är på väg: en kort välkomsthälsning med våra mest användbara tips.',
      'Varje vecka får du praktiska marknadsföringstips och de senaste marknadsföringsnyheterna.',
      'Då och då får du exklusiva erbjudanden och insikter som bara prenumeranter får.',
    ],
    moreHeading: 'Kan du inte vänta på första mejlet?',
    blogLink: 'Läs vår blogg',
    guideLink: 'Hämta den gratis guiden till Meta Ads',
  },
  latestPostsHeading: 'Medan du väntar: de senaste marknadsföringstipsen',
  backHome: 'Tillbaka till startsidan',
};

export const newsletterCopy = { en, sv };
