// /book-call/meeting/<token>: the booked call, a way to add it to a calendar, times to
// move it to, and a way to cancel it, without signing in. Once cancelled: a new time to book.
import { Link } from 'react-router';
import { localizedPath, useCopy, useLanguage } from '~/i18n/locale';
import type { MeetingView } from './booking-types';
import { bookingCopy } from './copy';
import { SlotPicker } from './slot-picker';
import './booking.css';

export function MeetingPage({ view }: { view: MeetingView | null }) {
  const t = useCopy(bookingCopy);
  const language = useLanguage();
  const home = (
    <Link to={localizedPath('/', language)} className="button button--secondary">
      {t.meeting.backHome}
    </Link>
  );
  if (!view) {
    return (
      <section className="container booking-meeting">
        <h1>{t.meeting.invalid}</h1>
        {home}
      </section>
    );
  }
  const active = view.status === 'active';
  return (
    <div className="container booking-meeting">
      <h1>{active ? t.meeting.bookedHeading : t.meeting.cancelledHeading}</h1>
      {view.notice && (
        <p role="status" className="booking-meeting__notice">
          {view.notice}
        </p>
      )}
      <dl className="booking-meeting__facts">
        <dt>{t.meeting.when}</dt>
        <dd>
          {view.when} ({view.choice.zoneName})
        </dd>
        {active && (
          <>
            <dt>{t.meeting.where}</dt>
            <dd>
              {view.meetingLink ? (
                <a href={view.meetingLink}>{t.meeting.videoLink}</a>
              ) : (
                t.meeting.phone
              )}
            </dd>
          </>
        )}
      </dl>
      {active && (
        <>
          <p>
            {t.meeting.invitation}{' '}
            <a href={`${localizedPath(`/book-call/meeting/${view.token}`, language)}/invite.ics`}>
              {t.meeting.addToCalendar}
            </a>
          </p>
          <section aria-labelledby="move-heading">
            <h2 id="move-heading">{t.meeting.rescheduleHeading}</h2>
            <SlotPicker
              choice={view.choice}
              intent="move"
              submitLabel={t.meeting.move}
              headingId="move-heading"
            />
          </section>
          <section aria-labelledby="cancel-heading">
            <h2 id="cancel-heading">{t.meeting.cancelHeading}</h2>
            <form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="button button--secondary">
                {t.meeting.cancel}
              </button>
            </form>
          </section>
        </>
      )}
      {!active && (
        <section aria-labelledby="again-heading">
          <h2 id="again-heading">{t.meeting.bookAgain}</h2>
          <SlotPicker
            choice={view.choice}
            intent="book"
            submitLabel={t.pick.book}
            headingId="again-heading"
          />
        </section>
      )}
      {home}
    </div>
  );
}
