// Every day of the booking horizon, Monday to Sunday by week: a day with free times is a link that
// shows its times (?day=, keeping the zone), a day without any says so. Plain links, so choosing a
// day works without JavaScript; the page it leads to puts the focus on that day's times.
import { useCopy } from '~/i18n/locale';
import { bookingCopy } from './copy';
import type { ChooserDay, ChooserWeek } from './slot-days';

/** The column of a week's first day when the horizon starts mid-week (CSS grid-column-start). */
const startColumn = (days: ChooserWeek['days']) => days.findIndex((day) => day !== null) + 1;

export function DayChooser({
  weeks,
  chosen,
  zone,
  id,
}: {
  weeks: ChooserWeek[];
  /** The date whose times are shown. */
  chosen: string;
  zone: string;
  /** Prefix of the ids inside, unique on the page. */
  id: string;
}) {
  const t = useCopy(bookingCopy).pick;
  const face = (day: ChooserDay) => (
    <span aria-hidden="true" className="day-chooser__face">
      <span className="day-chooser__weekday">{day.weekday}</span>
      <span className="day-chooser__date">{day.dayOfMonth}</span>
    </span>
  );
  return (
    <nav className="day-chooser" aria-labelledby={`${id}-days`}>
      <h3 id={`${id}-days`} className="day-chooser__heading">
        {t.daysHeading}
      </h3>
      {weeks.map((week) => (
        <div
          key={week.week}
          className="day-chooser__week"
          role="group"
          aria-labelledby={`${id}-week-${week.week}`}
        >
          <p id={`${id}-week-${week.week}`} className="day-chooser__week-label">
            {t.week(week.week, week.range)}
          </p>
          <ul className="day-chooser__days">
            {week.days.map((day, index) =>
              day === null ? null : (
                <li
                  key={day.date}
                  className={
                    index + 1 === startColumn(week.days) && index > 0
                      ? `day-chooser__cell day-chooser__cell--from-${index + 1}`
                      : 'day-chooser__cell'
                  }
                >
                  {day.times === 0 ? (
                    <span className="day-chooser__day day-chooser__day--none">
                      {face(day)}
                      <span className="sr-only">
                        {day.label}: {t.freeTimes(0)}
                      </span>
                    </span>
                  ) : (
                    <a
                      className="day-chooser__day"
                      href={`?${new URLSearchParams({ tz: zone, day: day.date })}`}
                      aria-current={day.date === chosen ? 'true' : undefined}
                    >
                      {face(day)}
                      <span className="sr-only">
                        {day.label}, {t.freeTimes(day.times)}
                      </span>
                    </a>
                  )}
                </li>
              ),
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}
