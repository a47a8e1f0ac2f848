// One lead in the inbox: everything the visitor sent, where the visit came from, how its two
// mails were delivered, and the administrator's status and notes (saved on request) and delete.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LeadMail, LeadMailKind } from '~/data/consultation-mails';
import {
  deleteLead,
  isLeadStatus,
  leadStatuses,
  updateLead,
  type Lead,
  type LeadStatus,
} from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';
import { formatAdminDateTime } from '~/i18n/format';
import { ATTRIBUTION_FIELDS } from '~/visit/attribution';
import { adminCopy } from './copy';

const copy = adminCopy.leads;

/** The mails of a lead as the inbox has them: loaded, still loading, or not loadable. */
export type LeadMailsState = LeadMail[] | 'loading' | 'failed';

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
function None() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{copy.none}</span>
    </>
  );
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function LeadCard({
  client,
  lead,
  mails,
  onSaved,
  onDeleted,
  focusOnMount = false,
}: {
  client: AppSupabaseClient;
  lead: Lead;
  mails: LeadMailsState;
  onSaved: (lead: Lead) => void;
  onDeleted: (lead: Lead) => void;
  /** Take keyboard focus when shown (the first of the leads "Load more" brought). */
  focusOnMount?: boolean;
}) {
  const id = useId();
  const articleRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnMount) articleRef.current?.focus();
  }, [focusOnMount]);
  const [status, setStatus] = useState<LeadStatus>(isLeadStatus(lead.status) ? lead.status : 'new');
  const [notes, setNotes] = useState(lead.notes ?? '');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setOutcome(null);
    try {
      // Notes left blank are stored as none rather than as an empty text.
      const saved = await updateLead(client, lead.id, {
        status,
        notes: notes.trim() ? notes : null,
      });
      setOutcome({ tone: 'success', text: copy.edit.saved(lead.name) });
      onSaved(saved);
    } catch (error) {
      console.error(`Could not save the lead ${lead.id}:`, error);
      setOutcome({ tone: 'error', text: copy.edit.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!window.confirm(copy.confirmDelete(lead.name, lead.email))) return;
    setDeleting(true);
    setOutcome(null);
    try {
      await deleteLead(client, lead.id);
      onDeleted(lead);
    } catch (error) {
      console.error(`Could not delete the lead ${lead.id}:`, error);
      setOutcome({ tone: 'error', text: copy.deleteFailed });
      setDeleting(false);
    }
  }

  const nameId = `${id}-name`;
  const shownStatus = isLeadStatus(lead.status) ? lead.status : 'new';
  return (
    <article ref={articleRef} className="lead-card" aria-labelledby={nameId} tabIndex={-1}>
      <header className="lead-card__header">
        <h2 id={nameId} className="lead-card__name">
          {lead.name}
        </h2>
        <span className={`admin-badge lead-status lead-status--${shownStatus}`}>
          {copy.statuses[shownStatus]}
        </span>
        <span className="lead-card__received">
          {copy.fields.received}:{' '}
          <time dateTime={lead.received_at}>{formatAdminDateTime(lead.received_at)}</time>
        </span>
      </header>

      <div className="lead-card__body">
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
        </dl>

        <div className="lead-card__message">
          <h3 className="lead-card__subheading">{copy.fields.problems}</h3>
          <p className="lead-card__text">{lead.problems}</p>
          <h3 className="lead-card__subheading">{copy.fields.additionalInfo}</h3>
          <p className="lead-card__text">{lead.additional_info ?? <None />}</p>
        </div>

        <div className="lead-card__side">
          <h3 className="lead-card__subheading">{copy.attribution.heading}</h3>
          <dl className="lead-card__facts lead-card__facts--compact">
            {ATTRIBUTION_FIELDS.map((field) => (
              <div key={field}>
                <dt>{copy.attribution[field]}</dt>
                <dd>{lead[field] ?? <None />}</dd>
              </div>
            ))}
          </dl>

          <h3 className="lead-card__subheading">{copy.mails.heading}</h3>
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
                      {mails === 'loading' ? <span aria-hidden="true">…</span> : describeMail(mail)}
                    </dd>
                  </div>
                );
              })}
            </dl>
          )}
        </div>
      </div>

      <form className="lead-card__edit" onSubmit={(event) => void save(event)}>
        <div className="admin-field lead-card__status-field">
          <label htmlFor={`${id}-status`}>{copy.edit.status}</label>
          <select
            id={`${id}-status`}
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
        <div className="admin-field lead-card__notes-field">
          <label htmlFor={`${id}-notes`}>{copy.edit.notes}</label>
          <textarea
            id={`${id}-notes`}
            name="notes"
            rows={3}
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
          {/* Always in the page, so screen readers announce what is put in it. */}
          <p
            role="status"
            className={`lead-card__outcome${outcome ? ` lead-card__outcome--${outcome.tone}` : ''}`}
          >
            {outcome?.text}
          </p>
        </div>
      </form>
    </article>
  );
}
