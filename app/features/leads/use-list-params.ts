// What the leads list shows, kept in the address (?status=…&owner=…&overdue=1&q=…&sort=…&dir=…
// &page=…) so a reload or Back keeps it: read with defaults for anything unknown, and written
// back in one canonical order, a new filter, search or sort starting again at page 1.
import { useSearchParams } from 'react-router';
import { isLeadSortKey, isLeadStatus, type LeadSortKey } from '~/data/consultations';

export type OwnerParam = 'mine' | 'unassigned' | null;

/** What the address asks for; anything unknown in it reads as the default. */
export function readListParams(params: URLSearchParams) {
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

export type ListParams = ReturnType<typeof readListParams>;

export function writeListParams(next: ListParams): URLSearchParams {
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

/** The list's parameters from the address, a filter change (back to page 1) and a page change. */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  return {
    params,
    applyFilter: (next: Partial<ListParams>) =>
      setSearchParams(writeListParams({ ...params, page: 1, ...next })),
    goToPage: (next: number) => setSearchParams(writeListParams({ ...params, page: next })),
  };
}
