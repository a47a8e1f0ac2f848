// What the booking pages render, computed by booking.server.ts.
import type { ChooserWeek, SlotDay } from './slot-days';
import type { ZoneChoices } from './zone-choices';

/** The times offered, and why the page shows what it shows. */
export interface SlotChoice {
  /** Every day of the horizon, by week, each with how many free times it has. */
  weeks: ChooserWeek[];
  /** The chosen day and its times; null when no day has any. */
  day: SlotDay | null;
  /** True when the visitor just chose the day (or the zone): the times then take the focus. */
  dayChosen: boolean;
  zone: string;
  /** The zone in words: "Central European Standard Time". */
  zoneName: string;
  /** The zone's city: "Stockholm". */
  zoneCity: string;
  zoneChoices: ZoneChoices;
  meetingMinutes: number;
  problem?: string;
}

export type BookingStep = ({ kind: 'pick' } & SlotChoice) | { kind: 'expired'; message: string };

/**
 * What the meeting page shows: the call booked, just moved, cancelled, or past; and the step that
 * asks before a cancel.
 */
export type MeetingState = 'booked' | 'moved' | 'cancelled' | 'past' | 'confirm-cancel';

export interface MeetingView {
  kind: 'meeting';
  token: string;
  state: MeetingState;
  when: string;
  meetingMinutes: number;
  meetingLink: string | null;
  notice?: string;
  /** The page's own address with the zone kept (?tz=), for the links between its steps. */
  self: string;
  /** Times to move to (booked, moved) or to book anew (cancelled). */
  choice: SlotChoice;
}
