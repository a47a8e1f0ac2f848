// The words of the two mails every lead sends. The visitor's confirmation speaks the
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

/**
 * The strategy call's mails to the visitor, in the lead's language. The calendar
 * event they attach is shared/strategy-call-event.ts, the meeting page's too.
 */
const meetingEn = {
  locale: 'en-GB',
  subject: {
    booked: (when: string) => `Your free strategy call is booked: ${when}`,
    moved: (when: string) => `Your strategy call has a new time: ${when}`,
    cancelled: (when: string) => `Your strategy call is cancelled: ${when}`,
    updated: (when: string) => `How we meet for your strategy call has changed: ${when}`,
  },
  lead: {
    booked: 'Your free strategy call is booked. We look forward to talking with you.',
    moved: 'Your strategy call has moved to the time below.',
    cancelled: 'Your strategy call below is cancelled.',
    updated: 'Your strategy call stays at the time below; how we meet has changed.',
  },
  reminderSubject: {
    reminder_24h: (when: string) => `Reminder: your strategy call is in 24 hours, ${when}`,
    reminder_1h: (when: string) => `Reminder: your strategy call starts in an hour, ${when}`,
  },
  reminderLead: {
    reminder_24h: 'A reminder: your free strategy call is in 24 hours.',
    reminder_1h: 'A reminder: your free strategy call starts in an hour.',
  },
  when: 'When',
  how: 'How',
  join: (link: string) => `Join the video call: ${link}`,
  phoneCall: 'We call you on the number you gave us.',
  noteFrom: (agency: string) => `A note from ${agency}:`,
  calendarHint: 'The call is booked: open the attached invitation to add it to your calendar.',
  cancelHint: 'The attached cancellation removes the call from your calendar.',
  manage: 'Move or cancel the call, without signing in:',
  bookAgain: 'Would you like another time? Choose one here:',
};

export type MeetingMailCopy = typeof meetingEn;

const meetingSv: MeetingMailCopy = {
  locale: 'sv-SE',
  subject: {
    booked: (when: string) => `Ditt kostnadsfria strategisamtal är bokat: ${when}`,
    moved: (when: string) => `Ditt strategisamtal har en ny tid: ${when}`,
    cancelled: (when: string) => `Ditt strategisamtal är avbokat: ${when}`,
    updated: (when: string) => `Ändrat sätt att ses för ditt strategisamtal: ${when}`,
  },
  lead: {
    booked: 'Ditt kostnadsfria strategisamtal är bokat. Vi ser fram emot att prata med dig.',
    moved: 'Ditt strategisamtal är flyttat till tiden nedan.',
    cancelled: 'Ditt strategisamtal nedan är avbokat.',
    updated: 'Ditt strategisamtal är kvar på tiden nedan, men sättet vi ses på har ändrats.',
  },
  reminderSubject: {
    reminder_24h: (when: string) => `Påminnelse: ditt strategisamtal är om 24 timmar, ${when}`,
    reminder_1h: (when: string) => `Påminnelse: ditt strategisamtal börjar om en timme, ${when}`,
  },
  reminderLead: {
    reminder_24h: 'En påminnelse: ditt kostnadsfria strategisamtal är om 24 timmar.',
    reminder_1h: 'En påminnelse: ditt kostnadsfria strategisamtal börjar om en timme.',
  },
  when: 'När',
  how: 'Hur',
  join: (link: string) => `Anslut till videosamtalet: ${link}`,
  phoneCall: 'Vi ringer dig på numret du angav.',
  noteFrom: (agency: string) => `Ett meddelande från ${agency}:`,
  calendarHint:
    'Samtalet är bokat: öppna den bifogade inbjudan för att lägga in det i din kalender.',
  cancelHint: 'Den bifogade avbokningen tar bort samtalet ur din kalender.',
  manage: 'Flytta eller avboka samtalet, utan att logga in:',
  bookAgain: 'Vill du ha en annan tid? Välj en här:',
};

export const meetingMailCopy: Record<'english' | 'swedish', MeetingMailCopy> = {
  english: meetingEn,
  swedish: meetingSv,
};

/** The agency's copy of the invitation: English, like the lead notification. */
export const agencyMeetingMailCopy = {
  subject: {
    booked: (name: string, company: string, when: string) =>
      `Call booked: ${name}, ${company}, ${when}`,
    moved: (name: string, company: string, when: string) =>
      `Call moved: ${name}, ${company}, now ${when}`,
    cancelled: (name: string, company: string, when: string) =>
      `Call cancelled: ${name}, ${company}, ${when}`,
    updated: (name: string, company: string, when: string) =>
      `Call's link changed: ${name}, ${company}, ${when}`,
  },
  // The visitor or a team member may have made the change: the lead's timeline says who.
  intro: {
    booked: (name: string, company: string) =>
      `${name} from ${company} booked a free strategy call.`,
    moved: (name: string, company: string) =>
      `The strategy call with ${name} from ${company} has moved.`,
    cancelled: (name: string, company: string) =>
      `The strategy call with ${name} from ${company} is cancelled.`,
    updated: (name: string, company: string) =>
      `The strategy call with ${name} from ${company} has a new way to meet.`,
  },
  fields: {
    when: 'When',
    how: 'How',
    note: 'Note to the visitor',
    name: 'Name',
    company_name: 'Company',
    phone_number: 'Phone number',
    email: 'Email',
    language: 'Language',
  },
  phoneCall: 'Phone call: we call the visitor',
  leadLink: 'Open the lead:',
  calendarHint: 'The invitation is attached for the agency’s calendar.',
};
