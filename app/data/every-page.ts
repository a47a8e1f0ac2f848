// Reads that may pass the data API's max_rows (config.toml's [api] max_rows, 1,000 on hosted
// Supabase and here): hosted PostgREST cuts every read there without an error, so a read that
// wants every row pages through the table with this helper instead of writing its own loop.
import type { PostgrestError } from '@supabase/supabase-js';
import { DataError, dataError } from './errors';

/** Rows asked for per request: config.toml's max_rows, so no page is cut. */
export const PAGE_ROWS = 1000;

/** Ids per `in.(…)` list: keeps the URL well under servers' limits (100 uuids ≈ 3.7 kB). */
export const IDS_PER_REQUEST = 100;

/** What a supabase-js read answers, counted (`select(…, { count: 'exact' })`). */
export interface CountedPage<Row> {
  data: Row[] | null;
  error: PostgrestError | null;
  status: number;
  count: number | null;
}

/**
 * Every row of one read, page after page. `page(from, to)` makes the same query each time with
 * `.range(from, to)`, `{ count: 'exact' }` and a stable order: its last order term unique (the
 * id), oldest first where rows keep arriving, so a row written meanwhile lands on a later page
 * rather than pushing one already read onto the next. Each page moves on by the rows it got, so a
 * server whose max_rows is below PAGE_ROWS loses nothing either.
 */
export async function readEveryPage<Row>(
  page: (from: number, to: number) => PromiseLike<CountedPage<Row>>,
  pageRows = PAGE_ROWS,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const { data, error, status, count } = await page(rows.length, rows.length + pageRows - 1);
    if (error) throw dataError(error, status);
    if (typeof count !== 'number') throw new DataError('A paged read must ask for an exact count.');
    rows.push(...(data ?? []));
    // An empty page ends it too: rows deleted meanwhile leave the count behind.
    if (rows.length >= count || !data?.length) return rows;
  }
}

/** Every row for a long list of ids, IDS_PER_REQUEST at a time, each list read to its end. */
export async function readEveryPageForIds<Row>(
  ids: readonly string[],
  page: (ids: string[], from: number, to: number) => PromiseLike<CountedPage<Row>>,
): Promise<Row[]> {
  const unique = [...new Set(ids)];
  const rows: Row[] = [];
  for (let start = 0; start < unique.length; start += IDS_PER_REQUEST) {
    const chunk = unique.slice(start, start + IDS_PER_REQUEST);
    rows.push(...(await readEveryPage((from, to) => page(chunk, from, to))));
  }
  return rows;
}
