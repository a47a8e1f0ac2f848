// The agency's availability as the booking settings keep it, and the time a booked meeting holds:
// the shapes the data layer reads (meetings.server.ts) and the booking feature computes free
// times from (app/features/booking/slots.ts).

/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Opening hours of one day: minutes after midnight, end exclusive. */
export interface OpeningHours {
  start: number;
  end: number;
}

export interface Availability {
  /** IANA zone the hours are in: the agency's. */
  timeZone: string;
  weeklyHours: Partial<Record<Weekday, OpeningHours[]>>;
  meetingMinutes: number;
  /** Kept free before and after every meeting. */
  bufferMinutes: number;
  /** No slot starts sooner than this after now. */
  minimumNoticeMinutes: number;
  /** How many days ahead, today included, may be booked. */
  horizonDays: number;
  /** Closed dates, YYYY-MM-DD. */
  blockedDates: readonly string[];
  /** Swedish public holidays are closed unless listed here. */
  openedHolidays: readonly string[];
}

/** A booked meeting's time, as the database keeps it: its start, and its end plus its buffer. */
export interface BusyTime {
  start: number;
  /** busy_until: the meeting's end plus the buffer it was booked with. */
  end: number;
}
