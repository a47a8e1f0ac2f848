export interface QueryResult<R> {
  rows: R[];
  /** Rows inserted, updated or deleted; rows returned for a SELECT. */
  rowCount: number;
}

/** One connection's worth of SQL: inside a transaction, or the pool itself. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

/** A statement and its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Database extends Queryable {
  /** Runs fn inside BEGIN … COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs the statements in one transaction, committed when every one succeeds, and answers the
   * last one's rows: what a request that needs nothing decided between its statements sends.
   * PGlite hands them to its worker as one message. `timeoutMs` is the statement_timeout the
   * statements set for themselves (set_config(…, true)), known before they run.
   */
  batch<R = Record<string, unknown>>(
    statements: Statement[],
    options?: { timeoutMs?: number },
  ): Promise<QueryResult<R>>;
  close(): Promise<void>;
}

/** The fields of a PostgreSQL error that the protocol layers pass on (pg and PGlite both set them). */
export interface PostgresError extends Error {
  code: string;
  detail?: string;
  hint?: string;
}

/**
 * The pool could not open a connection: the server is down, starting up, shutting down or out of
 * connections. Its message is the reason as pg gave it (the cause): a database refusing a new
 * connection ("the database system is starting up") is told apart from one refusing a statement.
 */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/** A server's error, not Node's: both pg and PGlite set severity, EPIPE and friends do not. */
export function isPostgresError(error: unknown): error is PostgresError {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
