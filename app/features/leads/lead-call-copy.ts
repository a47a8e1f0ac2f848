// The lead page's booked call, in the admin's English (decision 4: copy beside the feature): the
// call in the agency's zone and the visitor's, how it happens, moving, cancelling with a note, and
// the visitor's meeting page.
import type { BookingLimit } from '~/data/booking-limits';

export const leadCallCopy = {
  heading: 'Booked call',
  agencyTime: 'Agency’s time',
  visitorTime: 'Visitor’s time',
  visitorZoneUnknown: 'The visitor’s zone was not kept for this call.',
  how: 'How',
  video: 'Video call:',
  phone: (phone: string) => `Phone call: we call ${phone}`,
  meetingPage: 'Open the visitor’s meeting page',
  meetingPageHint: 'As the visitor sees it: anyone with this link can move or cancel the call.',
  meetingPageFailed: (message: string) => `Could not make the meeting page’s link: ${message}`,
  move: 'Move',
  moveHeading: 'Move the call',
  newTime: 'New time',
  loadingTimes: 'Loading the free times...',
  timesFailed: 'Could not load the free times. Please try again.',
  noTimes: 'No free time within the booking horizon.',
  moveSubmit: 'Move the call',
  moving: 'Moving...',
  keepTime: 'Keep the time',
  chooseTime: 'Choose a new time first.',
  moved: (when: string) => `The call is moved to ${when}. The visitor is mailed the new time.`,
  cancel: 'Cancel the call',
  cancelHeading: 'Cancel the call?',
  cancelWarning:
    'The visitor is mailed the cancellation with a link to book another time, and the lead goes back to where booking found it.',
  note: 'Note to the visitor (optional)',
  noteHint: (max: number) =>
    `Sent with the cancellation and kept in the timeline; at most ${max} characters.`,
  noteTooLong: (max: number) => `The note is too long: at most ${max} characters.`,
  confirmCancel: 'Yes, cancel the call',
  cancelling: 'Cancelling...',
  keepCall: 'Keep the call',
  cancelled: 'The call is cancelled. The visitor is mailed the cancellation.',
  failed: (message: string) => `The call was not changed: ${message}`,
  refusal: {
    taken: 'That time was just taken. Choose another.',
    'lead-limit':
      'This call has been booked or moved as many times as the bounds allow (3 an hour, 5 in all). Agree a time with the visitor by phone.',
    'address-limit': 'Too many calls were booked from this network today.',
    'day-full':
      'Fresh bookings hold that day’s share just now. Choose another day, or try again within the hour.',
  } satisfies Record<'taken' | BookingLimit, string>,
} as const;
