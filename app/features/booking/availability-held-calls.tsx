// /admin/availability's list of coming calls booked by leads nobody on the team has contacted yet
// (decision 22): the times a stranger's burst could be holding, those booked close together marked,
// each with "Release", which cancels the call as the visitor's own cancel does.
import { useState } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '~/config/paths';
import { listHeldCalls, releaseMeeting, type HeldCall } from '~/data/meetings';
import type { AppSupabaseClient } from '~/data/supabase';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { LoadingStatus } from '~/ui/loading-status';
import { availabilityCopy } from './availability-copy';
import { Notice, useAction } from '~/admin/use-action';
import { useLoaded } from '~/admin/use-loaded';

const copy = availabilityCopy.held;
const HOUR = 3600_000;

/** Calls booked within an hour of two or more others in the list. */
export function callsInABurst(calls: readonly HeldCall[]): Set<string> {
  const at = calls.map((call) => Date.parse(call.bookedAt));
  return new Set(
    calls
      .filter(
        (_, i) => at.filter((other, j) => j !== i && Math.abs(other - at[i]!) <= HOUR).length >= 2,
      )
      .map((call) => call.id),
  );
}

export function HeldCalls({ client }: { client: AppSupabaseClient }) {
  const [version, setVersion] = useState(0);
  const timeZone = useAdminTimeZone();
  const { value: calls, error } = useLoaded(
    () => listHeldCalls(client, new Date()),
    [client, version],
  );
  const action = useAction();

  function release(call: HeldCall) {
    const when = formatAdminDateTime(call.startsAt, timeZone);
    if (!window.confirm(copy.releaseConfirm(call.leadName, when))) return;
    void action.run(async () => {
      await releaseMeeting(client, call);
      setVersion((current) => current + 1);
      return copy.released(call.leadName);
    }, copy.releaseFailed);
  }

  const burst = calls ? callsInABurst(calls) : new Set<string>();
  return (
    <section className="admin-section" aria-labelledby="held-calls">
      <h2 id="held-calls">{copy.heading}</h2>
      <p>{copy.intro}</p>
      {error && (
        <p role="alert" className="admin-notice">
          {copy.loadFailed(error.message)}
        </p>
      )}
      {!calls && !error && <LoadingStatus text={copy.loading} />}
      {calls && calls.length === 0 && <p>{copy.none}</p>}
      {calls && calls.length > 0 && (
        <div className="team-table-wrap">
          <table className="team-table">
            <caption>{copy.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.when}</th>
                <th scope="col">{copy.lead}</th>
                <th scope="col">{copy.booked}</th>
                <th scope="col">{copy.actions}</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((call) => {
                const when = formatAdminDateTime(call.startsAt, timeZone);
                return (
                  <tr key={call.id}>
                    <th scope="row">{when}</th>
                    <td data-label={copy.lead}>
                      {call.leadName}, {call.companyName}
                      <br />
                      <Link to={adminPaths.lead(call.leadId)}>{call.email}</Link>
                    </td>
                    <td data-label={copy.booked}>
                      {formatAdminDateTime(call.bookedAt, timeZone)}
                      {burst.has(call.id) && (
                        <>
                          {' '}
                          <strong title={copy.burstHint}>{copy.burst}</strong>
                        </>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="admin-button admin-button--danger"
                        aria-label={copy.releaseLabel(call.leadName, when)}
                        disabled={action.busy}
                        onClick={() => release(call)}
                      >
                        {copy.release}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Notice notice={action.notice} />
    </section>
  );
}
