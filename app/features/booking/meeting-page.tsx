// /book-call/meeting/<token>: the booked call, a way to add it to a calendar, times to move it
// to, and, apart from them, a way to cancel it that asks first (?step=cancel), all without signing
// in. Once cancelled: a new time to book; once past: a way to ask again. Each state has its own
// heading and title (meetingTitle), and the heading takes the focus when the page opens, unless
// the times of a day just chosen or a problem should.
import { localizedPath, useCopy, useLanguage, type Language } from '~/i18n/locale';
import type { MeetingView } from './booking-types';
import { bookingCopy } from './copy';
import { SlotPicker } from './slot-picker';
import './booking.css';
import { SiteLink } from '~/ui/site-link';

/** The page's title: its state's heading, or that the link is not valid. */
export function meetingTitle(view: MeetingView | null | undefined, language: Language): string {
  const t = bookingCopy[language].meeting;
  return view ? t.headings[view.state] : t.invalidTitle;
}

export function MeetingPage({ view }: { view: MeetingView | null }) {
  const t = useCopy(bookingCopy);
  const language = useLanguage();
  const home = (
    <SiteLink to={localizedPath('/', language)} className="button button--secondary">
      {t.meeting.backHome}
    </SiteLink>
  );
  if (!view) {
    return (
      <section className="container booking-meeting">
        <h1 tabIndex={-1} autoFocus>
          {t.meeting.invalid}
        </h1>
        {home}
      </section>
    );
  }
  const { state, choice } = view;
  const pickerFocus = Boolean(choice.problem) || choice.dayChosen;
  const active = state === 'booked' || state === 'moved';
  return (
    <div className="container booking-meeting">
      <h1 tabIndex={-1} autoFocus={!pickerFocus || state === 'confirm-cancel'}>
        {t.meeting.headings[state]}
      </h1>
      {view.notice && (
        <p role="status" className="booking-meeting__notice">
          {view.notice}
        </p>
      )}
      {state === 'confirm-cancel' ? (
        <ConfirmCancel view={view} />
      ) : (
        <dl className="booking-meeting__facts">
          <dt>{t.meeting.when}</dt>
          <dd>
            {view.when} ({choice.zoneName})
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
      )}
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
              choice={choice}
              intent="move"
              submitLabel={t.meeting.move}
              idPrefix="move"
            />
          </section>
          <section aria-labelledby="cancel-heading" className="booking-meeting__cancel">
            <h2 id="cancel-heading">{t.meeting.cancelHeading}</h2>
            <a href={stepLink(view.self, 'cancel')} className="button button--secondary">
              {t.meeting.cancel}
            </a>
          </section>
        </>
      )}
      {state === 'cancelled' && (
        <section aria-labelledby="again-heading">
          <h2 id="again-heading">{t.meeting.bookAgain}</h2>
          <SlotPicker choice={choice} intent="book" submitLabel={t.pick.book} idPrefix="again" />
        </section>
      )}
      {state === 'past' && (
        <p>
          {t.meeting.past}{' '}
          <SiteLink to={localizedPath('/book-call', language)}>{t.meeting.newRequest}</SiteLink>
        </p>
      )}
      {home}
    </div>
  );
}

/** The meeting page's address with a step asked for, its zone kept. */
function stepLink(self: string, step: string): string {
  const url = new URL(self, 'http://page.invalid');
  url.searchParams.set('step', step);
  return `${url.pathname}${url.search}`;
}

/** The step before a cancel: what will be cancelled, and the choice to cancel or keep it. */
function ConfirmCancel({ view }: { view: MeetingView }) {
  const t = useCopy(bookingCopy).meeting;
  return (
    <>
      <p>{t.confirmCancel(`${view.when} (${view.choice.zoneName})`)}</p>
      <form method="post" action={view.self} className="booking-meeting__confirm">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="button button--primary">
          {t.yesCancel}
        </button>
        <a href={view.self} className="button button--secondary">
          {t.keep}
        </a>
      </form>
    </>
  );
}
