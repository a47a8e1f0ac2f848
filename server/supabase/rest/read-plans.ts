// What a read's query string becomes, kept for the next request with the same one: the parsed
// query and the statements built from it. The site asks the same few reads over and over, and
// parsing them and writing their SQL was per-request work that the answer never depended on
// (docs/decisions/0036-the-data-api-close-to-the-database.md). Bounded, so that hand-made query
// strings that vary without end cannot grow the process; dropped whole when the schema reloads.
import { RecentlyUsed } from '#shared/recently-used.ts';
import type { Table } from './catalog.ts';
import type { MediaType } from './headers.ts';
import { parseQuery, type QueryParams } from './parse.ts';
import { readStatement, type ReadOptions, type Statement } from './sql.ts';

/** How many query strings are kept, each with at most STATEMENTS_PER_QUERY statements. */
export const MAX_QUERIES = 256;
const STATEMENTS_PER_QUERY = 8;
/** A longer query string is parsed each time rather than kept. */
export const MAX_KEPT_QUERY_LENGTH = 2048;

export class ReadPlans {
  /** By query string. */
  private readonly queries: RecentlyUsed<string, QueryParams>;
  /** By parsed query: the statements built from it, keyed by table, media type, count, window. */
  private readonly statements = new WeakMap<QueryParams, Map<string, Statement>>();
  constructor(limit = MAX_QUERIES) {
    this.queries = new RecentlyUsed(limit);
  }

  /**
   * The parsed query string; an invalid one throws, as parseQuery does, and is not kept. `text`
   * is the query string the parameters came from (by default written out from them).
   */
  query(params: URLSearchParams, text = params.toString()): QueryParams {
    const kept = this.queries.get(text);
    if (kept) return kept;
    const query = parseQuery(params);
    if (text.length <= MAX_KEPT_QUERY_LENGTH) this.queries.set(text, query);
    return query;
  }

  /** readStatement's statement for a query this object parsed, built once per table and options. */
  statement(table: Table, query: QueryParams, options: ReadOptions): Statement {
    let built = this.statements.get(query);
    if (!built) {
      built = new Map();
      this.statements.set(query, built);
    }
    const key = statementKey(table, options.media, options);
    let statement = built.get(key);
    if (!statement) {
      statement = readStatement(table, query, options);
      if (built.size < STATEMENTS_PER_QUERY) built.set(key, statement);
    }
    return statement;
  }

  get size(): number {
    return this.queries.size;
  }
}

function statementKey(table: Table, media: MediaType, options: ReadOptions): string {
  return [
    table.schema,
    table.name,
    media.shape,
    media.stripNulls,
    options.count,
    options.offset,
    options.limit ?? '',
  ].join('\0');
}
