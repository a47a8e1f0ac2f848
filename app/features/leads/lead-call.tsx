// The lead's booked call on its page: when (in the agency's zone and the visitor's), how (the
// video link it was booked with, or a phone call), the visitor's meeting page, and moving or
// cancelling it with the administrator's own session (docs/decisions/0026). Moving offers the
// visitor's free times (loaded by the route's loadTimes, which the booking feature provides);
// cancelling asks first and takes an optional note for the visitor. The database checks both as
// the visitor's own (without the visitor's bounds of changes per lead) and records who did it; the
// page reloads the lead's history after a change.
import { useId, useState, type FormEvent } from 'react';
import { Notice, useAction } from '~/admin/use-action';
import { useLoaded } from '~/admin/use-loaded';
import {
  CANCELLATION_NOTE_MAX,
  cancelLeadMeeting,
  getMeetingPageLink,
  moveLeadMeeting,
} from '~/data/meeting-changes';
import type { LeadMeeting } from '~/data/meetings';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { formatMeetingSpan } from '#shared/date-time.ts';
import { leadCallCopy as copy } from './lead-call-copy';

/** The free times to move a call to, grouped by day in the agency's zone. */
export interface CallTimes {
  meetingMinutes: number;
  bufferMinutes: number;
  days: Array<{ date: string; label: string; times: Array<{ start: number; label: string }> }>;
}

export type LoadCallTimes = (client: AppSupabaseClient, callStart: number) => Promise<CallTimes>;

const span = (meeting: LeadMeeting, timeZone: string) =>
  formatMeetingSpan(meeting.startsAt, meeting.endsAt, { language: 'en', timeZone });

export function LeadCall({
  client,
  meeting,
  phone,
  agencyZone,
  loadTimes,
  onChanged,
}: {
  client: AppSupabaseClient;
  meeting: LeadMeeting;
  phone: string;
  agencyZone: string;
  loadTimes: LoadCallTimes;
  /** After a move or a cancel, with what to tell: the page loads the call and history again. */
  onChanged: (message: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view');
  const action = useAction();
  const headingId = useId();
  const pageLink = useLoaded(() => getMeetingPageLink(client, meeting.id), [client, meeting.id]);

  return (
    <section aria-labelledby={headingId} className="lead-call">
      <h2 id={headingId} className="lead-card__subheading">
        {copy.heading}
      </h2>
      <dl className="lead-call__facts">
        <dt>{copy.agencyTime}</dt>
        <dd>{span(meeting, agencyZone)}</dd>
        <dt>{copy.visitorTime}</dt>
        <dd>
          {meeting.visitorTimeZone
            ? `${span(meeting, meeting.visitorTimeZone)} (${meeting.visitorTimeZone})`
            : copy.visitorZoneUnknown}
        </dd>
        <dt>{copy.how}</dt>
        <dd>
          {meeting.meetingLink ? (
            <>
              {copy.video} <a href={meeting.meetingLink}>{meeting.meetingLink}</a>
            </>
          ) : (
            copy.phone(phone)
          )}
        </dd>
      </dl>
      <p className="lead-call__page">
        {pageLink.value ? (
          <a href={pageLink.value} target="_blank" rel="noreferrer">
            {copy.meetingPage}
          </a>
        ) : pageLink.error ? (
          copy.meetingPageFailed(pageLink.error.message)
        ) : null}
        <span className="admin-hint"> {copy.meetingPageHint}</span>
      </p>
      {mode === 'view' && (
        <div className="admin-actions">
          <button type="button" className="admin-button" onClick={() => setMode('move')}>
            {copy.move}
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={() => setMode('cancel')}
          >
            {copy.cancel}
          </button>
        </div>
      )}
      {mode === 'move' && (
        <MoveForm
          client={client}
          meeting={meeting}
          agencyZone={agencyZone}
          loadTimes={loadTimes}
          action={action}
          onDone={(message) => {
            setMode('view');
            onChanged(message);
          }}
          onClose={() => setMode('view')}
        />
      )}
      {mode === 'cancel' && (
        <CancelForm
          client={client}
          meeting={meeting}
          action={action}
          onDone={onChanged}
          onClose={() => setMode('view')}
        />
      )}
      {mode === 'view' && <Notice notice={action.notice} />}
    </section>
  );
}

function MoveForm({
  client,
  meeting,
  agencyZone,
  loadTimes,
  action,
  onDone,
  onClose,
}: {
  client: AppSupabaseClient;
  meeting: LeadMeeting;
  agencyZone: string;
  loadTimes: LoadCallTimes;
  action: ReturnType<typeof useAction>;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState('');
  const times = useLoaded(
    () => loadTimes(client, Date.parse(meeting.startsAt)),
    [client, meeting.startsAt, attempt],
  );
  const selectId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const choice = times.value;
    if (!choice) return;
    if (!chosen) return action.fail(copy.chooseTime);
    await action.run(async () => {
      const outcome = await moveLeadMeeting(client, meeting, Number(chosen), choice);
      if (typeof outcome === 'string') {
        setAttempt((value) => value + 1);
        throw new Error(copy.refusal[outcome]);
      }
      onDone(copy.moved(span(outcome, agencyZone)));
    }, copy.failed);
  }

  return (
    <form className="lead-call__form" onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="lead-call__form-heading">{copy.moveHeading}</h3>
      {times.error ? (
        <p role="alert" className="admin-notice">
          {copy.timesFailed}
        </p>
      ) : !times.value ? (
        <LoadingStatus text={copy.loadingTimes} />
      ) : times.value.days.length === 0 ? (
        <p>{copy.noTimes}</p>
      ) : (
        <div className="admin-field">
          <label htmlFor={selectId}>{copy.newTime}</label>
          <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">—</option>
            {times.value.days.map((day) => (
              <optgroup key={day.date} label={day.label}>
                {day.times.map((time) => (
                  <option key={time.start} value={String(time.start)}>
                    {`${day.label}, ${time.label}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      )}
      <div className="admin-actions">
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={action.busy || !times.value}
        >
          {action.busy ? copy.moving : copy.moveSubmit}
        </button>
        <button type="button" className="admin-button" onClick={onClose} disabled={action.busy}>
          {copy.keepTime}
        </button>
      </div>
      <Notice notice={action.notice} />
    </form>
  );
}

function CancelForm({
  client,
  meeting,
  action,
  onDone,
  onClose,
}: {
  client: AppSupabaseClient;
  meeting: LeadMeeting;
  action: ReturnType<typeof useAction>;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const hintId = useId();
  const tooLong = note.trim().length > CANCELLATION_NOTE_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return action.fail(copy.noteTooLong(CANCELLATION_NOTE_MAX));
    await action.run(async () => {
      await cancelLeadMeeting(client, meeting, note);
      onDone(copy.cancelled);
    }, copy.failed);
  }

  return (
    <form
      className="lead-call__form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${noteId}-heading`}
      noValidate
    >
      <h3 id={`${noteId}-heading`} className="lead-call__form-heading">
        {copy.cancelHeading}
      </h3>
      <p>{copy.cancelWarning}</p>
      <div className="admin-field">
        <label htmlFor={noteId}>{copy.note}</label>
        <textarea
          id={noteId}
          rows={3}
          value={note}
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={hintId} className="admin-hint">
          {copy.noteHint(CANCELLATION_NOTE_MAX)}
        </p>
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--danger" disabled={action.busy}>
          {action.busy ? copy.cancelling : copy.confirmCancel}
        </button>
        <button type="button" className="admin-button" onClick={onClose} disabled={action.busy}>
          {copy.keepCall}
        </button>
      </div>
      <Notice notice={action.notice} />
    </form>
  );
}
