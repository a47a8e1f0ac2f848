// What the availability form edits: the migration's defaults, shown before anything is saved, and
// the one way its parts change a value.
import type {
  AvailabilityInput,
  AvailabilityProblems,
  SavedAvailability,
} from '~/data/booking-settings';
import { AGENCY_TIME_ZONE } from '~/config/time-zone';

/** The hours a newly opened day starts with. */
export const weekdayHours = { start: '09:00', end: '17:00' };

/** The migration's defaults, as the form shows them before anything is saved. */
export const defaultAvailability: SavedAvailability = {
  timeZone: AGENCY_TIME_ZONE,
  weeklyHours: {
    1: [weekdayHours],
    2: [weekdayHours],
    3: [weekdayHours],
    4: [weekdayHours],
    5: [weekdayHours],
    6: [],
    7: [],
  },
  meetingMinutes: '30',
  bufferMinutes: '15',
  minimumNoticeHours: '4',
  horizonDays: '21',
  blockedDates: '',
  openedHolidays: [],
  meetingLink: '',
  calendarFeedToken: '',
};

/** Changes one of the form's values. */
export type SetAvailability = <K extends keyof AvailabilityInput>(
  key: K,
  value: AvailabilityInput[K],
) => void;

/** What every part of the form is given. */
export interface AvailabilityPart {
  values: SavedAvailability;
  problems: AvailabilityProblems;
  set: SetAvailability;
}
