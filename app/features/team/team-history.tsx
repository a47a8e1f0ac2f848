// The team's history on /admin/team: who invited, sent an invitation again, changed a role,
// removed a member or reset a member's two-factor sign-in, and when (public.team_events).
import type { TeamEvent } from '~/data/team';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { teamCopy } from './copy';

const copy = teamCopy.history;

export function TeamHistory({ events }: { events: TeamEvent[] }) {
  const timeZone = useAdminTimeZone();
  return (
    <section className="admin-section" aria-labelledby="team-history">
      <h2 id="team-history">{copy.heading}</h2>
      {events.length === 0 ? (
        <p>{copy.none}</p>
      ) : (
        <div className="team-table-wrap">
          <table className="team-table">
            <caption>{copy.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.when}</th>
                <th scope="col">{copy.who}</th>
                <th scope="col">{copy.what}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <td data-label={copy.when}>{formatAdminDateTime(event.at, timeZone)}</td>
                  <td data-label={copy.who}>{event.actorEmail ?? copy.server}</td>
                  <td data-label={copy.what}>
                    {copy.event[event.kind](event.memberEmail, event.detail)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
