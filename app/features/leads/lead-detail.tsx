// One lead's page at /admin/leads/{id}: the page that composes its parts — its name, status and
// age (lead-header.tsx), what the visitor sent and where the visit came from (lead-fields.tsx),
// how its mails were delivered (lead-mails.tsx), the edit form for status, owner and notes with
// delete (lead-edit-form.tsx), and the timeline the database writes with every change
// (lead-timeline.tsx). Every load goes through useLoaded; after a save the mails, meetings and
// history load again while the old ones stay on screen. Unsaved edits are asked about before
// they are left.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminPaths } from '~/config/paths';
import { listLeadMails } from '~/data/consultation-mails';
import {
  deleteLead,
  getLead,
  listLeadOwnerChoices,
  releaseLead,
  updateLead,
} from '~/data/consultations';
import { leadTimeline, listRecordedLeadEvents } from '~/data/lead-events';
import { listLeadMeetings } from '~/data/meetings';
import type { AppSupabaseClient } from '~/data/supabase';
import type { TeamRole } from '~/data/team';
import { LoadingStatus } from '~/ui/loading-status';
import { AdminShell } from '~/admin/admin-shell';
import { LoadFailed } from '~/admin/load-failed';
import { useLeavePrompt } from '~/admin/use-leave-prompt';
import { useLoaded, type Loaded } from '~/admin/use-loaded';
import { useNewLeadCount } from '~/admin/use-new-lead-count';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { leadsCopy as copy } from './copy';
import { editsOf, isDirty, LeadEditForm, type LeadEdits } from './lead-edit-form';
import { LeadAttribution, LeadContact, LeadRequest } from './lead-fields';
import { HeldLeadNotice } from './held-lead-notice';
import { LeadCall, type LoadCallTimes } from './lead-call';
import { LeadHeader } from './lead-header';
import { LeadMails } from './lead-mails';
import { LeadTimeline } from './lead-timeline';
import './leads.css';

const detail = copy.detail;

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** A load that logs why it failed before the page shows it. */
function logged<T>(what: string, load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      console.error(`Could not load ${what}:`, error);
      throw error;
    });
}

/** A part's state in three words: loading, failed, or what it loaded. */
function stateOf<T>(loaded: Loaded<T>): T | 'loading' | 'failed' {
  return loaded.error ? 'failed' : (loaded.value ?? 'loading');
}

export function LeadDetail({
  client,
  leadId,
  email,
  role,
  onSignOut,
  loadCallTimes,
}: {
  client: AppSupabaseClient;
  leadId: string;
  email: string;
  role: TeamRole;
  onSignOut: () => Promise<void>;
  /** The free times to move the lead's call to: the booking's, passed in by the route. */
  loadCallTimes: LoadCallTimes;
}) {
  const agencyZone = useAdminTimeZone();
  const [callNotice, setCallNotice] = useState<string | null>(null);
  const navigate = useNavigate();
  const { newLeads, refreshNewLeads } = useNewLeadCount(client, role === 'admin');
  const [attempt, setAttempt] = useState(0);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [edits, setEdits] = useState<{ leadId: string; values: LeadEdits } | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const loadedLead = useLoaded(
    logged(`the lead ${leadId}`, async () => ({ lead: await getLead(client, leadId) })),
    [client, leadId, attempt],
  );
  const owners = useLoaded(
    logged('who may own leads', () => listLeadOwnerChoices(client)),
    [client, attempt],
  );
  const lead = loadedLead.value?.lead ?? null;
  const foundId = lead?.id ?? null;
  const history = { keepWhileReloading: true };
  const mails = useLoaded(
    foundId ? logged('the lead’s mails', () => listLeadMails(client, [foundId])) : null,
    [client, foundId, historyVersion],
    history,
  );
  const meetings = useLoaded(
    foundId ? logged('the lead’s meetings', () => listLeadMeetings(client, foundId)) : null,
    [client, foundId, historyVersion],
    history,
  );
  const events = useLoaded(
    foundId ? logged('the lead’s history', () => listRecordedLeadEvents(client, foundId)) : null,
    [client, foundId, historyVersion],
    history,
  );

  const shown = lead ? (edits?.leadId === lead.id ? edits.values : editsOf(lead)) : null;
  const dirty = lead !== null && shown !== null && isDirty(lead, shown);
  const { confirmLeave, release } = useLeavePrompt({ dirty, message: detail.confirmLeave });

  async function save() {
    if (!lead || !shown) return;
    setSaving(true);
    setOutcome(null);
    try {
      // Notes left blank are stored as none rather than as an empty text.
      const saved = await updateLead(client, lead.id, {
        status: shown.status,
        notes: shown.notes.trim() ? shown.notes : null,
        owner_id: shown.ownerId || null,
      });
      loadedLead.setValue({ lead: saved });
      setEdits(null);
      setOutcome({ tone: 'success', text: copy.edit.saved(lead.name) });
      refreshNewLeads();
      setHistoryVersion((value) => value + 1);
    } catch (error) {
      console.error(`Could not save the lead ${lead.id}:`, error);
      setOutcome({ tone: 'error', text: copy.edit.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  async function releaseHeld() {
    if (!lead) return;
    setReleasing(true);
    setOutcome(null);
    try {
      loadedLead.setValue({ lead: await releaseLead(client, lead.id) });
      setOutcome({ tone: 'success', text: copy.held.released(lead.name) });
      setHistoryVersion((value) => value + 1);
    } catch (error) {
      console.error(`Could not release the lead ${lead.id}:`, error);
      setOutcome({ tone: 'error', text: copy.held.releaseFailed });
    } finally {
      setReleasing(false);
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
      : owners.value
        ? (owners.value.find((choice) => choice.userId === id)?.email ?? copy.list.formerOwner)
        : id;

  let body;
  if (loadedLead.error) {
    body = (
      <LoadFailed
        message={detail.loadFailed}
        retryLabel={copy.retry}
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  } else if (!loadedLead.value) {
    body = <LoadingStatus text={detail.loading} />;
  } else if (!lead || !shown) {
    body = (
      <div className="admin-empty">
        <h1 className="admin-empty__heading">{detail.notFoundHeading}</h1>
        <p>{detail.notFound}</p>
      </div>
    );
  } else {
    const mailState = stateOf(mails);
    const eventState = stateOf(events);
    // The receipt and queued mails come from the lead and the mails already loaded.
    const timeline =
      eventState === 'loading' || eventState === 'failed'
        ? eventState
        : leadTimeline(lead, Array.isArray(mailState) ? mailState : [], eventState);
    // The active meeting that has not ended (the booking's): the one the lead has coming.
    const nextMeeting = meetings.value?.find(
      (meeting) => meeting.status === 'active' && Date.parse(meeting.endsAt) >= Date.now(),
    );
    body = (
      <article className="lead-card lead-detail" aria-labelledby="lead-heading">
        <LeadHeader lead={lead} />
        {lead.held && (
          <HeldLeadNotice
            busy={saving || deleting || releasing}
            releasing={releasing}
            onRelease={() => void releaseHeld()}
          />
        )}

        <div className="lead-card__body">
          <LeadContact lead={lead} owner={ownerEmail(lead.owner_id)} nextMeeting={nextMeeting} />
          <LeadRequest lead={lead} />
          <div className="lead-card__side">
            <LeadAttribution lead={lead} />
            <LeadMails mails={mailState} />
          </div>
        </div>

        {nextMeeting && (
          <LeadCall
            key={`${nextMeeting.id}-${nextMeeting.sequence}`}
            client={client}
            meeting={nextMeeting}
            phone={lead.phone_number}
            agencyZone={agencyZone}
            loadTimes={loadCallTimes}
            onChanged={(message) => {
              setCallNotice(message);
              setHistoryVersion((value) => value + 1);
            }}
          />
        )}
        <div role="status" className="admin-live">
          {callNotice && <p className="admin-notice admin-notice--success">{callNotice}</p>}
        </div>

        <LeadEditForm
          lead={lead}
          edits={shown}
          onEdit={(next) => setEdits({ leadId: lead.id, values: { ...shown, ...next } })}
          owners={owners.value}
          ownersFailed={owners.error !== null}
          busy={saving || deleting || releasing}
          saving={saving}
          dirty={dirty}
          outcome={outcome}
          onSave={() => void save()}
          onDelete={() => void remove()}
        />

        <LeadTimeline history={timeline} />
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
