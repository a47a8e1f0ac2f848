// A lead's timeline on its page: everything that happened to it (its receipt, changes, mails and
// calls), newest last, each with when and by whom.
import type { LeadEvent } from '~/data/lead-events';
import { formatAdminDateTime } from '~/i18n/format';
import { LoadingStatus } from '~/ui/loading-status';
import { leadsCopy as copy } from './copy';
import { describeLeadEvent } from './lead-words';
import { useAdminTimeZone } from '~/admin/admin-dates';

const detail = copy.detail;

export function LeadTimeline({ history }: { history: LeadEvent[] | 'loading' | 'failed' }) {
  const timeZone = useAdminTimeZone();
  return (
    <section aria-labelledby="lead-timeline" className="lead-timeline">
      <h2 id="lead-timeline" className="lead-card__subheading">
        {detail.timeline}
      </h2>
      {history === 'loading' ? (
        <LoadingStatus text={detail.loading} />
      ) : history === 'failed' ? (
        <p className="lead-card__mail-error">{detail.timelineFailed}</p>
      ) : history.length === 0 ? (
        <p>{detail.timelineEmpty}</p>
      ) : (
        <ol className="lead-timeline__list">
          {history.map((event) => (
            <li
              key={event.key}
              className={`lead-timeline__entry lead-timeline__entry--${event.kind}`}
            >
              <p className="lead-timeline__what">{describeLeadEvent(event, timeZone)}</p>
              <p className="lead-timeline__when">
                <time dateTime={event.createdAt}>
                  {formatAdminDateTime(event.createdAt, timeZone)}
                </time>{' '}
                {event.authorEmail ? copy.timeline.by(event.authorEmail) : copy.timeline.system}
              </p>
              {event.kind === 'notes_changed' && event.notes !== null && (
                <p className="lead-card__text lead-timeline__notes">{event.notes}</p>
              )}
              {event.kind === 'meeting_cancelled' && event.note !== null && (
                <p className="lead-card__text lead-timeline__notes">{event.note}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
