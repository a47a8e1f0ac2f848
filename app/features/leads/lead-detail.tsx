// One lead's page at /admin/leads/{id}: everything the visitor sent, where the visit
// came from, how its mails were delivered, its status, notes and owner (saved on request, and
// asked about before unsaved changes are left), delete, and the timeline of all that happened to
// it, which the database writes with every change.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminPaths } from '~/config/paths';
import { listLeadMails, type LeadMail, type LeadMailKind } from '~/data/consultation-mails';
import {
  deleteLead,
  getLead,
  isLeadOverdue,
  isLeadStatus,
  leadStatuses,
  listLeadOwnerChoices,
  updateLead,
  type Lead,
  type LeadOwnerChoice,
  type LeadStatus,
} from '~/data/consultations';
import { leadTimeline, listRecordedLeadEvents, type LeadEvent } from '~/data/lead-events';
import type { AppSupabaseClient } from '~/data/supabase';
import type { TeamRole } from '~/data/team';
import { listLeadMeetings, type LeadMeeting } from '~/data/meetings';
import { formatAdminDateTime, formatAgencyDateTime } from '~/i18n/format';
import { LoadingStatus } from '~/ui/loading-status';
import { ATTRIBUTION_FIELDS } from '~/visit/attribution';
import { AdminShell } from '~/admin/admin-shell';
import { LoadFailed } from '~/admin/load-failed';
import { leadsCopy as copy } from './copy';
import { useLeavePrompt } from '~/admin/use-leave-prompt';
import { useNewLeadCount } from '~/admin/use-new-lead-count';
import './leads.css';

const detail = copy.detail;
const timeline = copy.timeline;

const mailKinds: LeadMailKind[] = ['agency_notification', 'visitor_confirmation'];

/** "Sent Nov 23, 2026, 10:00 AM", "Pending (attempt 2, last error: …)", "Failed: …". */
export function describeMail(mail: LeadMail | undefined): string {
  if (!mail) return copy.mails.missing;
  if (mail.status === 'sent' && mail.sent_at)
    return copy.mails.sent(formatAdminDateTime(mail.sent_at));
  if (mail.status === 'failed')
    return mail.last_error ? copy.mails.failedWith(mail.last_error) : copy.mails.failed;
  if (mail.attempts > 0)
    return mail.last_error
      ? copy.mails.pendingRetry(mail.attempts, mail.last_error)
      : copy.mails.pendingAttempt(mail.attempts);
  return copy.mails.pending;
}

/** A timeline entry in words: "Status changed from New to Contacted". */
export function describeLeadEvent(event: LeadEvent): string {
  const status = (value: string | null) =>
    isLeadStatus(value) ? copy.statuses[value] : (value ?? copy.none);
  const mail = (kind: string | null) =>
    kind && kind in copy.mails.kinds
      ? copy.mails.kinds[kind as LeadMailKind]
      : (kind ?? copy.mails.heading);
  const when = (iso: string | null) => (iso ? formatAgencyDateTime(iso) : copy.none);
  switch (event.kind) {
    case 'received':
      return timeline.received(event.source);
    case 'status_changed':
      return timeline.statusChanged(status(event.from), status(event.to));
    case 'owner_changed':
      return timeline.ownerChanged(event.fromEmail, event.toEmail);
    case 'notes_changed':
      return event.notes === null ? timeline.notesCleared : timeline.notesChanged;
    case 'mail_queued':
      return timeline.mailQueued(mail(event.mailKind));
    case 'mail_sent':
      return timeline.mailSent(mail(event.mailKind), event.attempts);
    case 'mail_failed':
      return timeline.mailFailed(mail(event.mailKind), event.error);
    case 'meeting_booked':
      return timeline.meetingBooked(when(event.startsAt));
    case 'meeting_moved':
      return timeline.meetingMoved(when(event.startsAt), when(event.previousStartsAt));
    case 'meeting_cancelled':
      return timeline.meetingCancelled(when(event.startsAt));
    case 'other':
      return timeline.other(event.name);
  }
}

/** A mailto: link that keeps ?, # and & of an address's local part from acting as URL syntax. */
function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

/** tel: takes digits and a leading +; spaces, dashes and brackets are only for reading. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replaceAll('+', '') : digits.replaceAll('+', '')}`;
}

/** A missing value: a dash to see, a word to hear. */
function None({ label = copy.none }: { label?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

type Loaded<T> = T | 'loading' | 'failed';
type PageState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'missing' } | { kind: 'ready'; lead: Lead };
type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function LeadDetail({
  client,
  leadId,
  email,
  role,
  onSignOut,
}: {
  client: AppSupabaseClient;
  leadId: string;
  email: string;
  role: TeamRole;
  onSignOut: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const { newLeads, refreshNewLeads } = useNewLeadCount(client, role === 'admin');
  const [page, setPage] = useState<PageState>({ kind: 'loading' });
  const [mails, setMails] = useState<Loaded<LeadMail[]>>('loading');
  const [events, setEvents] = useState<Loaded<LeadEvent[]>>('loading');
  const [meetings, setMeetings] = useState<Loaded<LeadMeeting[]>>('loading');
  const [owners, setOwners] = useState<Loaded<LeadOwnerChoice[]>>('loading');
  const [status, setStatus] = useState<LeadStatus>('new');
  const [notes, setNotes] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const loadHistory = useCallback(
    (id: string) => {
      listLeadMails(client, [id]).then(setMails, (error: unknown) => {
        console.error('Could not load the lead’s mails:', error);
        setMails('failed');
      });
      listLeadMeetings(client, id).then(setMeetings, (error: unknown) => {
        console.error('Could not load the lead’s meetings:', error);
        setMeetings('failed');
      });
      listRecordedLeadEvents(client, id).then(setEvents, (error: unknown) => {
        console.error('Could not load the lead’s history:', error);
        setEvents('failed');
      });
    },
    [client],
  );

  useEffect(() => {
    let current = true;
    setPage({ kind: 'loading' });
    getLead(client, leadId).then(
      (lead) => {
        if (!current) return;
        if (!lead) {
          setPage({ kind: 'missing' });
          return;
        }
        setPage({ kind: 'ready', lead });
        setStatus(isLeadStatus(lead.status) ? lead.status : 'new');
        setNotes(lead.notes ?? '');
        setOwnerId(lead.owner_id ?? '');
        loadHistory(lead.id);
      },
      (error: unknown) => {
        if (!current) return;
        console.error(`Could not load the lead ${leadId}:`, error);
        setPage({ kind: 'failed' });
      },
    );
    listLeadOwnerChoices(client).then(
      (choices) => current && setOwners(choices),
      (error: unknown) => {
        console.error('Could not load who may own leads:', error);
        if (current) setOwners('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [client, leadId, attempt, loadHistory]);

  const lead = page.kind === 'ready' ? page.lead : null;
  const dirty =
    lead !== null &&
    (status !== lead.status || notes !== (lead.notes ?? '') || ownerId !== (lead.owner_id ?? ''));
  const { confirmLeave, release } = useLeavePrompt({ dirty, message: detail.confirmLeave });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!lead) return;
    setSaving(true);
    setOutcome(null);
    try {
      // Notes left blank are stored as none rather than as an empty text.
      const saved = await updateLead(client, lead.id, {
        status,
        notes: notes.trim() ? notes : null,
        owner_id: ownerId || null,
      });
      setPage({ kind: 'ready', lead: saved });
      setNotes(saved.notes ?? '');
      setOutcome({ tone: 'success', text: copy.edit.saved(lead.name) });
      refreshNewLeads();
      loadHistory(lead.id);
    } catch (error) {
      console.error(`Could not save the lead ${lead.id}:`, error);
      setOutcome({ tone: 'error', text: copy.edit.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!lead) return;
    if (!window.confirm(copy.confirmDelete(lead.name, lead.email))) return;
    setDeleting(true);
    setOutcome(null);
    try {
      await deleteLead(client, lead.id);
      release();
      void navigate(adminPaths.leads, { state: { deleted: lead.name } });
    } catch (error) {
      console.error(`Could not delete the lead ${lead.id}:`, error);
      setOutcome({ tone: 'error', text: copy.deleteFailed });
      setDeleting(false);
    }
  }

  const ownerEmail = (id: string | null) =>
    id === null
      ? copy.list.unassigned
      : Array.isArray(owners)
        ? (owners.find((choice) => choice.userId === id)?.email ?? copy.list.formerOwner)
        : id;

  let body;
  if (page.kind === 'loading') {
    body = <LoadingStatus text={detail.loading} />;
  } else if (page.kind === 'failed') {
    body = (
      <LoadFailed
        message={detail.loadFailed}
        retryLabel={copy.retry}
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  } else if (page.kind === 'missing') {
    body = (
      <div className="admin-empty">
        <h1 className="admin-empty__heading">{detail.notFoundHeading}</h1>
        <p>{detail.notFound}</p>
      </div>
    );
  } else {
    const lead = page.lead;
    const shownStatus = isLeadStatus(lead.status) ? lead.status : 'new';
    const late = isLeadOverdue(lead, new Date());
    // The receipt and queued mails come from the lead and the mails already loaded.
    const history =
      events === 'loading' || events === 'failed'
        ? events
        : leadTimeline(lead, Array.isArray(mails) ? mails : [], events);
    // The active meeting that has not ended (the booking's): the one the lead has coming.
    const nextMeeting = Array.isArray(meetings)
      ? meetings.find(
          (meeting) => meeting.status === 'active' && Date.parse(meeting.endsAt) >= Date.now(),
        )
      : undefined;
    body = (
      <article className="lead-card lead-detail" aria-labelledby="lead-heading">
        <header className="lead-card__header">
          <h1 id="lead-heading" ref={headingRef} tabIndex={-1} className="lead-card__name">
            {lead.name}
          </h1>
          <span className={`admin-badge lead-status lead-status--${shownStatus}`}>
            {copy.statuses[shownStatus]}
          </span>
          <span className="lead-card__received">
            {copy.fields.received}:{' '}
            <time dateTime={lead.received_at}>{formatAdminDateTime(lead.received_at)}</time>
          </span>
          {late && (
            <span className="lead-overdue">
              <span aria-hidden="true">⚠ </span>
              {copy.list.overdue}
            </span>
          )}
        </header>

        <div className="lead-card__body">
          <section aria-labelledby="lead-contact">
            <h2 id="lead-contact" className="lead-card__subheading">
              {detail.contact}
            </h2>
            <dl className="lead-card__facts">
              <div>
                <dt>{copy.fields.email}</dt>
                <dd>
                  <a href={mailtoHref(lead.email)}>{lead.email}</a>
                </dd>
              </div>
              <div>
                <dt>{copy.fields.phone}</dt>
                <dd>
                  <a href={telHref(lead.phone_number)}>{lead.phone_number}</a>
                </dd>
              </div>
              <div>
                <dt>{copy.fields.company}</dt>
                <dd>{lead.company_name}</dd>
              </div>
              <div>
                <dt>{copy.fields.howFoundUs}</dt>
                <dd>{lead.how_found_us}</dd>
              </div>
              <div>
                <dt>{copy.fields.language}</dt>
                <dd>{copy.languages[lead.language] ?? lead.language}</dd>
              </div>
              <div>
                <dt>{copy.fields.submitted}</dt>
                <dd>
                  <time dateTime={lead.created_at}>{formatAdminDateTime(lead.created_at)}</time>
                </dd>
              </div>
              <div>
                <dt>{copy.list.columns.source}</dt>
                <dd>{lead.source}</dd>
              </div>
              <div>
                <dt>{detail.owner}</dt>
                <dd>{ownerEmail(lead.owner_id)}</dd>
              </div>
              <div>
                <dt>{detail.nextMeeting}</dt>
                <dd>
                  {nextMeeting ? (
                    <time dateTime={nextMeeting.startsAt}>
                      {formatAgencyDateTime(nextMeeting.startsAt)}
                    </time>
                  ) : (
                    <None label={copy.list.noMeeting} />
                  )}
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="lead-request" className="lead-card__message">
            <h2 id="lead-request" className="lead-card__subheading">
              {detail.request}
            </h2>
            <h3 className="lead-card__subheading">{copy.fields.problems}</h3>
            <p className="lead-card__text">{lead.problems}</p>
            <h3 className="lead-card__subheading">{copy.fields.additionalInfo}</h3>
            <p className="lead-card__text">{lead.additional_info ?? <None />}</p>
          </section>

          <div className="lead-card__side">
            <h2 className="lead-card__subheading">{copy.attribution.heading}</h2>
            <dl className="lead-card__facts lead-card__facts--compact">
              {ATTRIBUTION_FIELDS.map((field) => (
                <div key={field}>
                  <dt>{copy.attribution[field]}</dt>
                  <dd>{lead[field] ?? <None />}</dd>
                </div>
              ))}
            </dl>

            <h2 className="lead-card__subheading">{copy.mails.heading}</h2>
            {mails === 'failed' ? (
              <p className="lead-card__mail-error">{copy.mails.loadFailed}</p>
            ) : (
              <dl className="lead-card__facts lead-card__facts--compact">
                {mailKinds.map((kind) => {
                  const mail = mails === 'loading' ? undefined : mails.find((m) => m.kind === kind);
                  return (
                    <div key={kind}>
                      <dt>{copy.mails.kinds[kind]}</dt>
                      <dd className={mail ? `lead-mail lead-mail--${mail.status}` : 'lead-mail'}>
                        {mails === 'loading' ? (
                          <span aria-hidden="true">…</span>
                        ) : (
                          describeMail(mail)
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </div>
        </div>

        <form
          className="lead-card__edit"
          aria-labelledby="lead-pipeline"
          onSubmit={(event) => void save(event)}
        >
          <h2 id="lead-pipeline" className="lead-card__subheading lead-detail__form-heading">
            {detail.pipeline}
          </h2>
          <div className="admin-field lead-card__status-field">
            <label htmlFor="lead-status">{copy.edit.status}</label>
            <select
              id="lead-status"
              name="status"
              value={status}
              onChange={(event) => {
                if (isLeadStatus(event.target.value)) setStatus(event.target.value);
              }}
            >
              {leadStatuses.map((value) => (
                <option key={value} value={value}>
                  {copy.statuses[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field lead-card__status-field">
            <label htmlFor="lead-owner">{detail.owner}</label>
            <select
              id="lead-owner"
              name="owner"
              value={ownerId}
              aria-describedby="lead-owner-hint"
              disabled={!Array.isArray(owners)}
              onChange={(event) => setOwnerId(event.target.value)}
            >
              <option value="">{copy.list.unassigned}</option>
              {Array.isArray(owners) &&
                owners.map((choice) => (
                  <option key={choice.userId} value={choice.userId}>
                    {choice.email}
                  </option>
                ))}
              {/* A former administrator still named as owner stays chosen until changed. */}
              {Array.isArray(owners) &&
                lead.owner_id &&
                !owners.some((choice) => choice.userId === lead.owner_id) && (
                  <option value={lead.owner_id}>{copy.list.formerOwner}</option>
                )}
            </select>
            <p id="lead-owner-hint" className="admin-field__hint">
              {owners === 'failed' ? detail.ownersFailed : detail.ownerHint}
            </p>
          </div>
          <div className="admin-field lead-card__notes-field">
            <label htmlFor="lead-notes">{copy.edit.notes}</label>
            <textarea
              id="lead-notes"
              name="notes"
              rows={4}
              maxLength={10000}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          </div>
          <div className="lead-card__actions">
            <button
              type="submit"
              className="admin-button admin-button--primary"
              disabled={saving || deleting}
            >
              {saving ? copy.edit.saving : copy.edit.save}
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              aria-label={copy.deleteLabel(lead.name)}
              disabled={saving || deleting}
              onClick={() => void remove()}
            >
              {copy.delete}
            </button>
            {dirty && <p className="lead-detail__unsaved">{detail.unsaved}</p>}
            {/* Always in the page, so screen readers announce what is put in it. */}
            <p
              role="status"
              className={`lead-card__outcome${outcome ? ` lead-card__outcome--${outcome.tone}` : ''}`}
            >
              {outcome?.text}
            </p>
          </div>
        </form>

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
                  <p className="lead-timeline__what">{describeLeadEvent(event)}</p>
                  <p className="lead-timeline__when">
                    <time dateTime={event.createdAt}>{formatAdminDateTime(event.createdAt)}</time>{' '}
                    {event.authorEmail ? timeline.by(event.authorEmail) : timeline.system}
                  </p>
                  {event.kind === 'notes_changed' && event.notes !== null && (
                    <p className="lead-card__text lead-timeline__notes">{event.notes}</p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      </article>
    );
  }

  return (
    <AdminShell
      email={email}
      role={role}
      onSignOut={onSignOut}
      confirmSignOut={confirmLeave}
      newLeads={newLeads}
    >
      <section className="leads lead-page">
        <p className="lead-page__back">
          <Link to={adminPaths.leads}>
            <span aria-hidden="true">←</span> {detail.back}
          </Link>
        </p>
        {body}
      </section>
    </AdminShell>
  );
}
