// The leads list's pages: Previous, "Page n of m", Next; shown only when there is more than one.
import { leadsCopy as copy } from './copy';

export function LeadsPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="leads__pages" aria-label={copy.list.pagination}>
      <button
        type="button"
        className="admin-button admin-button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {copy.list.previous}
      </button>
      <span className="leads__page">{copy.list.page(Math.min(page, pages), pages)}</span>
      <button
        type="button"
        className="admin-button admin-button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {copy.list.next}
      </button>
    </nav>
  );
}
