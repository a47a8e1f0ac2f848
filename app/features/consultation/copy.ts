// The consultation request and thank-you pages in both languages.
// The validation messages are the agreed wording, word for word: the English ones end with a
// period, the Swedish ones do not.

const en = {
  welcome: {
    heading: 'Welcome to Our Newsletter!',
    lead: 'Here is what you can expect in your inbox:',
    items: ['Weekly marketing tips', 'The latest marketing news', 'Exclusive offers and insights'],
  },
  pageLanguage: 'Page language',
  backHome: 'Return to Homepage',
  form: {
    label: 'Consultation request',
    requiredNote: 'Fields marked * are required.',
    fields: {
      name: 'Name',
      email: 'Email',
      phone_number: 'Phone number',
      company_name: 'Company name',
      problems: 'What problems are you looking to solve?',
      how_found_us: 'How did you find us?',
      additional_info: 'Anything else we should know? (optional)',
    },
    howFoundUsPlaceholder: 'Select an option',
    howFoundUsOptions: {
      Facebook: 'Facebook',
      LinkedIn: 'LinkedIn',
      Google: 'Google',
      'Friend Referral': 'Friend Referral',
    },
    problemsCounter: (count: number) => `Minimum 20 characters (${count}/20)`,
    submit: 'Book My Free Strategy Call',
    submitting: 'Submitting...',
    failed: (message: string) => `Failed to submit: ${message}`,
    /**
     * In place of the server's message when the visitor's network is past every limit (HTTP 429,
     * docs/decisions/0024-held-leads.md); the agency's phone and e-mail follow it.
     */
    tooManyRequests:
      'Too many requests from your network right now. Everything you typed is still in the form: call or e-mail us instead, or try again later.',
    /** The labels of the agency's phone and e-mail below that message. */
    contactPhone: 'Phone',
    contactEmail: 'E-mail',
    /** The honeypot's label: hidden from people, tempting to a bot that fills every field. */
    honeypot: 'Website',
    privacyBefore: 'By submitting this form you agree to our ',
    privacyLink: 'privacy policy',
    privacyAfter: '. We will never spam you.',
  },
  validation: {
    nameRequired: 'Name is required.',
    emailRequired: 'Email is required.',
    emailInvalid: 'Please enter a valid email address.',
    phoneRequired: 'Phone number is required.',
    problemsRequired: "Please describe the problems you're looking to solve.",
    problemsTooShort: 'Please provide at least 20 characters.',
    companyRequired: 'Company name is required.',
    howFoundUsRequired: 'Please select how you found us.',
    tooLong: (max: number) => `Please use at most ${max} characters.`,
  },
  trust: {
    heading: 'Why Book a Call With Us?',
    items: [
      {
        title: '100% secure and confidential',
        text: 'Your details stay with us and are never shared.',
      },
      { title: 'Reply within 24 hours', text: 'We get back to you within one working day.' },
      {
        title: 'An expert team',
        text: 'Specialists in search ads, social media advertising and email marketing.',
      },
      {
        title: 'Quality leads in 30 days – or your money back',
        text: 'If you do not get quality leads within 30 days, we refund you.',
      },
    ],
  },
  thankYou: {
    heading: 'Thank You for Your Interest!',
    lead: 'We have received your request and will contact you within 24 hours.',
    nextHeading: 'What happens next?',
    steps: [
      'We review your request and prepare a custom strategy for your business.',
      'Our team contacts you to schedule your free 30-minute strategy call.',
      'We show you how to fill your calendar with quality customers.',
    ],
    redirecting: 'Taking you to the next page…',
    latestHeading: 'While You Wait: Latest Marketing Tips',
  },
};

export type ConsultationCopy = typeof en;

const sv: ConsultationCopy = {
  welcome: {
    heading: 'Välkommen till vårt nyhetsbrev!',
    lead: 'Det här kan du se fram emot i din inkorg:',
    items: [
      'Marknadsföringstips varje vecka',
      'De senaste marknadsföringsnyheterna',
      'Exklusiva erbjudanden och insikter',
    ],
  },
  pageLanguage: 'Sidans språk',
  backHome: 'Tillbaka till startsidan',
  form: {
    label: 'Förfrågan om konsultation',
    requiredNote: 'Fält markerade med * är obligatoriska.',
    fields: {
      name: 'Namn',
      email: 'E-postadress',
      phone_number: 'Telefonnummer',
      company_name: 'Företagsnamn',
      problems: 'Vilka problem vill du lösa?',
      how_found_us: 'Hur hittade du oss?',
      additional_info: 'Något mer vi borde veta? (valfritt)',
    },
    howFoundUsPlaceholder: 'Välj ett alternativ',
    howFoundUsOptions: {
      Facebook: 'Facebook',
      LinkedIn: 'LinkedIn',
      Google: 'Google',
      'Friend Referral': 'Vänrekommendation',
    },
    problemsCounter: (count: number) => `Minimum 20 tecken (${count}/20)`,
    submit: 'Boka mitt gratis strategisamtal',
    submitting: 'Skickar...',
    failed: (message: string) => `Misslyckades att skicka: ${message}`,
    tooManyRequests:
      'För många förfrågningar från ditt nätverk just nu. Allt du har skrivit finns kvar i formuläret: ring eller mejla oss i stället, eller försök igen senare.',
    contactPhone: 'Telefon',
    contactEmail: 'E-post',
    honeypot: 'Webbplats',
    privacyBefore: 'Genom att skicka formuläret godkänner du vår ',
    privacyLink: 'integritetspolicy',
    privacyAfter: '. Vi skickar aldrig skräppost.',
  },
  validation: {
    nameRequired: 'Namn krävs',
    emailRequired: 'E-postadress krävs',
    emailInvalid: 'Vänligen ange en giltig e-postadress',
    phoneRequired: 'Telefonnummer krävs',
    problemsRequired: 'Vänligen beskriv de problem du vill lösa',
    problemsTooShort: 'Vänligen ange minst 20 tecken',
    companyRequired: 'Företagsnamn krävs',
    howFoundUsRequired: 'Vänligen välj hur du hittade oss',
    tooLong: (max: number) => `Vänligen använd högst ${max} tecken`,
  },
  trust: {
    heading: 'Varför boka ett samtal med oss?',
    items: [
      {
        title: '100 % säkert och konfidentiellt',
        text: 'Dina uppgifter stannar hos oss och delas aldrig.',
      },
      { title: 'Svar inom 24 timmar', text: 'Vi återkommer till dig inom en arbetsdag.' },
      {
        title: 'Ett team av experter',
        text: 'Specialister på sökannonser, annonsering i sociala medier och e-postmarknadsföring.',
      },
      {
        title: 'Kvalitetsleads inom 30 dagar – annars får du pengarna tillbaka',
        text: 'Får du inga kvalitetsleads inom 30 dagar betalar vi tillbaka.',
      },
    ],
  },
  thankYou: {
    heading: 'Tack för ditt intresse!',
    lead: 'Vi har tagit emot din förfrågan och kontaktar dig inom 24 timmar.',
    nextHeading: 'Vad händer nu?',
    steps: [
      'Vi går igenom din förfrågan och tar fram en skräddarsydd strategi för ditt företag.',
      'Vårt team kontaktar dig för att boka ditt kostnadsfria strategisamtal på 30 minuter.',
      'Vi visar hur du fyller din kalender med kvalitetskunder.',
    ],
    redirecting: 'Du skickas strax vidare…',
    latestHeading: 'Medan du väntar: De senaste marknadsföringstipsen',
  },
};

export const consultationCopy = { en, sv };
