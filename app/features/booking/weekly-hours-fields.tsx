// The agency's week: its time zone and each weekday's opening hours (none: closed), an interval
// added or removed at a time.
import { WEEKDAYS, type AvailabilityInput, type WeekdayNumber } from '~/data/booking-settings';
import { AdminField } from '~/admin/admin-field';
import { availabilityCopy as copy } from './availability-copy';
import { weekdayHours, type AvailabilityPart } from './availability-values';

export function WeeklyHoursFields({ values, problems, set }: AvailabilityPart) {
  const setHours = (day: WeekdayNumber, hours: AvailabilityInput['weeklyHours'][WeekdayNumber]) =>
    set('weeklyHours', { ...values.weeklyHours, [day]: hours });
  return (
    <fieldset className="admin-stack">
      <legend>
        <h2>{copy.sections.hours}</h2>
      </legend>
      <AdminField label={copy.labels.timeZone} error={problems.timeZone}>
        {(control) => (
          <select
            {...control}
            value={values.timeZone}
            onChange={(event) => set('timeZone', event.target.value)}
          >
            {Intl.supportedValuesOf('timeZone').map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      {WEEKDAYS.map((day, index) => {
        const name = copy.weekdays[index]!;
        const hours = values.weeklyHours[day];
        const error = problems[`hours-${day}`];
        return (
          <fieldset
            key={day}
            className="availability-day"
            aria-describedby={error ? `hours-${day}-error` : undefined}
          >
            <legend>{name}</legend>
            {hours.length === 0 && <p className="admin-field__hint">{copy.closedDay}</p>}
            {hours.map((interval, position) => (
              <div key={position} className="availability-day__hours">
                <label>
                  {copy.from}{' '}
                  <input
                    type="time"
                    value={interval.start}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) =>
                      setHours(
                        day,
                        hours.map((h, i) =>
                          i === position ? { ...h, start: event.target.value } : h,
                        ),
                      )
                    }
                  />
                </label>
                <label>
                  {copy.to}{' '}
                  <input
                    type="time"
                    value={interval.end}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) =>
                      setHours(
                        day,
                        hours.map((h, i) =>
                          i === position ? { ...h, end: event.target.value } : h,
                        ),
                      )
                    }
                  />
                </label>
                <button
                  type="button"
                  className="admin-button admin-button--secondary"
                  aria-label={copy.removeHours(name, interval.start, interval.end)}
                  onClick={() =>
                    setHours(
                      day,
                      hours.filter((_, i) => i !== position),
                    )
                  }
                >
                  ×
                </button>
              </div>
            ))}
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => setHours(day, [...hours, weekdayHours])}
            >
              {copy.addHours(name)}
            </button>
            {error && (
              <p id={`hours-${day}-error`} className="admin-field__error">
                {error}
              </p>
            )}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
