// The free times as a plain form: one group per day with its date as the legend, one
// radio button per time, the zone named, and a zone picker that reloads the page with ?tz=. The
// server renders it; it works without JavaScript, and the site's script only sets the visitor's
// own zone (app/enhance/booking-zone.ts).
import { useCopy } from '~/i18n/locale';
import { bookingCopy } from './copy';
import type { SlotChoice } from './booking-types';

export function SlotPicker({
  choice,
  intent,
  submitLabel,
  headingId,
}: {
  choice: SlotChoice;
  /** The form's intent field, for pages with more than one form. */
  intent?: string;
  submitLabel: string;
  /** The heading that names the form. */
  headingId: string;
}) {
  const t = useCopy(bookingCopy).pick;
  return (
    <div className="slot-picker" data-booking-zone={choice.zone}>
      <form method="get" className="slot-picker__zone">
        <label>
          {t.changeZone}{' '}
          <select name="tz" defaultValue={choice.zone}>
            {choice.zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" className="button button--secondary">
          {t.showZone}
        </button>
      </form>
      <p className="slot-picker__zone-name">{t.zone(choice.zone, choice.zoneName)}</p>
      {choice.problem && (
        <p role="alert" className="slot-picker__problem">
          {choice.problem}
        </p>
      )}
      {choice.days.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <form method="post" className="slot-picker__form" aria-labelledby={headingId}>
          {intent && <input type="hidden" name="intent" value={intent} />}
          {choice.days.map((day) => (
            <fieldset key={day.date} className="slot-picker__day">
              <legend>{day.label}</legend>
              <div className="slot-picker__times">
                {day.slots.map((slot) => (
                  <label key={slot.start} className="slot-picker__time">
                    <input type="radio" name="start" value={slot.start} required />
                    <time dateTime={slot.start}>{slot.time}</time>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <button type="submit" className="button button--primary">
            {submitLabel}
          </button>
        </form>
      )}
    </div>
  );
}
