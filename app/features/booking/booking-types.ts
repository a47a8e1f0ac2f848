// What the booking pages render, computed by booking.server.ts.
import type { SlotDay } from './slot-days';

/** The times offered, and why the page shows what it shows. */
export interface SlotChoice {
  days: SlotDay[];
  zone: string;
  zoneName: string;
  meetingMinutes: number;
  /** All zones the visitor may choose from, for the page's zone picker. */
  zones: string[];
  problem?: string;
}

export type BookingStep = ({ kind: 'pick' } & SlotChoice) | { kind: 'expired'; message: string };

export interface MeetingView {
  kind: 'meeting';
  token: string;
  status: 'active' | 'cancelled';
  when: string;
  meetingMinutes: number;
  meetingLink: string | null;
  notice?: string;
  /** Times to move to (active) or to book anew (cancelled). */
  choice: SlotChoice;
}
