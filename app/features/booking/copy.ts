// The booking step and the meeting page in both languages, with what the visitor is told when
// the database's bounds on booking refuse a time (decision 22).

const en = {
  pick: {
    heading: 'Pick a time for your free strategy call',
    lead: (minutes: number) =>
      `We will contact you within 24 hours to find a time, or you can skip the wait: choose a day and a time below and press “Book this time”. The call is then booked at once: ${minutes} minutes, by video or phone, with an invitation for your calendar by e-mail.`,
    zone: (name: string, city: string) => `Times are shown in ${name} (${city}).`,
    changeZone: 'Change time zone',
    zoneLabel: 'Time zone',
    likelyZones: 'Suggested',
    showZone: 'Show times',
    daysHeading: 'Choose a day',
    week: (week: number, range: string) => `Week ${week}: ${range}`,
    freeTimes: (count: number) =>
      count === 0 ? 'no free times' : count === 1 ? '1 free time' : `${count} free times`,
    chosenDay: 'chosen',
    timesHeading: (day: string) => `Free times on ${day}`,
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
    headings: {
      booked: 'Your strategy call is booked',
      moved: 'Your strategy call is moved',
      cancelled: 'Your strategy call is cancelled',
      past: 'The time of your strategy call has passed',
      'confirm-cancel': 'Cancel your strategy call?',
    },
    invalidTitle: 'Meeting link not valid',
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
    confirmCancel: (when: string) =>
      `Your call on ${when} will be cancelled and our team told. You can book a new time afterwards.`,
    yesCancel: 'Yes, cancel the call',
    keep: 'No, keep the call',
    cancelled: 'The call is cancelled. We have told the team.',
    past: 'Want to talk again? Send us a new request and we will contact you within 24 hours.',
    newRequest: 'Send a new request',
    bookAgain: 'Book a new time',
    invalid: 'This meeting link is not valid. Use the link in your latest e-mail from us.',
    backHome: 'Return to Homepage',
  },
};

const sv: typeof en = {
  pick: {
    heading: 'Välj en tid för ditt kostnadsfria strategisamtal',
    lead: (minutes: number) =>
      `Vi kontaktar dig inom 24 timmar för att hitta en tid, eller så slipper du vänta: välj en dag och en tid nedan och tryck på ”Boka den här tiden”. Då är samtalet bokat direkt: ${minutes} minuter, via video eller telefon, med en kalenderinbjudan via e-post.`,
    zone: (name: string, city: string) => `Tiderna visas i ${name} (${city}).`,
    changeZone: 'Byt tidszon',
    zoneLabel: 'Tidszon',
    likelyZones: 'Förslag',
    showZone: 'Visa tider',
    daysHeading: 'Välj en dag',
    week: (week: number, range: string) => `Vecka ${week}: ${range}`,
    freeTimes: (count: number) =>
      count === 0 ? 'inga lediga tider' : count === 1 ? '1 ledig tid' : `${count} lediga tider`,
    chosenDay: 'vald',
    timesHeading: (day: string) => `Lediga tider ${day}`,
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
    headings: {
      booked: 'Ditt strategisamtal är bokat',
      moved: 'Ditt strategisamtal är flyttat',
      cancelled: 'Ditt strategisamtal är avbokat',
      past: 'Tiden för ditt strategisamtal har passerat',
      'confirm-cancel': 'Avboka ditt strategisamtal?',
    },
    invalidTitle: 'Möteslänken är inte giltig',
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
    confirmCancel: (when: string) =>
      `Ditt samtal ${when} avbokas och vårt team får veta det. Du kan boka en ny tid efteråt.`,
    yesCancel: 'Ja, avboka samtalet',
    keep: 'Nej, behåll samtalet',
    cancelled: 'Samtalet är avbokat. Vi har meddelat teamet.',
    past: 'Vill du prata igen? Skicka en ny förfrågan så kontaktar vi dig inom 24 timmar.',
    newRequest: 'Skicka en ny förfrågan',
    bookAgain: 'Boka en ny tid',
    invalid: 'Den här möteslänken är inte giltig. Använd länken i ditt senaste mejl från oss.',
    backHome: 'Tillbaka till startsidan',
  },
};

export const bookingCopy = { en, sv };
