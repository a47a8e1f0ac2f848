// /admin/availability's word on calls booked before the video link changed (docs/decisions/0026):
// a call keeps the way to meet it was booked with, so a saved link applies to new bookings only.
// This says how many coming calls keep another one and, if the owner chooses, gives them today's
// link (or makes them phone calls), each visitor mailed an updated invitation by the database.
import { useState } from 'react';
import { getAvailability } from '~/data/booking-settings';
import { giveCallsTodaysLink, listCallsWithOtherLink } from '~/data/meeting-changes';
import type { AppSupabaseClient } from '~/data/supabase';
import { Notice, useAction } from '~/admin/use-action';
import { useLoaded } from '~/admin/use-loaded';
import { availabilityCopy } from './availability-copy';

const copy = availabilityCopy.bookedLinks;

/** `savedVersion` grows with each save of the availability, so the count is read again. */
export function BookedCallLinks({
  client,
  savedVersion,
}: {
  client: AppSupabaseClient;
  savedVersion: number;
}) {
  const [updates, setUpdates] = useState(0);
  const action = useAction();
  const { value, error } = useLoaded(async () => {
    const saved = await getAvailability(client);
    const link = saved?.meetingLink || null;
    return { link, calls: await listCallsWithOtherLink(client, link, new Date()) };
  }, [client, savedVersion, updates]);

  if (error)
    return (
      <p role="alert" className="admin-notice">
        {copy.loadFailed(error.message)}
      </p>
    );
  const count = value?.calls.length ?? 0;

  function update() {
    if (!value || !window.confirm(copy.confirm(count, value.link))) return;
    void action.run(async () => {
      const changed = await giveCallsTodaysLink(
        client,
        value.calls.map((call) => call.id),
        value.link,
      );
      setUpdates((current) => current + 1);
      return copy.updated(changed);
    }, copy.failed);
  }

  if (!value || count === 0) return <Notice notice={action.notice} />;
  return (
    <section aria-labelledby="booked-call-links" className="admin-stack">
      <h2 id="booked-call-links">{copy.heading}</h2>
      <p>{copy.keep(count, value.link)}</p>
      <div className="admin-actions">
        <button type="button" className="admin-button" disabled={action.busy} onClick={update}>
          {action.busy ? copy.updating : copy.update(count, value.link)}
        </button>
      </div>
      <Notice notice={action.notice} />
    </section>
  );
}
