// The free times as plain forms: the zone the times are in, in words, with a way to change it
// (likely zones first, then every zone by region; ?tz= reloads the page); every bookable day by
// week (day-chooser.tsx); and the chosen day's times as radio buttons with the button that books
// right under them. The server renders it and it works without JavaScript; the site's script only
// sets the visitor's own zone (app/enhance/booking-zone.ts). After a step the focus goes where
// the visitor's eyes should: the problem, or the times of the day just chosen.
import { useCopy } from '~/i18n/locale';
import { bookingCopy } from './copy';
import type { SlotChoice } from './booking-types';
import { DayChooser } from './day-chooser';

export function SlotPicker({
  choice,
  intent,
  submitLabel,
  idPrefix,
}: {
  choice: SlotChoice;
  /** The form's intent field, for pages with more than one form. */
  intent?: string;
  submitLabel: string;
  /** Prefix of the ids inside, unique on the page. */
  idPrefix: string;
}) {
  const t = useCopy(bookingCopy).pick;
  const { day } = choice;
  const timesId = `${idPrefix}-times`;
  return (
    <div className="slot-picker" data-booking-zone={choice.zone}>
      <div className="slot-picker__zone">
        <p className="slot-picker__zone-name">{t.zone(choice.zoneName, choice.zoneCity)}</p>
        <details className="slot-picker__zone-change">
          <summary>{t.changeZone}</summary>
          <form method="get" className="slot-picker__zone-form">
            {day && <input type="hidden" name="day" value={day.date} />}
            <label>
              {t.zoneLabel}{' '}
              <select name="tz" defaultValue={choice.zone}>
                <optgroup label={t.likelyZones}>
                  {choice.zoneChoices.likely.map((option) => (
                    <option key={option.zone} value={option.zone}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
                {choice.zoneChoices.regions.map((group) => (
                  <optgroup key={group.region} label={group.region}>
                    {group.zones.map((option) => (
                      <option key={option.zone} value={option.zone}>
                        {option.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>{' '}
            <button type="submit" className="button button--secondary">
              {t.showZone}
            </button>
          </form>
        </details>
      </div>
      {choice.problem && (
        <p role="alert" className="slot-picker__problem" tabIndex={-1} autoFocus>
          {choice.problem}
        </p>
      )}
      {day === null ? (
        <p>{t.none}</p>
      ) : (
        <>
          <DayChooser weeks={choice.weeks} chosen={day.date} zone={choice.zone} id={idPrefix} />
          <form method="post" className="slot-picker__form" aria-labelledby={timesId}>
            {intent && <input type="hidden" name="intent" value={intent} />}
            <fieldset className="slot-picker__day">
              <legend>
                <h3 id={timesId} tabIndex={-1} autoFocus={choice.dayChosen && !choice.problem}>
                  {t.timesHeading(day.label)}
                </h3>
              </legend>
              <div className="slot-picker__times">
                {day.slots.map((slot) => (
                  <label key={slot.start} className="slot-picker__time">
                    <input type="radio" name="start" value={slot.start} required />
                    <time dateTime={slot.start}>{slot.time}</time>
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className="button button--primary">
              {submitLabel}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
