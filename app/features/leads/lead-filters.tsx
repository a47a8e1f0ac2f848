// The leads list's filters: status, owner, a search over name, company, e-mail and phone, and
// "waiting over 24 hours". Each change applies at once (the search on submit).
import type { FormEvent } from 'react';
import { isLeadStatus, leadStatuses } from '~/data/consultations';
import { leadsCopy as copy } from './copy';
import type { ListParams } from './use-list-params';

export function LeadFilters({
  params,
  onApply,
}: {
  params: ListParams;
  onApply: (next: Partial<ListParams>) => void;
}) {
  const { status, owner, search, overdue } = params;

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ search: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  }

  return (
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
            onApply({ status: isLeadStatus(value) ? value : null });
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
            onApply({ owner: value === 'mine' || value === 'unassigned' ? value : null });
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
            onClick={() => onApply({ search: '' })}
          >
            {copy.filters.clear}
          </button>
        )}
      </div>
      <label className="leads__overdue-filter">
        <input
          type="checkbox"
          checked={overdue}
          onChange={(event) => onApply({ overdue: event.target.checked })}
        />{' '}
        {copy.filters.overdue}
      </label>
    </form>
  );
}
