// The leads list at /admin/leads: one compact row per lead (name, company,
// source, status, owner, received, next meeting), each leading to the lead's own page; sortable
// by its columns, filtered by status, owner and "waiting over 24 hours", searched, and paged, all
// kept in the URL (?status=…&owner=…&overdue=1&q=…&sort=…&dir=…&page=…) so a reload or Back
// keeps them. A lead still new 24 hours after it came is marked in words, not colour alone. The
// CSV of the filtered list (standard, or for Swedish Excel), and a GDPR data request.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { adminPaths } from '~/config/paths';
import { listLeadMails } from '~/data/consultation-mails';
import { listNextMeetings, type LeadMeeting } from '~/data/meetings';
import {
  isLeadOverdue,
  isLeadSortKey,
  isLeadStatus,
  leadStatuses,
  listLeadOwnerChoices,
  listLeads,
  listLeadsByEmail,
  LEADS_PAGE_SIZE,
  type Lead,
  type LeadOwnerChoice,
  type LeadOwnerFilter,
  type LeadSortKey,
} from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';
import type { TeamRole } from '~/data/team';
import { formatAdminDateTime, formatAgencyDateTime } from '~/i18n/format';
import { LoadingStatus } from '~/ui/loading-status';
import { AdminShell } from '~/admin/admin-shell';
import { downloadFile } from '~/admin/download-file';
import {
  leadsCsvFileName,
  leadsToCsv,
  personalDataExport,
  personalDataFileName,
  type LeadsCsvFormat,
} from './lead-exports';
import { LoadFailed } from '~/admin/load-failed';
import { leadsCopy as copy } from './copy';
import { useNewLeadCount } from '~/admin/use-new-lead-count';
import './leads.css';

const listCopy = copy.list;

/** Rows per request while exporting: PostgREST's usual max-rows cap on hosted Supabase. */
const EXPORT_PAGE_SIZE = 1000;

type ListState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | {
      kind: 'ready';
      leads: Lead[];
      total: number;
      now: Date;
      /** Each listed lead's next meeting, by lead id. */
      meetings: Map<string, LeadMeeting>;
    };

type Announcement = { tone: 'success' | 'error'; text: string } | null;

type OwnerParam = 'mine' | 'unassigned' | null;

/** What the address asks for; anything unknown in it reads as the default. */
function readListParams(params: URLSearchParams) {
  const statusParam = params.get('status');
  const ownerParam = params.get('owner');
  const sortParam = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    status: isLeadStatus(statusParam) ? statusParam : null,
    search: params.get('q')?.trim() ?? '',
    owner: (ownerParam === 'mine' || ownerParam === 'unassigned' ? ownerParam : null) as OwnerParam,
    overdue: params.get('overdue') === '1',
    sort: (isLeadSortKey(sortParam) ? sortParam : 'received_at') as LeadSortKey,
    ascending: params.get('dir') === 'asc',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

type ListParams = ReturnType<typeof readListParams>;

function writeListParams(next: ListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (next.status) params.set('status', next.status);
  if (next.owner) params.set('owner', next.owner);
  if (next.overdue) params.set('overdue', '1');
  if (next.search) params.set('q', next.search);
  if (next.sort !== 'received_at') params.set('sort', next.sort);
  if (next.ascending) params.set('dir', 'asc');
  if (next.page > 1) params.set('page', String(next.page));
  return params;
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

export function LeadsList({
  client,
  userId,
  email,
  role,
  onSignOut,
  pageSize = LEADS_PAGE_SIZE,
}: {
  client: AppSupabaseClient;
  /** The signed-in user: "Mine" is their leads. */
  userId: string;
  email: string;
  /** The signed-in user's role on the team: an editor sees no leads. */
  role: TeamRole;
  /** Ends the session and leaves for the home page. */
  onSignOut: () => Promise<void>;
  /** Leads per page (tests make it small). */
  pageSize?: number;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const { status, search, owner, overdue, sort, ascending, page } = params;

  const { newLeads } = useNewLeadCount(client, role === 'admin');
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [owners, setOwners] = useState<LeadOwnerChoice[] | null>(null);
  const [exporting, setExporting] = useState<LeadsCsvFormat | null>(null);
  const [exportingData, setExportingData] = useState(false);
  // Arriving from a lead's page that deleted it: say so here.
  const deletedName = (useLocation().state as { deleted?: unknown } | null)?.deleted;
  const [announcement, setAnnouncement] = useState<Announcement>(
    typeof deletedName === 'string' ? { tone: 'success', text: copy.deleted(deletedName) } : null,
  );
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const ownerFilter: LeadOwnerFilter | null = owner;

  useEffect(() => {
    let current = true;
    listLeadOwnerChoices(client).then(
      (choices) => current && setOwners(choices),
      (error: unknown) => {
        // The list still works: owners then show as their ids' absence (former administrator).
        console.error('Could not load who may own leads:', error);
      },
    );
    return () => {
      current = false;
    };
  }, [client]);

  useEffect(() => {
    let current = true;
    setList({ kind: 'loading' });
    const now = new Date();
    listLeads(client, {
      status,
      search,
      owner: ownerFilter,
      userId,
      overdue,
      sort,
      ascending,
      now,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    }).then(
      async (result) => {
        // The next meeting of each lead shown (the booking's); the list stands without it.
        const meetings = await listNextMeetings(
          client,
          result.leads.map((lead) => lead.id),
          now,
        ).catch((error: unknown) => {
          console.error('Could not load the leads’ meetings:', error);
          return new Map<string, LeadMeeting>();
        });
        if (current)
          setList({ kind: 'ready', leads: result.leads, total: result.total, now, meetings });
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Could not load the leads:', error);
        setList({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [
    client,
    userId,
    status,
    search,
    ownerFilter,
    overdue,
    sort,
    ascending,
    page,
    pageSize,
    attempt,
  ]);

  function announce(tone: 'success' | 'error', text: string) {
    setAnnouncement({ tone, text });
  }

  /** A new filter, search or sort starts again at page 1. */
  function applyFilter(next: Partial<ListParams>) {
    setAnnouncement(null);
    setSearchParams(writeListParams({ ...params, page: 1, ...next }));
  }

  function goToPage(next: number) {
    setSearchParams(writeListParams({ ...params, page: next }));
    headingRef.current?.focus();
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applyFilter({ search: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  }

  function ownerLabel(ownerId: string | null): string {
    if (!ownerId) return listCopy.unassigned;
    if (ownerId === userId) return email;
    return owners?.find((choice) => choice.userId === ownerId)?.email ?? listCopy.formerOwner;
  }

  async function exportCsv(format: LeadsCsvFormat) {
    setExporting(format);
    setAnnouncement(null);
    try {
      const seen = new Set<string>();
      const leads: Lead[] = [];
      const now = new Date();
      for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
        const result = await listLeads(client, {
          status,
          search,
          owner: ownerFilter,
          userId,
          overdue,
          sort,
          ascending,
          now,
          offset,
          limit: EXPORT_PAGE_SIZE,
        });
        for (const lead of result.leads) {
          if (!seen.has(lead.id)) leads.push(lead);
          seen.add(lead.id);
        }
        if (result.leads.length < EXPORT_PAGE_SIZE) break;
      }
      const fileName = leadsCsvFileName(now, format);
      downloadFile(fileName, leadsToCsv(leads, format), 'text/csv;charset=utf-8');
      announce('success', copy.csv.done(leads.length, fileName));
    } catch (error) {
      console.error('Could not export the leads:', error);
      announce('error', copy.csv.failed);
    } finally {
      setExporting(null);
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

  function sortableHeader(column: LeadSortKey) {
    const label = listCopy.columns[column];
    const active = sort === column;
    // A column sorts newest or Z first on its first click (received_at) or A first (the others).
    const nextAscending = active ? !ascending : column !== 'received_at';
    return (
      <th
        key={column}
        scope="col"
        aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}
        className="leads-table__sortable"
      >
        {/* The button is named by its column, as the header is; aria-sort says the order, and
            the description what a press does. */}
        <button
          type="button"
          className="leads-table__sort"
          aria-describedby={`sort-hint-${column}`}
          onClick={() => applyFilter({ sort: column, ascending: nextAscending })}
        >
          {label}
          <span aria-hidden="true" className="leads-table__sort-mark">
            {active ? (ascending ? ' ▲' : ' ▼') : ' ↕'}
          </span>
        </button>
        <span id={`sort-hint-${column}`} hidden>
          {listCopy.sortBy(label, nextAscending)}
        </span>
      </th>
    );
  }

  let body;
  if (list.kind === 'loading') {
    body = <LoadingStatus text={copy.loading} />;
  } else if (list.kind === 'failed') {
    body = (
      <LoadFailed
        message={copy.loadFailed}
        retryLabel={copy.retry}
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  } else if (list.leads.length === 0) {
    const filtered = status !== null || search !== '' || owner !== null || overdue || page > 1;
    body = (
      <div className="admin-empty">
        <p className="admin-empty__heading">
          {filtered ? copy.noMatchesHeading : copy.emptyHeading}
        </p>
        <p>{filtered ? copy.noMatchesText : copy.emptyText}</p>
      </div>
    );
  } else {
    const pages = Math.max(1, Math.ceil(list.total / pageSize));
    const first = (page - 1) * pageSize + 1;
    body = (
      <>
        <p className="leads__summary">
          {listCopy.showing(first, first + list.leads.length - 1, list.total)}
        </p>
        <div className="leads-table__scroller">
          <table className="leads-table">
            <caption className="sr-only">{listCopy.caption}</caption>
            <thead>
              <tr>
                {sortableHeader('name')}
                {sortableHeader('company_name')}
                {sortableHeader('source')}
                {sortableHeader('status')}
                <th scope="col">{listCopy.columns.owner}</th>
                {sortableHeader('received_at')}
                <th scope="col">{listCopy.columns.nextMeeting}</th>
              </tr>
            </thead>
            <tbody>
              {list.leads.map((lead) => {
                const shownStatus = isLeadStatus(lead.status) ? lead.status : 'new';
                const late = isLeadOverdue(lead, list.now);
                const meeting = list.meetings.get(lead.id);
                return (
                  <tr key={lead.id} className={late ? 'leads-table__row--overdue' : undefined}>
                    <th scope="row" data-label={listCopy.columns.name}>
                      <Link to={adminPaths.lead(lead.id)} className="leads-table__name">
                        {lead.name}
                      </Link>
                    </th>
                    <td data-label={listCopy.columns.company_name}>{lead.company_name}</td>
                    <td data-label={listCopy.columns.source}>{lead.source}</td>
                    <td data-label={listCopy.columns.status}>
                      <span className={`admin-badge lead-status lead-status--${shownStatus}`}>
                        {copy.statuses[shownStatus]}
                      </span>
                    </td>
                    <td data-label={listCopy.columns.owner}>
                      {lead.owner_id ? (
                        ownerLabel(lead.owner_id)
                      ) : (
                        <span className="leads-table__muted">{listCopy.unassigned}</span>
                      )}
                    </td>
                    <td data-label={listCopy.columns.received_at}>
                      <time dateTime={lead.received_at}>
                        {formatAdminDateTime(lead.received_at)}
                      </time>
                      {late && (
                        <span className="lead-overdue">
                          <span aria-hidden="true">⚠ </span>
                          {listCopy.overdue}
                        </span>
                      )}
                    </td>
                    <td data-label={listCopy.columns.nextMeeting}>
                      {meeting ? (
                        <time dateTime={meeting.startsAt}>
                          {formatAgencyDateTime(meeting.startsAt)}
                        </time>
                      ) : (
                        <None label={listCopy.noMeeting} />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {pages > 1 && (
          <nav className="leads__pages" aria-label={listCopy.pagination}>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={page <= 1}
              onClick={() => goToPage(page - 1)}
            >
              {listCopy.previous}
            </button>
            <span className="leads__page">{listCopy.page(Math.min(page, pages), pages)}</span>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={page >= pages}
              onClick={() => goToPage(page + 1)}
            >
              {listCopy.next}
            </button>
          </nav>
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
            <div className="admin-field">
              <label htmlFor="leads-owner-filter">{copy.filters.owner}</label>
              <select
                id="leads-owner-filter"
                value={owner ?? ''}
                onChange={(event) => {
                  const value = event.target.value;
                  applyFilter({
                    owner: value === 'mine' || value === 'unassigned' ? value : null,
                  });
                }}
              >
                <option value="">{copy.filters.anyOwner}</option>
                <option value="mine">{copy.filters.mine}</option>
                <option value="unassigned">{copy.filters.unassigned}</option>
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
            <label className="leads__overdue-filter">
              <input
                type="checkbox"
                checked={overdue}
                onChange={(event) => applyFilter({ overdue: event.target.checked })}
              />{' '}
              {copy.filters.overdue}
            </label>
          </form>
          <div className="leads__export">
            <button
              type="button"
              className="admin-button admin-button--primary"
              aria-describedby="leads-csv-hint"
              onClick={() => void exportCsv('standard')}
              disabled={exporting !== null}
            >
              {exporting === 'standard' ? copy.csv.busy : copy.csv.button}
            </button>
            <p id="leads-csv-hint" className="admin-field__hint">
              {copy.csv.hint}
            </p>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              aria-describedby="leads-csv-excel-hint"
              onClick={() => void exportCsv('excel-sv')}
              disabled={exporting !== null}
            >
              {exporting === 'excel-sv' ? copy.csv.busy : copy.csv.excelButton}
            </button>
            <p id="leads-csv-excel-hint" className="admin-field__hint">
              {copy.csv.excelHint}
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
