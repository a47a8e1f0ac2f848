// The leads list at /admin/leads: the page that composes its parts — the filters
// (lead-filters.tsx), the table (leads-table.tsx), the pager (leads-pager.tsx), the CSV export
// (csv-export.tsx) and the GDPR data request (personal-data-export.tsx) — around what the
// address asks for (use-list-params.ts). Its loads go through useLoaded; one live region
// announces what the exports and a deletion did.
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  listLeadOwnerChoices,
  listLeads,
  LEADS_PAGE_SIZE,
  type LeadOwnerChoice,
} from '~/data/consultations';
import { listNextMeetings, type LeadMeeting } from '~/data/meetings';
import type { AppSupabaseClient } from '~/data/supabase';
import type { TeamRole } from '~/data/team';
import { LoadingStatus } from '~/ui/loading-status';
import { AdminShell } from '~/admin/admin-shell';
import { LoadFailed } from '~/admin/load-failed';
import { useLoaded } from '~/admin/use-loaded';
import { useNewLeadCount } from '~/admin/use-new-lead-count';
import { leadsCopy as copy } from './copy';
import { CsvExport, type LeadsFilter } from './csv-export';
import { LeadFilters } from './lead-filters';
import { LeadsPager } from './leads-pager';
import { LeadsTable } from './leads-table';
import { PersonalDataExport } from './personal-data-export';
import { useListParams } from './use-list-params';
import './leads.css';

type Announcement = { tone: 'success' | 'error'; text: string } | null;

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
  const { params, applyFilter, goToPage } = useListParams();
  const { status, search, owner, overdue, sort, ascending, page } = params;
  const filter: LeadsFilter = { status, search, owner, userId, overdue, sort, ascending };

  const { newLeads } = useNewLeadCount(client, role === 'admin');
  // Arriving from a lead's page that deleted it: say so here.
  const deletedName = (useLocation().state as { deleted?: unknown } | null)?.deleted;
  const [announcement, setAnnouncement] = useState<Announcement>(
    typeof deletedName === 'string' ? { tone: 'success', text: copy.deleted(deletedName) } : null,
  );
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Who may own leads; the list still works without them (owners then read "former owner").
  const owners = useLoaded<LeadOwnerChoice[] | null>(
    () =>
      listLeadOwnerChoices(client).catch((error: unknown) => {
        console.error('Could not load who may own leads:', error);
        return null;
      }),
    [client],
  ).value;

  const list = useLoaded(async () => {
    const now = new Date();
    const result = await listLeads(client, {
      ...filter,
      now,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    }).catch((error: unknown) => {
      console.error('Could not load the leads:', error);
      throw error;
    });
    // The next meeting of each lead shown (the booking's); the list stands without it.
    const meetings = await listNextMeetings(
      client,
      result.leads.map((lead) => lead.id),
      now,
    ).catch((error: unknown) => {
      console.error('Could not load the leads’ meetings:', error);
      return new Map<string, LeadMeeting>();
    });
    return { ...result, now, meetings };
  }, [client, userId, status, search, owner, overdue, sort, ascending, page, pageSize, attempt]);

  function announce(tone: 'success' | 'error' | null, text = '') {
    setAnnouncement(tone ? { tone, text } : null);
  }

  function ownerLabel(ownerId: string): string {
    if (ownerId === userId) return email;
    return owners?.find((choice) => choice.userId === ownerId)?.email ?? copy.list.formerOwner;
  }

  let body;
  if (list.error) {
    body = (
      <LoadFailed
        message={copy.loadFailed}
        retryLabel={copy.retry}
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  } else if (!list.value) {
    body = <LoadingStatus text={copy.loading} />;
  } else if (list.value.leads.length === 0) {
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
    const { leads, total, now, meetings } = list.value;
    const first = (page - 1) * pageSize + 1;
    body = (
      <>
        <p className="leads__summary">
          {copy.list.showing(first, first + leads.length - 1, total)}
        </p>
        <LeadsTable
          leads={leads}
          now={now}
          meetings={meetings}
          sort={sort}
          ascending={ascending}
          onSort={(column, nextAscending) => {
            setAnnouncement(null);
            applyFilter({ sort: column, ascending: nextAscending });
          }}
          ownerLabel={ownerLabel}
        />
        <LeadsPager
          page={page}
          pages={Math.max(1, Math.ceil(total / pageSize))}
          onPage={(next) => {
            goToPage(next);
            headingRef.current?.focus();
          }}
        />
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
          <LeadFilters
            params={params}
            onApply={(next) => {
              setAnnouncement(null);
              applyFilter(next);
            }}
          />
          <CsvExport client={client} filter={filter} announce={announce} />
        </div>

        <PersonalDataExport client={client} announce={announce} />

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
