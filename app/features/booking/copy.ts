// The booking step and the meeting page in both languages, with what the visitor is told when
// the database's bounds on booking refuse a time (decision 22).

const en = {
  pick: {
    heading: 'Pick a time for your free strategy call',
    lead: (minutes: number) =>
      `Choose a time that suits you and the call is booked at once: ${minutes} minutes, by video or phone. You get an invitation for your calendar by e-mail.`,
    zone: (zone: string, name: string) => `Times are shown in ${name} (${zone}).`,
    changeZone: 'Time zone',
    showZone: 'Show times',
    book: 'Book this time',
    booking: 'Booking…',
    none: 'There are no free times in the coming weeks. We will call you within 24 hours to find one.',
    chooseFirst: 'Choose a time first.',
    taken: 'Sorry, that time was just taken by someone else. Here are the next free times.',
    gone: 'That time is no longer free. Please choose another.',
    expired:
      'This booking link has expired. We will call you within 24 hours, or send a new request to book a time.',
    failed: (message: string) => `Could not book the time: ${message}`,
    leadLimit:
      'This call has been booked or moved as many times as we can take online. We will call you within 24 hours to agree on a time.',
    addressLimit:
      'Too many calls have been booked from your network today. We will call you within 24 hours to find a time.',
    dayFull:
      'Many calls were booked in the last hour, so that day takes no more online bookings just now. Choose another day, or we will call you within 24 hours.',
  },
  meeting: {
    bookedHeading: 'Your strategy call is booked',
    cancelledHeading: 'Your strategy call is cancelled',
    when: 'When',
    length: (minutes: number) => `${minutes} minutes`,
    where: 'Where',
    videoLink: 'Join the video call',
    phone: 'We call you on the number you gave us.',
    invitation: 'The invitation is in your e-mail; you can also add it to your calendar here.',
    addToCalendar: 'Add to calendar (.ics)',
    rescheduleHeading: 'Need another time?',
    move: 'Move to this time',
    moved: 'Your call is moved. A new invitation is on its way.',
    cancelHeading: 'Can’t make it?',
    cancel: 'Cancel the call',
    cancelled: 'The call is cancelled. We have told the team.',
    bookAgain: 'Book a new time',
    invalid: 'This meeting link is not valid. Use the link in your latest e-mail from us.',
    backHome: 'Return to Homepage',
  },
};

const sv: typeof en = {
  pick: {
    heading: 'Välj en tid för ditt kostnadsfria strategisamtal',
    lead: (minutes: number) =>
      `Välj en tid som passar dig så är samtalet bokat direkt: ${minutes} minuter, via video eller telefon. Du får en kalenderinbjudan via e-post.`,
    zone: (zone: string, name: string) => `Tiderna visas i ${name} (${zone}).`,
    changeZone: 'Tidszon',
    showZone: 'Visa tider',
    book: 'Boka den här tiden',
    booking: 'Bokar…',
    none: 'Det finns inga lediga tider de närmaste veckorna. Vi ringer dig inom 24 timmar för att hitta en.',
    chooseFirst: 'Välj en tid först.',
    taken: 'Tyvärr hann någon annan boka den tiden. Här är nästa lediga tider.',
    gone: 'Den tiden är inte längre ledig. Välj en annan.',
    expired:
      'Bokningslänken har gått ut. Vi ringer dig inom 24 timmar, eller skicka en ny förfrågan för att boka en tid.',
    failed: (message: string) => `Kunde inte boka tiden: ${message}`,
    leadLimit:
      'Samtalet har bokats eller flyttats så många gånger som vi kan ta emot på webben. Vi ringer dig inom 24 timmar för att komma överens om en tid.',
    addressLimit:
      'För många samtal har bokats från ditt nätverk i dag. Vi ringer dig inom 24 timmar för att hitta en tid.',
    dayFull:
      'Många samtal bokades den senaste timmen, så den dagen tar inte emot fler bokningar på webben just nu. Välj en annan dag, eller så ringer vi dig inom 24 timmar.',
  },
  meeting: {
    bookedHeading: 'Ditt strategisamtal är bokat',
    cancelledHeading: 'Ditt strategisamtal är avbokat',
    when: 'När',
    length: (minutes: number) => `${minutes} minuter`,
    where: 'Var',
    videoLink: 'Anslut till videosamtalet',
    phone: 'Vi ringer dig på numret du angav.',
    invitation: 'Inbjudan finns i din e-post; du kan också lägga till den i din kalender här.',
    addToCalendar: 'Lägg till i kalendern (.ics)',
    rescheduleHeading: 'Behöver du en annan tid?',
    move: 'Flytta till den här tiden',
    moved: 'Ditt samtal är flyttat. En ny inbjudan är på väg.',
    cancelHeading: 'Kan du inte?',
    cancel: 'Avboka samtalet',
    cancelled: 'Samtalet är avbokat. Vi har meddelat teamet.',
    bookAgain: 'Boka en ny tid',
    invalid: 'Den här möteslänken är inte giltig. Använd länken i ditt senaste mejl från oss.',
    backHome: 'Tillbaka till startsidan',
  },
};

export const bookingCopy = { en, sv };
