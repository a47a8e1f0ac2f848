// The bounds the database keeps on booking and moving a call (decision 22), as its PT429 names
// them in the hint: the lead booked or moved its call too often, the address booked too many calls
// today, or fresh leads hold the day's share. Read by the visitor's side (meetings.server.ts) and
// the administrator's (meetings.ts) alike.

export type BookingLimit = 'lead-limit' | 'address-limit' | 'day-full';

const limitOfHint: Record<string, BookingLimit> = {
  meetings_per_lead: 'lead-limit',
  meetings_per_address: 'address-limit',
  meetings_share_of_day: 'day-full',
};

/** The bound a refused write names, if it is one. */
export function bookingLimit(error: {
  code?: string;
  hint?: string | null;
}): BookingLimit | undefined {
  return error.code === 'PT429' ? limitOfHint[error.hint ?? ''] : undefined;
}
