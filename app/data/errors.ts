// What the data modules throw: components never see supabase-js's { data, error } pairs.

export class DataError extends Error {
  /** PostgREST's or PostgreSQL's code, e.g. 23505 (unique violation) or PGRST116. */
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DataError';
    this.code = options.code;
    this.status = options.status;
  }

  /** A unique constraint refused the row (e.g. a slug already in use). */
  get isUniqueViolation(): boolean {
    return this.code === '23505';
  }

  /**
   * PostgreSQL ended the statement to break a deadlock with another transaction (40P01): nothing
   * was written, and trying again once the other has finished may succeed.
   */
  get isDeadlock(): boolean {
    return this.code === '40P01';
  }

  /**
   * The database could not be reached: the data API lost or could not open its connection (503,
   * PGRST001), the database is starting, stopping or out of connections (57P0x, 08xxx, 53300), or
   * the request never reached the data API (status 0). Trying again shortly may succeed.
   */
  get isUnavailable(): boolean {
    if (this.status === 503 || this.status === 0) return true;
    const code = this.code ?? '';
    return (
      code === 'PGRST001' || code.startsWith('57P0') || code.startsWith('08') || code === '53300'
    );
  }

  /** The caller's address wrote too often this hour (PT429, the database's per-address limit). */
  get isRateLimited(): boolean {
    return this.code === 'PT429' || this.status === 429;
  }
}

interface SupabaseErrorLike {
  message: string;
  code?: string;
}

/** Wraps a supabase-js error, keeping the server's message (shown to the visitor on failures). */
export function dataError(error: SupabaseErrorLike, status?: number): DataError {
  return new DataError(error.message, { code: error.code, status, cause: error });
}
