// /admin/availability (docs/decisions/0018): the agency's weekly hours, meeting length, buffer,
// notice, how far ahead, blocked dates, which Swedish holidays it opens, its zone and video link,
// and the private calendar feed's address. Checked beside each field as the table checks them.
import { useState, type FormEvent } from 'react';
import {
  getAvailability,
  regenerateCalendarFeed,
  saveAvailability,
  validateAvailability,
  WEEKDAYS,
  type AvailabilityInput,
  type AvailabilityProblems,
  type SavedAvailability,
  type WeekdayNumber,
} from '~/data/booking-settings';
import type { AppSupabaseClient } from '~/data/supabase';
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { swedishHolidays } from '~/i18n/swedish-holidays';
import { zonedDate } from '~/i18n/zoned-time';
import { LoadingStatus } from '~/ui/loading-status';
import { AdminField } from '~/admin/admin-field';
import { availabilityCopy as copy } from './availability-copy';
import { Notice, SubmitRow, useAction } from '~/admin/use-action';
import { useLoaded } from '~/admin/use-loaded';
import './availability.css';

const weekdayHours = { start: '09:00', end: '17:00' };

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

/** The holidays of the next twelve months. */
export function comingHolidays(today: string) {
  const year = Number(today.slice(0, 4));
  const end = `${year + 1}${today.slice(4)}`;
  return [...swedishHolidays(year), ...swedishHolidays(year + 1)].filter(
    (holiday) => holiday.date >= today && holiday.date < end,
  );
}

export function AvailabilityForm({
  client,
  siteOrigin,
}: {
  client: AppSupabaseClient;
  /** Where the site answers, for the feed's address. */
  siteOrigin: string;
}) {
  const {
    value: values,
    setValue: setValues,
    error: loadError,
  } = useLoaded<SavedAvailability>(
    async () => (await getAvailability(client)) ?? defaultAvailability,
    [client],
  );
  const [problems, setProblems] = useState<AvailabilityProblems>({});
  const action = useAction();
  const feedAction = useAction();

  if (loadError)
    return (
      <p role="alert" className="admin-notice">
        {copy.loadFailed(loadError.message)}
      </p>
    );
  if (!values) return <LoadingStatus text={copy.loading} />;

  const set = <K extends keyof AvailabilityInput>(key: K, value: AvailabilityInput[K]) =>
    setValues((current) => current && { ...current, [key]: value });
  const setHours = (day: WeekdayNumber, hours: AvailabilityInput['weeklyHours'][WeekdayNumber]) =>
    set('weeklyHours', { ...values.weeklyHours, [day]: hours });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const found = validateAvailability(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      action.fail(copy.invalid);
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
      requestAnimationFrame(() => first?.focus());
      return;
    }
    void action.run(async () => {
      setValues(await saveAvailability(client, values));
      return copy.saved;
    }, copy.failed);
  }

  const numberField = (
    key: 'meetingMinutes' | 'bufferMinutes' | 'minimumNoticeHours' | 'horizonDays',
  ) => (
    <AdminField
      label={copy.labels[key]}
      hint={(copy.hints as Partial<Record<string, string>>)[key]}
      error={problems[key]}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </AdminField>
  );

  const today = zonedDate(Date.now(), values.timeZone || AGENCY_TIME_ZONE);
  const feedUrl = values.calendarFeedToken
    ? `${siteOrigin}/calendar/${values.calendarFeedToken}.ics`
    : '';

  return (
    <form className="admin-stack admin-narrow" noValidate onSubmit={submit}>
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

      <fieldset className="admin-stack">
        <legend>
          <h2>{copy.sections.meetings}</h2>
        </legend>
        {numberField('meetingMinutes')}
        {numberField('bufferMinutes')}
        {numberField('minimumNoticeHours')}
        {numberField('horizonDays')}
        <AdminField
          label={copy.labels.meetingLink}
          hint={copy.hints.meetingLink}
          error={problems.meetingLink}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              value={values.meetingLink}
              onChange={(event) => set('meetingLink', event.target.value)}
            />
          )}
        </AdminField>
      </fieldset>

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

      <SubmitRow action={action} label={copy.save} busyLabel={copy.saving} />

      <fieldset className="admin-stack">
        <legend>
          <h2>{copy.sections.feed}</h2>
        </legend>
        <p className="admin-field__hint">{copy.feedHint}</p>
        {feedUrl && (
          <AdminField label={copy.feedLabel}>
            {(control) => <input {...control} type="text" readOnly value={feedUrl} />}
          </AdminField>
        )}
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={feedAction.busy}
            onClick={() => {
              if (!window.confirm(copy.regenerateConfirm)) return;
              void feedAction.run(async () => {
                const saved = await regenerateCalendarFeed(client);
                setValues(
                  (current) =>
                    current && { ...current, calendarFeedToken: saved.calendarFeedToken },
                );
                return copy.regenerated;
              }, copy.failed);
            }}
          >
            {copy.regenerate}
          </button>
        </div>
        <Notice notice={feedAction.notice} />
      </fieldset>
    </form>
  );
}
