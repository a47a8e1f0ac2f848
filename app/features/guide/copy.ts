// The free guide landing page's own texts (decision 0004). The title, description, heading and
// lead used by `meta` and the hero live in the shared dictionary under pages.freeGuide.

const en = {
  eyebrow: 'Free guide for local businesses',
  pitch:
    'Written by our team from the campaigns we run for local businesses every day: plain language, real examples and steps you can follow yourself – even with a small budget.',
  getTheGuide: 'Get The Guide',
  cover: {
    label: 'Cover of the free Meta Ads guide',
    kicker: 'Free guide',
    title: ['The Meta Ads', 'Guide'],
    subtitle: 'for local businesses',
  },
  learn: {
    heading: 'What you will learn',
    points: [
      {
        title: 'Why Meta Ads outperform other platforms',
        text: 'Why Facebook and Instagram reach local customers better – and for less – than other ad platforms.',
      },
      {
        title: 'How to attract clients cheaply',
        text: 'The targeting and offers that bring in new clients at a low cost per lead.',
      },
      {
        title: 'Campaigns that produce steady leads',
        text: 'The campaign setup we use to keep leads coming in every week, not just once.',
      },
      {
        title: 'Common costly mistakes',
        text: "The mistakes that drain most local businesses' ad budgets – and how to avoid them.",
      },
    ],
  },
  signup: {
    heading: 'Get Your FREE Meta Ads Guide',
    text: 'Enter your email address and the guide is yours. You will also get our weekly marketing tips.',
    frameTitle: 'Sign-up form for the free Meta Ads guide',
    assurancesLabel: 'Our promise',
    assurances: ['Instant download', 'No spam', 'Free forever'],
  },
};

export type GuideCopy = typeof en;

const sv: GuideCopy = {
  eyebrow: 'Gratis guide för lokala företag',
  pitch:
    'Skriven av vårt team utifrån kampanjerna vi driver för lokala företag varje dag: enkelt språk, verkliga exempel och steg du kan följa själv – även med en liten budget.',
  getTheGuide: 'Få guiden',
  cover: {
    label: 'Omslaget till den gratis guiden till Meta Ads',
    kicker: 'Gratis guide',
    title: ['Meta Ads-', 'guiden'],
    subtitle: 'för lokala företag',
  },
  learn: {
    heading: 'Det här lär du dig',
    points: [
      {
        title: 'Varför Meta Ads presterar bättre än andra plattformar',
        text: 'Varför Facebook och Instagram når lokala kunder bättre – och billigare – än andra annonsplattformar.',
      },
      {
        title: 'Hur du lockar kunder till en låg kostnad',
        text: 'Målgrupperna och erbjudandena som ger nya kunder till en låg kostnad per lead.',
      },
      {
        title: 'Kampanjer som ger ett jämnt flöde av leads',
        text: 'Kampanjupplägget vi använder för att leads ska fortsätta komma in varje vecka, inte bara en gång.',
      },
      {
        title: 'Vanliga och kostsamma misstag',
        text: 'Misstagen som tömmer de flesta lokala företags annonsbudget – och hur du undviker dem.',
      },
    ],
  },
  signup: {
    heading: 'Få din GRATIS Meta Ads Guide',
    text: 'Ange din e-postadress så är guiden din. Du får också våra veckovisa marknadsföringstips.',
    frameTitle: 'Anmälningsformulär för den gratis guiden till Meta Ads',
    assurancesLabel: 'Vårt löfte',
    assurances: ['Direkt nedladdning', 'Ingen spam', 'Gratis för alltid'],
  },
};

export const guideCopy = { en, sv };
