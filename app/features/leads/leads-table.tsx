// The leads list's table: one compact row per lead (name, company, source, status, owner,
// received, next meeting), the name leading to the lead's own page; sortable by its columns. A
// lead still new 24 hours after it came is marked in words, not colour alone, and so is a lead
// held past the form's limits.
import { Link } from 'react-router';
import { adminPaths } from '~/config/paths';
import { isLeadOverdue, isLeadStatus, type Lead, type LeadSortKey } from '~/data/consultations';
import type { LeadMeeting } from '~/data/meetings';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { leadsCopy as copy } from './copy';
import { None } from './none';

const listCopy = copy.list;

function SortableHeader({
  column,
  sort,
  ascending,
  onSort,
}: {
  column: LeadSortKey;
  sort: LeadSortKey;
  ascending: boolean;
  onSort: (column: LeadSortKey, ascending: boolean) => void;
}) {
  const label = listCopy.columns[column];
  const active = sort === column;
  // A column sorts newest or Z first on its first click (received_at) or A first (the others).
  const nextAscending = active ? !ascending : column !== 'received_at';
  return (
    <th
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
        onClick={() => onSort(column, nextAscending)}
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

export function LeadsTable({
  leads,
  now,
  meetings,
  sort,
  ascending,
  onSort,
  ownerLabel,
}: {
  leads: Lead[];
  now: Date;
  /** Each listed lead's next meeting, by lead id. */
  meetings: Map<string, LeadMeeting>;
  sort: LeadSortKey;
  ascending: boolean;
  onSort: (column: LeadSortKey, ascending: boolean) => void;
  ownerLabel: (ownerId: string) => string;
}) {
  const timeZone = useAdminTimeZone();
  const header = (column: LeadSortKey) => (
    <SortableHeader column={column} sort={sort} ascending={ascending} onSort={onSort} />
  );
  return (
    <div className="leads-table__scroller">
      <table className="leads-table">
        <caption className="sr-only">{listCopy.caption}</caption>
        <thead>
          <tr>
            {header('name')}
            {header('company_name')}
            {header('source')}
            {header('status')}
            <th scope="col">{listCopy.columns.owner}</th>
            {header('received_at')}
            <th scope="col">{listCopy.columns.nextMeeting}</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => {
            const shownStatus = isLeadStatus(lead.status) ? lead.status : 'new';
            const late = isLeadOverdue(lead, now);
            const meeting = meetings.get(lead.id);
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
                  {lead.held && (
                    <>
                      {' '}
                      <span className="admin-badge lead-held">{copy.held.badge}</span>
                    </>
                  )}
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
                    {formatAdminDateTime(lead.received_at, timeZone)}
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
                      {formatAdminDateTime(meeting.startsAt, timeZone)}
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
  );
}
