// One transaction per request under the caller's role and claims, as PostgREST opens it: the
// migrations' grants and RLS policies then decide, and auth.uid() / request.headers work in them.
// Shared by /rest/v1 and /storage/v1.
import type { IncomingMessage } from 'node:http';
import type { Database, Queryable, QueryResult } from '../db/types.ts';
import { ANON_ROLE, type Caller } from './claims.ts';

export interface InTransaction {
  /** Runs fn inside the request's transaction (role, claims and settings already applied). */
  <T>(readOnly: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs one statement as the request's whole transaction, committed when it succeeds: for a
   * request with nothing to decide before the commit. The setup, the statement and the commit go
   * to the database together (Database.batch).
   */
  statement<R>(readOnly: boolean, sql: string, params: unknown[]): Promise<QueryResult<R>>;
}

/** Supabase's per-role statement_timeout, in milliseconds. */
const STATEMENT_TIMEOUT_MS = { anon: 3_000, other: 8_000 };

// The settings' values are not sent back (set_config answers each; the headers alone are most of
// a request's bytes): a volatile function is evaluated even where its output is not used.
const setupSql = `select from (select set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('search_path', 'public, extensions', true),
  set_config('statement_timeout', $3, true),
  set_config('request.method', $4, true),
  set_config('request.path', $5, true),
  set_config('request.headers', $6, true),
  set_config('request.cookies', $7, true),
  set_config('transaction_read_only', $8, true)) as settings`;

function cookies(header: string | undefined): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return jar;
}

/** `path` is what request.path reports to the database (the path below the API's mount). */
export function callerTransaction(
  db: Database,
  caller: Caller,
  req: IncomingMessage,
  path: string,
): InTransaction {
  const timeoutMs =
    caller.role === ANON_ROLE ? STATEMENT_TIMEOUT_MS.anon : STATEMENT_TIMEOUT_MS.other;
  // Read-only rides on the setup statement: one round trip fewer per read.
  const setup = (readOnly: boolean) => ({
    sql: setupSql,
    params: [
      caller.role,
      JSON.stringify(caller.claims),
      `${timeoutMs}ms`,
      req.method,
      path,
      JSON.stringify(req.headers),
      JSON.stringify(cookies(req.headers.cookie)),
      readOnly ? 'on' : 'off',
    ],
  });
  const inTransaction = <T>(readOnly: boolean, fn: (tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx) => {
      const { sql, params } = setup(readOnly);
      await tx.query(sql, params);
      return fn(tx);
    });
  inTransaction.statement = <R>(readOnly: boolean, sql: string, params: unknown[]) =>
    db.batch<R>([setup(readOnly), { sql, params }], { timeoutMs });
  return inTransaction;
}
