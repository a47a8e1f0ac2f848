// The leads inbox at /admin/leads (issue 7): every consultation request, newest first, with its
// attribution and the delivery state of its two mails; status and notes per lead; a filter by
// status and a search, kept in the URL (?status=…&q=…) so a reload or Back keeps them; a CSV of
// the filtered list; and a GDPR data request (one address's leads as JSON) and delete.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { listLeadMails, type LeadMail } from '~/data/consultation-mails';
import {
  isLeadStatus,
  leadStatuses,
  listLeads,
  listLeadsByEmail,
  LEADS_PAGE_SIZE,
  type Lead,
  type LeadStatus,
} from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import type { TeamRole } from '~/data/team';
import { AdminShell } from './admin-shell';
import { adminCopy } from './copy';
import { downloadFile } from './download-file';
import { LeadCard, type LeadMailsState } from './lead-card';
import {
  leadsCsvFileName,
  leadsToCsv,
  personalDataExport,
  personalDataFileName,
} from './lead-exports';
import { useNewLeadCount } from './use-new-lead-count';

const copy = adminCopy.leads;

/** Rows per request while exporting: PostgREST's usual max-rows cap on hosted Supabase. */
const EXPORT_PAGE_SIZE = 1000;

type ListState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; leads: Lead[]; total: number };

type Announcement = { tone: 'success' | 'error'; text: string } | null;

/** The leads of the second list that the first does not hold yet (rows shift while paging). */
function appendNew(leads: readonly Lead[], more: readonly Lead[]): Lead[] {
  const seen = new Set(leads.map((lead) => lead.id));
  return [...leads, ...more.filter((lead) => !seen.has(lead.id))];
}

function groupMails(ids: readonly string[], mails: readonly LeadMail[]) {
  const grouped: Record<string, LeadMail[]> = Object.fromEntries(ids.map((id) => [id, []]));
  for (const mail of mails) grouped[mail.consultation_id]?.push(mail);
  return grouped;
}

export function LeadsInbox({
  client,
  email,
  role,
  onSignOut,
}: {
  client: AppSupabaseClient;
  email: string;
  /** The signed-in user's role on the team: an editor sees no leads. */
  role: TeamRole;
  /** Ends the session and leaves for the home page. */
  onSignOut: () => Promise<void>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status: LeadStatus | null = isLeadStatus(statusParam) ? statusParam : null;
  const search = searchParams.get('q')?.trim() ?? '';

  const { newLeads, refreshNewLeads } = useNewLeadCount(client, role === 'admin');
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [mails, setMails] = useState<Record<string, LeadMailsState>>({});
  const [loadingMore, setLoadingMore] = useState(false);
  const [exportingCsv, setExportingCsv] = useState(false);
  const [exportingData, setExportingData] = useState(false);
  const [announcement, setAnnouncement] = useState<Announcement>(null);
  const [attempt, setAttempt] = useState(0);
  /** The lead that takes focus once shown: the first that "Load more" brought. */
  const [focusLeadId, setFocusLeadId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Bumped by every new list load: answers to an older one are dropped. */
  const generation = useRef(0);

  const loadMails = useCallback(
    async (ids: string[], ticket: number) => {
      if (ids.length === 0) return;
      setMails((current) => ({
        ...current,
        ...Object.fromEntries(ids.map((id) => [id, 'loading' as const])),
      }));
      let next: Record<string, LeadMailsState>;
      try {
        next = groupMails(ids, await listLeadMails(client, ids));
      } catch (error) {
        // The leads are still worth showing; their cards say the delivery state is unknown.
        console.error('Could not load the leads’ mails:', error);
        next = Object.fromEntries(ids.map((id) => [id, 'failed' as const]));
      }
      if (ticket === generation.current) setMails((current) => ({ ...current, ...next }));
    },
    [client],
  );

  useEffect(() => {
    const ticket = ++generation.current;
    setList({ kind: 'loading' });
    setMails({});
    setFocusLeadId(null);
    listLeads(client, { status, search, offset: 0, limit: LEADS_PAGE_SIZE }).then(
      (page) => {
        if (ticket !== generation.current) return;
        setList({ kind: 'ready', leads: page.leads, total: page.total });
        void loadMails(
          page.leads.map((lead) => lead.id),
          ticket,
        );
      },
      (error: unknown) => {
        if (ticket !== generation.current) return;
        console.error('Could not load the leads:', error);
        setList({ kind: 'failed' });
      },
    );
  }, [client, status, search, attempt, loadMails]);

  function announce(tone: 'success' | 'error', text: string) {
    setAnnouncement({ tone, text });
  }

  function applyFilter(next: { status?: LeadStatus | null; search?: string }) {
    const params = new URLSearchParams();
    const nextStatus = next.status === undefined ? status : next.status;
    const nextSearch = (next.search === undefined ? search : next.search).trim();
    if (nextStatus) params.set('status', nextStatus);
    if (nextSearch) params.set('q', nextSearch);
    setAnnouncement(null);
    setSearchParams(params);
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applyFilter({ search: String(new FormData(event.currentTarget).get('q') ?? '') });
  }

  async function loadMore() {
    if (list.kind !== 'ready') return;
    const ticket = generation.current;
    setLoadingMore(true);
    try {
      const page = await listLeads(client, {
        status,
        search,
        offset: list.leads.length,
        limit: LEADS_PAGE_SIZE,
      });
      if (ticket !== generation.current) return;
      const known = new Set(list.leads.map((lead) => lead.id));
      // The button may be gone with the last page: keyboard focus moves on to the new leads.
      setFocusLeadId(page.leads.find((lead) => !known.has(lead.id))?.id ?? null);
      setList((current) =>
        current.kind === 'ready'
          ? { kind: 'ready', leads: appendNew(current.leads, page.leads), total: page.total }
          : current,
      );
      void loadMails(
        page.leads.map((lead) => lead.id),
        ticket,
      );
    } catch (error) {
      console.error('Could not load more leads:', error);
      announce('error', copy.loadMoreFailed);
    } finally {
      setLoadingMore(false);
    }
  }

  function saved(lead: Lead) {
    setList((current) =>
      current.kind === 'ready'
        ? { ...current, leads: current.leads.map((other) => (other.id === lead.id ? lead : other)) }
        : current,
    );
    refreshNewLeads();
  }

  function deleted(lead: Lead) {
    setList((current) =>
      current.kind === 'ready'
        ? {
            kind: 'ready',
            leads: current.leads.filter((other) => other.id !== lead.id),
            total: Math.max(0, current.total - 1),
          }
        : current,
    );
    refreshNewLeads();
    announce('success', copy.deleted(lead.name));
    // The card and its focused button are gone: keyboard focus resumes at the top of the inbox.
    headingRef.current?.focus();
  }

  async function exportCsv() {
    setExportingCsv(true);
    setAnnouncement(null);
    try {
      let leads: Lead[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
        const page = await listLeads(client, { status, search, offset, limit: EXPORT_PAGE_SIZE });
        leads = appendNew(leads, page.leads);
        if (page.leads.length < EXPORT_PAGE_SIZE) break;
      }
      const fileName = leadsCsvFileName(new Date());
      downloadFile(fileName, leadsToCsv(leads), 'text/csv;charset=utf-8');
      announce('success', copy.csv.done(leads.length, fileName));
    } catch (error) {
      console.error('Could not export the leads:', error);
      announce('error', copy.csv.failed);
    } finally {
      setExportingCsv(false);
    }
  }

  async function exportPersonalData(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!address) {
      announce('error', copy.gdpr.invalid);
      return;
    }
    setExportingData(true);
    setAnnouncement(null);
    try {
      const leads = await listLeadsByEmail(client, address);
      if (leads.length === 0) {
        announce('success', copy.gdpr.none(address));
        return;
      }
      const leadMails = await listLeadMails(
        client,
        leads.map((lead) => lead.id),
      );
      const now = new Date();
      const fileName = personalDataFileName(address, now);
      const data = personalDataExport(address, leads, leadMails, now);
      downloadFile(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      announce('success', copy.gdpr.done(leads.length, fileName));
    } catch (error) {
      console.error('Could not export the data of one address:', error);
      announce('error', copy.gdpr.failed);
    } finally {
      setExportingData(false);
    }
  }

  let body;
  if (list.kind === 'loading') {
    body = <LoadingStatus text={copy.loading} />;
  } else if (list.kind === 'failed') {
    body = (
      <div className="admin-empty">
        <p className="admin-empty__heading" role="alert">
          {copy.loadFailed}
        </p>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => setAttempt((value) => value + 1)}
        >
          {copy.retry}
        </button>
      </div>
    );
  } else if (list.leads.length === 0) {
    const filtered = status !== null || search !== '';
    body = (
      <div className="admin-empty">
        <p className="admin-empty__heading">
          {filtered ? copy.noMatchesHeading : copy.emptyHeading}
        </p>
        <p>{filtered ? copy.noMatchesText : copy.emptyText}</p>
      </div>
    );
  } else {
    body = (
      <>
        <p className="leads__summary">{copy.showing(list.leads.length, list.total)}</p>
        <ul className="leads__list">
          {list.leads.map((lead) => (
            <li key={lead.id}>
              <LeadCard
                client={client}
                lead={lead}
                mails={mails[lead.id] ?? 'loading'}
                onSaved={saved}
                onDeleted={deleted}
                focusOnMount={lead.id === focusLeadId}
              />
            </li>
          ))}
        </ul>
        {list.leads.length < list.total && (
          <div className="leads__more">
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => void loadMore()}
              disabled={loadingMore}
            >
              {loadingMore ? copy.loadingMore : copy.loadMore}
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <AdminShell email={email} role={role} onSignOut={onSignOut} newLeads={newLeads}>
      <section aria-labelledby="leads-heading" className="leads">
        <div className="admin__heading-row">
          <h1 id="leads-heading" ref={headingRef} tabIndex={-1}>
            {copy.heading}
          </h1>
          {newLeads !== null && <p className="leads__new-count">{copy.newCount(newLeads)}</p>}
        </div>

        <div className="leads__toolbar">
          <form
            className="leads__filters"
            role="search"
            aria-label={copy.filters.label}
            onSubmit={submitSearch}
          >
            <div className="admin-field">
              <label htmlFor="leads-status-filter">{copy.filters.status}</label>
              <select
                id="leads-status-filter"
                value={status ?? ''}
                onChange={(event) => {
                  const value = event.target.value;
                  applyFilter({ status: isLeadStatus(value) ? value : null });
                }}
              >
                <option value="">{copy.filters.allStatuses}</option>
                {leadStatuses.map((value) => (
                  <option key={value} value={value}>
                    {copy.statuses[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-field leads__search-field">
              <label htmlFor="leads-search">{copy.filters.search}</label>
              {/* Keyed by the applied search, so Back and Clear show what the list is filtered by. */}
              <input
                key={search}
                id="leads-search"
                name="q"
                type="search"
                defaultValue={search}
                maxLength={200}
              />
            </div>
            <div className="leads__filter-actions">
              <button type="submit" className="admin-button admin-button--secondary">
                {copy.filters.searchButton}
              </button>
              {search && (
                <button
                  type="button"
                  className="admin-button admin-button--secondary"
                  onClick={() => applyFilter({ search: '' })}
                >
                  {copy.filters.clear}
                </button>
              )}
            </div>
          </form>
          <div className="leads__export">
            <button
              type="button"
              className="admin-button admin-button--primary"
              aria-describedby="leads-csv-hint"
              onClick={() => void exportCsv()}
              disabled={exportingCsv}
            >
              {exportingCsv ? copy.csv.busy : copy.csv.button}
            </button>
            <p id="leads-csv-hint" className="admin-field__hint">
              {copy.csv.hint}
            </p>
          </div>
        </div>

        <details className="leads__gdpr">
          <summary>{copy.gdpr.heading}</summary>
          <form className="leads__gdpr-form" onSubmit={(event) => void exportPersonalData(event)}>
            <p id="leads-gdpr-text" className="admin-field__hint">
              {copy.gdpr.text}
            </p>
            <div className="admin-field">
              <label htmlFor="leads-gdpr-email">{copy.gdpr.email}</label>
              <input
                id="leads-gdpr-email"
                name="email"
                type="email"
                autoComplete="off"
                required
                aria-describedby="leads-gdpr-text"
              />
            </div>
            <div>
              <button
                type="submit"
                className="admin-button admin-button--secondary"
                disabled={exportingData}
              >
                {exportingData ? copy.gdpr.busy : copy.gdpr.button}
              </button>
            </div>
          </form>
        </details>

        {/* Always in the page, so screen readers announce what is put in it. */}
        <p
          role="status"
          className={`leads__announcement${announcement ? ` leads__announcement--${announcement.tone}` : ''}`}
        >
          {announcement?.text}
        </p>

        {body}
      </section>
    </AdminShell>
  );
}
