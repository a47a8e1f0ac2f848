// The lead's edit form on its page: status, owner and notes, saved on request, and delete. The
// page holds the edits (so it can ask before unsaved changes are left) and does the saving.
import type { FormEvent } from 'react';
import {
  isLeadStatus,
  leadStatuses,
  type Lead,
  type LeadOwnerChoice,
  type LeadStatus,
} from '~/data/consultations';
import { leadsCopy as copy } from './copy';

const detail = copy.detail;

export interface LeadEdits {
  status: LeadStatus;
  notes: string;
  ownerId: string;
}

/** The form's values for a lead as stored. */
export function editsOf(lead: Lead): LeadEdits {
  return {
    status: isLeadStatus(lead.status) ? lead.status : 'new',
    notes: lead.notes ?? '',
    ownerId: lead.owner_id ?? '',
  };
}

export function isDirty(lead: Lead, edits: LeadEdits): boolean {
  return (
    edits.status !== lead.status ||
    edits.notes !== (lead.notes ?? '') ||
    edits.ownerId !== (lead.owner_id ?? '')
  );
}

export function LeadEditForm({
  lead,
  edits,
  onEdit,
  owners,
  ownersFailed,
  busy,
  saving,
  dirty,
  outcome,
  onSave,
  onDelete,
}: {
  lead: Lead;
  edits: LeadEdits;
  onEdit: (next: Partial<LeadEdits>) => void;
  /** Who may own leads, or null until known. */
  owners: LeadOwnerChoice[] | null;
  ownersFailed: boolean;
  /** Saving or deleting: both buttons wait. */
  busy: boolean;
  saving: boolean;
  dirty: boolean;
  outcome: { tone: 'success' | 'error'; text: string } | null;
  onSave: () => void;
  onDelete: () => void;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave();
  }
  return (
    <form className="lead-card__edit" aria-labelledby="lead-pipeline" onSubmit={submit}>
      <h2 id="lead-pipeline" className="lead-card__subheading lead-detail__form-heading">
        {detail.pipeline}
      </h2>
      <div className="admin-field lead-card__status-field">
        <label htmlFor="lead-status">{copy.edit.status}</label>
        <select
          id="lead-status"
          name="status"
          value={edits.status}
          onChange={(event) => {
            if (isLeadStatus(event.target.value)) onEdit({ status: event.target.value });
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
          value={edits.ownerId}
          aria-describedby="lead-owner-hint"
          disabled={!owners}
          onChange={(event) => onEdit({ ownerId: event.target.value })}
        >
          <option value="">{copy.list.unassigned}</option>
          {owners?.map((choice) => (
            <option key={choice.userId} value={choice.userId}>
              {choice.email}
            </option>
          ))}
          {/* A former administrator still named as owner stays chosen until changed. */}
          {owners && lead.owner_id && !owners.some((choice) => choice.userId === lead.owner_id) && (
            <option value={lead.owner_id}>{copy.list.formerOwner}</option>
          )}
        </select>
        <p id="lead-owner-hint" className="admin-field__hint">
          {ownersFailed ? detail.ownersFailed : detail.ownerHint}
        </p>
      </div>
      <div className="admin-field lead-card__notes-field">
        <label htmlFor="lead-notes">{copy.edit.notes}</label>
        <textarea
          id="lead-notes"
          name="notes"
          rows={4}
          maxLength={10000}
          value={edits.notes}
          onChange={(event) => onEdit({ notes: event.target.value })}
        />
      </div>
      <div className="lead-card__actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {saving ? copy.edit.saving : copy.edit.save}
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          aria-label={copy.deleteLabel(lead.name)}
          disabled={busy}
          onClick={onDelete}
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
  );
}
