// The days the agency is closed: blocked dates, and the Swedish holidays of the next twelve
// months it opens anyway.
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { swedishHolidays } from '~/i18n/swedish-holidays';
import { zonedDate } from '~/i18n/zoned-time';
import { AdminField } from '~/admin/admin-field';
import { availabilityCopy as copy } from './availability-copy';
import type { AvailabilityPart } from './availability-values';

/** The holidays of the next twelve months. */
export function comingHolidays(today: string) {
  const year = Number(today.slice(0, 4));
  const end = `${year + 1}${today.slice(4)}`;
  return [...swedishHolidays(year), ...swedishHolidays(year + 1)].filter(
    (holiday) => holiday.date >= today && holiday.date < end,
  );
}

export function ClosedDaysFields({ values, problems, set }: AvailabilityPart) {
  const today = zonedDate(Date.now(), values.timeZone || AGENCY_TIME_ZONE);
  return (
    <fieldset className="admin-stack">
      <legend>
        <h2>{copy.sections.closed}</h2>
      </legend>
      <AdminField
        label={copy.labels.blockedDates}
        hint={copy.hints.blockedDates}
        error={problems.blockedDates}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.blockedDates}
            onChange={(event) => set('blockedDates', event.target.value)}
          />
        )}
      </AdminField>
      <fieldset className="admin-field">
        <legend>{copy.sections.holidays}</legend>
        <p className="admin-field__hint">{copy.holidaysHint}</p>
        <ul className="availability-holidays">
          {comingHolidays(today).map((holiday) => (
            <li key={holiday.date}>
              <label>
                <input
                  type="checkbox"
                  checked={values.openedHolidays.includes(holiday.date)}
                  onChange={(event) =>
                    set(
                      'openedHolidays',
                      event.target.checked
                        ? [...values.openedHolidays, holiday.date]
                        : values.openedHolidays.filter((date) => date !== holiday.date),
                    )
                  }
                />{' '}
                {copy.openHoliday(holiday.name.en, holiday.date)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </fieldset>
  );
}
