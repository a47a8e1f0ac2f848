// The private calendar feed: its address, and a new one made on request (the old stops working).
import type { Dispatch, SetStateAction } from 'react';
import { regenerateCalendarFeed, type SavedAvailability } from '~/data/booking-settings';
import type { AppSupabaseClient } from '~/data/supabase';
import { AdminField } from '~/admin/admin-field';
import { Notice, useAction } from '~/admin/use-action';
import { availabilityCopy as copy } from './availability-copy';

export function CalendarFeedField({
  client,
  siteOrigin,
  token,
  setValues,
}: {
  client: AppSupabaseClient;
  siteOrigin: string;
  /** The feed's secret, empty until one is made. */
  token: string;
  setValues: Dispatch<SetStateAction<SavedAvailability | null>>;
}) {
  const feedAction = useAction();
  const feedUrl = token ? `${siteOrigin}/calendar/${token}.ics` : '';
  return (
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
                (current) => current && { ...current, calendarFeedToken: saved.calendarFeedToken },
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
  );
}
