// The words of /admin/availability. English only, like the rest of the admin pages.

export const availabilityCopy = {
  heading: 'Availability',
  intro:
    'When visitors can book their free strategy call right after sending the form. Times are offered in each visitor’s own time zone; these hours are in yours.',
  loading: 'Loading the availability…',
  loadFailed: (message: string) => `Could not load the availability: ${message}`,
  sections: {
    hours: 'Weekly hours',
    meetings: 'Meetings',
    closed: 'Closed days',
    holidays: 'Swedish public holidays',
    feed: 'Calendar feed',
  },
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  closedDay: 'Closed',
  from: 'From',
  to: 'To',
  addHours: (day: string) => `Add hours on ${day}`,
  removeHours: (day: string, from: string, to: string) => `Remove ${from}–${to} on ${day}`,
  labels: {
    timeZone: 'Your time zone',
    meetingMinutes: 'Meeting length (minutes)',
    bufferMinutes: 'Buffer between meetings (minutes)',
    minimumNoticeHours: 'Minimum notice (hours)',
    horizonDays: 'Bookable days ahead',
    blockedDates: 'Blocked dates',
    meetingLink: 'Video meeting link (optional)',
  },
  hints: {
    bufferMinutes: 'Kept free before and after every meeting.',
    minimumNoticeHours: 'No one can book a time sooner than this from now.',
    blockedDates: 'One date per line, like 2026-12-27: holidays of your own, days away.',
    meetingLink:
      'A fixed room (Google Meet, Teams, Zoom) sent with every new booking’s invitation. Empty: you call. Calls already booked keep the way to meet they were booked with.',
  },
  holidaysHint: 'Closed unless you open them. The next twelve months:',
  openHoliday: (name: string, date: string) => `Open on ${name} (${date})`,
  feedHint:
    'Subscribe to this address in Google Calendar, Outlook or Apple Calendar to see every booked call. Anyone with the address sees your meetings: keep it private.',
  feedLabel: 'Private calendar address',
  regenerate: 'Make a new address',
  regenerateConfirm: 'Make a new address? Calendars subscribed to the old one stop updating.',
  regenerated: 'A new address is ready. Subscribe to it again where you used the old one.',
  save: 'Save availability',
  saving: 'Saving…',
  saved: 'Availability saved. Visitors see the new times at once.',
  invalid: 'Some fields need attention.',
  failed: (message: string) => `Could not save: ${message}`,
  held: {
    heading: 'Calls of new leads',
    intro:
      'Coming calls booked by leads nobody on the team has contacted yet. Calls booked within the last hour by such leads may hold at most a fifth of a day; release a time you do not believe in, and the visitor gets a cancellation with a link to book again.',
    loading: 'Loading the calls…',
    loadFailed: (message: string) => `Could not load the calls: ${message}`,
    none: 'No coming calls of new leads.',
    caption: 'Coming calls of leads not yet contacted, soonest first',
    when: 'When',
    lead: 'Lead',
    booked: 'Booked',
    actions: 'Actions',
    burst: 'In a burst',
    burstHint: 'Booked within an hour of two or more of these calls.',
    release: 'Release',
    releaseLabel: (name: string, when: string) => `Release ${name}’s call on ${when}`,
    releaseConfirm: (name: string, when: string) =>
      `Release ${name}’s call on ${when}? The call is cancelled, the time is free again and ${name} is told by e-mail.`,
    released: (name: string) => `${name}’s call is released. The time is free again.`,
    releaseFailed: (message: string) => `Could not release the call: ${message}`,
  },
  bookedLinks: {
    heading: 'Calls booked before the link changed',
    keep: (count: number, link: string | null) =>
      `${count === 1 ? '1 booked call keeps' : `${count} booked calls keep`} the way to meet it was booked with: ` +
      (link
        ? `the saved link applies to new bookings only.`
        : `new bookings are phone calls, these stay as booked.`),
    update: (count: number, link: string | null) =>
      link
        ? `Give ${count === 1 ? 'it' : 'them'} the new link and mail each visitor`
        : `Make ${count === 1 ? 'it a phone call' : 'them phone calls'} and mail each visitor`,
    confirm: (count: number, link: string | null) =>
      `${link ? `Give ${count} booked ${count === 1 ? 'call' : 'calls'} the link ${link}` : `Make ${count} booked ${count === 1 ? 'call a phone call' : 'calls phone calls'}`}? Each visitor is mailed an updated invitation.`,
    updating: 'Updating…',
    updated: (count: number) =>
      `${count === 1 ? '1 call is' : `${count} calls are`} updated. Each visitor is mailed the new way to meet.`,
    failed: (message: string) => `Could not update the calls: ${message}`,
    loadFailed: (message: string) => `Could not count the booked calls: ${message}`,
  },
};
