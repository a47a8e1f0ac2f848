// The words of /admin/availability (issue 15). English only, like the rest of the admin pages.

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
      'A fixed room (Google Meet, Teams, Zoom) sent with every invitation. Empty: you call.',
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
};
