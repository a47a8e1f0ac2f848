// /admin/availability (docs/decisions/0018): the agency's weekly hours, meeting length, buffer,
// notice, how far ahead, blocked dates, which Swedish holidays it opens, its zone and video link,
// and the private calendar feed's address. Checked beside each field as the table checks them.
// The page loads and saves; its parts are the week, the meetings, the closed days and the feed.
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  getAvailability,
  saveAvailability,
  validateAvailability,
  type AvailabilityProblems,
  type SavedAvailability,
} from '~/data/booking-settings';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { SubmitRow, useAction } from '~/admin/use-action';
import { useLoaded } from '~/admin/use-loaded';
import { availabilityCopy as copy } from './availability-copy';
import { defaultAvailability, type SetAvailability } from './availability-values';
import { BookedCallLinks } from './availability-booked-links';
import { CalendarFeedField } from './calendar-feed-field';
import { ClosedDaysFields } from './closed-days-fields';
import { MeetingFields } from './meeting-fields';
import { WeeklyHoursFields } from './weekly-hours-fields';
import './availability.css';

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
  const [savedVersion, setSavedVersion] = useState(0);
  const action = useAction();
  // The root loader reads the zone again, so every date the admin shows moves to a new one.
  const revalidator = useRevalidator();

  if (loadError)
    return (
      <p role="alert" className="admin-notice">
        {copy.loadFailed(loadError.message)}
      </p>
    );
  if (!values) return <LoadingStatus text={copy.loading} />;

  const set: SetAvailability = (key, value) =>
    setValues((current) => current && { ...current, [key]: value });

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
      setSavedVersion((version) => version + 1);
      void revalidator.revalidate();
      return copy.saved;
    }, copy.failed);
  }

  const part = { values, problems, set };
  return (
    <form className="admin-stack admin-narrow" noValidate onSubmit={submit}>
      <WeeklyHoursFields {...part} />
      <MeetingFields {...part} />
      <ClosedDaysFields {...part} />
      <SubmitRow action={action} label={copy.save} busyLabel={copy.saving} />
      <BookedCallLinks client={client} savedVersion={savedVersion} />
      <CalendarFeedField
        client={client}
        siteOrigin={siteOrigin}
        token={values.calendarFeedToken}
        setValues={setValues}
      />
    </form>
  );
}
