// The four table operations: run the statement in the request's transaction and shape the answer
// (status, Content-Range, body) as PostgREST does.
import type { QueryResult } from '../db/types.ts';
import type { Table } from './catalog.ts';
import { RestError, singleObjectError } from './errors.ts';
import type { MediaType, Preferences } from './headers.ts';
import type { QueryParams } from './parse.ts';
import type { Payload } from './payload.ts';
import type { InTransaction } from './transaction.ts';
import {
  deleteStatement,
  insertStatement,
  readStatement,
  updateStatement,
  type ReadOptions,
  type ResultRow,
  type Statement,
} from './sql.ts';

export interface Outcome {
  status: number;
  headers: Record<string, string>;
  /** Undefined for an empty body. */
  body?: string;
  contentType?: string;
}

function onlyRow(result: QueryResult<ResultRow>): ResultRow {
  const row = result.rows[0];
  // Every statement ends in an aggregate, so a missing row is the database failing silently.
  if (!row) throw new Error('The database returned no result row for the request');
  return row;
}

/** `0-9/*`, `*\/*` when empty, `0-9/100` when counted (PostgREST's contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

function preferenceApplied(prefs: Preferences, write: boolean): Record<string, string> {
  const applied: string[] = [];
  if (write && prefs.resolution) applied.push(`resolution=${prefs.resolution}`);
  if (write && prefs.missing) applied.push(`missing=${prefs.missing}`);
  if (write && prefs.return) applied.push(`return=${prefs.return}`);
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (prefs.handling) applied.push(`handling=${prefs.handling}`);
  if (write && prefs.maxAffected !== undefined && prefs.handling === 'strict')
    applied.push(`max-affected=${prefs.maxAffected}`);
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}

export interface ReadRequest {
  table: Table;
  query: QueryParams;
  media: MediaType;
  prefs: Preferences;
  range?: { from: number; to?: number };
  /** config.toml's [api] max_rows: no read answers more rows than this. */
  maxRows?: number;
  /** Where the statement comes from: readStatement unless a cache has built it (read-plans.ts). */
  build?: (options: ReadOptions) => Statement;
}

/**
 * The rows a read asks for: limit/offset intersected with a Range header, then cut at max_rows
 * from the offset on, as PostgREST's restrictRange does (a smaller limit, or limit=0, stays).
 */
export function readWindow(
  query: QueryParams,
  range: ReadRequest['range'],
  maxRows?: number,
): { offset: number; limit?: number } {
  let offset = query.offset ?? 0;
  let last = query.limit === undefined ? undefined : offset + query.limit - 1;
  if (range) {
    offset = Math.max(offset, range.from);
    if (range.to !== undefined) last = last === undefined ? range.to : Math.min(last, range.to);
  }
  if (maxRows !== undefined) {
    const cut = offset + maxRows - 1;
    last = last === undefined ? cut : Math.min(last, cut);
  }
  return { offset, ...(last === undefined ? {} : { limit: Math.max(0, last - offset + 1) }) };
}

/**
 * What a read decided before it runs: its statement and what shapes its answer. It depends only on
 * the request's table, query and negotiated headers, so a read asked again can run the same plan
 * (known-reads.ts).
 */
export interface ReadPlan {
  statement: Statement;
  offset: number;
  media: MediaType;
  prefs: Preferences;
}

/** The read's window, options and statement. */
export function planRead(request: ReadRequest): ReadPlan {
  const { offset, limit } = readWindow(request.query, request.range, request.maxRows);
  const options: ReadOptions = {
    media: request.media,
    count: request.prefs.count !== undefined,
    offset,
    ...(limit === undefined ? {} : { limit }),
  };
  const statement = request.build
    ? request.build(options)
    : readStatement(request.table, request.query, options);
  return { statement, offset, media: request.media, prefs: request.prefs };
}

/** Runs a planned read in the request's transaction and shapes its answer. */
export async function answerRead(plan: ReadPlan, inTransaction: InTransaction): Promise<Outcome> {
  const { statement, offset } = plan;
  const row = onlyRow(await inTransaction.statement(true, statement.text, statement.values));
  const rows = Number(row.page_total);
  const total = row.total === null ? undefined : Number(row.total);
  if (plan.media.shape === 'object' && rows !== 1) throw singleObjectError(rows);
  const upper = offset + rows - 1;
  if (total !== undefined && offset > total) {
    throw new RestError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    });
  }
  const partial = total !== undefined && rows < total;
  return {
    status: partial ? 206 : 200,
    headers: {
      'Content-Range': contentRange(offset, upper, total),
      ...preferenceApplied(plan.prefs, false),
    },
    body: row.body ?? '[]',
    contentType: plan.media.contentType,
  };
}

/**
 * Writes are not cut at max_rows: since PostgREST 10 a write's representation holds every row it
 * wrote, since the rows were written whatever the answer shows.
 */
export interface WriteRequest {
  table: Table;
  query: QueryParams;
  media: MediaType;
  prefs: Preferences;
}

/** Runs a write; a count other than 1 under .single(), or above max-affected, rolls it back. */
async function write(
  request: WriteRequest,
  statement: Statement,
  inTransaction: InTransaction,
  limitAffected: boolean,
): Promise<{ rows: number; body: string | null }> {
  const max = request.prefs.maxAffected;
  const limited = limitAffected && request.prefs.handling === 'strict' && max !== undefined;
  const check = (row: ResultRow) => {
    const rows = Number(row.page_total);
    if (request.media.shape === 'object' && rows !== 1) throw singleObjectError(rows);
    if (limited && rows > max) {
      throw new RestError(400, {
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: `The query affects ${rows} rows`,
      });
    }
    return { rows, body: row.body };
  };
  // Without a count to check before the commit, the statement is the whole transaction.
  if (request.media.shape !== 'object' && !limited) {
    return check(onlyRow(await inTransaction.statement(false, statement.text, statement.values)));
  }
  return inTransaction(false, async (tx) =>
    check(onlyRow(await tx.query<ResultRow>(statement.text, statement.values))),
  );
}

function representation(
  request: WriteRequest,
  body: string | null,
): Pick<Outcome, 'body' | 'contentType'> {
  if (request.prefs.return !== 'representation') return {};
  return { body: body ?? '[]', contentType: request.media.contentType };
}

export async function insert(
  request: WriteRequest,
  payload: Payload,
  inTransaction: InTransaction,
): Promise<Outcome> {
  const statement = insertStatement(request.table, request.query, payload, request);
  const { rows, body } = await write(request, statement, inTransaction, false);
  return {
    status: 201,
    headers: {
      'Content-Range': contentRange(1, 0, request.prefs.count ? rows : undefined),
      ...preferenceApplied(request.prefs, true),
    },
    ...representation(request, body),
  };
}

async function modify(
  request: WriteRequest,
  statement: Statement,
  inTransaction: InTransaction,
): Promise<Outcome> {
  const { rows, body } = await write(request, statement, inTransaction, true);
  const answer = representation(request, body);
  return {
    status: answer.body === undefined ? 204 : 200,
    headers: {
      'Content-Range': contentRange(0, rows - 1, request.prefs.count ? rows : undefined),
      ...preferenceApplied(request.prefs, true),
    },
    ...answer,
  };
}

export function update(
  request: WriteRequest,
  payload: Payload,
  inTransaction: InTransaction,
): Promise<Outcome> {
  return modify(
    request,
    updateStatement(request.table, request.query, payload, request),
    inTransaction,
  );
}

export function remove(request: WriteRequest, inTransaction: InTransaction): Promise<Outcome> {
  return modify(request, deleteStatement(request.table, request.query, request), inTransaction);
}
