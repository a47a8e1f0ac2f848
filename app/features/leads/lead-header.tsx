// The top of a lead's page: the lead's name, its status badge (and "Held" for a lead kept past
// the form's limits), when it was received, and a warning when it has waited over 24 hours for
// contact.
import { isLeadOverdue, isLeadStatus, type Lead } from '~/data/consultations';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { leadsCopy as copy } from './copy';

export function LeadHeader({ lead }: { lead: Lead }) {
  const timeZone = useAdminTimeZone();
  const status = isLeadStatus(lead.status) ? lead.status : 'new';
  return (
    <header className="lead-card__header">
      <h1 id="lead-heading" tabIndex={-1} className="lead-card__name">
        {lead.name}
      </h1>
      <span className={`admin-badge lead-status lead-status--${status}`}>
        {copy.statuses[status]}
      </span>
      {lead.held && <span className="admin-badge lead-held">{copy.held.badge}</span>}
      <span className="lead-card__received">
        {copy.fields.received}:{' '}
        <time dateTime={lead.received_at}>{formatAdminDateTime(lead.received_at, timeZone)}</time>
      </span>
      {isLeadOverdue(lead, new Date()) && (
        <span className="lead-overdue">
          <span aria-hidden="true">⚠ </span>
          {copy.list.overdue}
        </span>
      )}
    </header>
  );
}
