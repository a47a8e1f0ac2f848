// The words of the two mails every lead sends (issue 7). The visitor's confirmation speaks the
// form's language and repeats the thank-you page's promise and next steps word for word (they
// mirror app/features/consultation/copy.ts: the server cannot import the app); the agency's
// notification is in English, like the inbox.

export const agencyName = 'Nordic Lead Agency';

const en = {
  subject: `Thank you for your request – ${agencyName}`,
  greeting: (name: string) => `Hi ${name},`,
  heading: 'Thank You for Your Interest!',
  lead: 'We have received your request and will contact you within 24 hours.',
  nextHeading: 'What happens next?',
  steps: [
    'We review your request and prepare a custom strategy for your business.',
    'Our team contacts you to schedule your free 30-minute strategy call.',
    'We show you how to fill your calendar with quality customers.',
  ],
  closing: 'Kind regards,',
  signature: `The team at ${agencyName}`,
  organisationNumber: 'Org. no.',
  phone: 'Phone',
  email: 'E-mail',
  footer:
    'You receive this e-mail because a free strategy call was requested with this address on our website. If that was not you, please ignore it.',
};

export type MailCopy = typeof en;

const sv: MailCopy = {
  subject: `Tack för din förfrågan – ${agencyName}`,
  greeting: (name: string) => `Hej ${name}!`,
  heading: 'Tack för ditt intresse!',
  lead: 'Vi har tagit emot din förfrågan och kontaktar dig inom 24 timmar.',
  nextHeading: 'Vad händer nu?',
  steps: [
    'Vi går igenom din förfrågan och tar fram en skräddarsydd strategi för ditt företag.',
    'Vårt team kontaktar dig för att boka ditt kostnadsfria strategisamtal på 30 minuter.',
    'Vi visar hur du fyller din kalender med kvalitetskunder.',
  ],
  closing: 'Med vänliga hälsningar',
  signature: `Teamet på ${agencyName}`,
  organisationNumber: 'Org.nr',
  phone: 'Telefon',
  email: 'E-post',
  footer:
    'Du får det här mejlet eftersom någon bokade ett kostnadsfritt strategisamtal med den här adressen på vår webbplats. Var det inte du kan du bortse från det.',
};

/** The form stores its language as a word, like blog posts. */
export const visitorMailCopy: Record<'english' | 'swedish', MailCopy> = {
  english: en,
  swedish: sv,
};

/** The agency's notification: English only, read by the agency. */
export const agencyMailCopy = {
  subject: (name: string, company: string) => `New lead: ${name}, ${company}`,
  intro: (name: string, company: string) =>
    `${name} from ${company} booked a free strategy call on the website.`,
  fields: {
    name: 'Name',
    email: 'Email',
    phone_number: 'Phone number',
    company_name: 'Company name',
    problems: 'Problems to solve',
    how_found_us: 'How they found us',
    additional_info: 'Additional information',
    language: 'Language',
    created_at: 'Submitted (visitor’s clock)',
    received_at: 'Received',
    status: 'Status',
  },
  attributionHeading: 'Where the visit came from',
  attribution: {
    utm_source: 'UTM source',
    utm_medium: 'UTM medium',
    utm_campaign: 'UTM campaign',
    utm_term: 'UTM term',
    utm_content: 'UTM content',
    referrer: 'Referrer',
    landing_page: 'Landing page',
  },
  languages: { english: 'English', swedish: 'Swedish' } as Record<string, string>,
  none: '—',
  replyHint: (name: string) => `Reply to this e-mail to answer ${name} directly.`,
  inboxLink: 'Open the lead in the inbox, set its status and add notes:',
  inboxWithoutSiteUrl:
    'Open the leads inbox at /admin/leads on the site (set SITE_URL to get a link here).',
  leadId: 'Lead id',
};
