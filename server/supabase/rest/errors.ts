// PostgREST's error envelope and its SQLSTATE → HTTP status rule (PostgREST src/PostgREST/Error.hs).
import type { PostgresError } from '../db/types.ts';

export interface ErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

/**
 * An answer that ends the request: the envelope, its status and any extra headers. It is the
 * client's error, sent as JSON and never logged, so it takes no stack trace: capturing one through
 * the request's awaits cost a 404 a fifth of its time, making a refused request dearer to answer
 * than a served one.
 */
export class RestError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: { code: string; message: string; details?: string | null; hint?: string | null },
    headers: Record<string, string> = {},
  ) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(body.message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'RestError';
    this.status = status;
    this.body = {
      code: body.code,
      details: body.details ?? null,
      hint: body.hint ?? null,
      message: body.message,
    };
    this.headers =
      status === 401 && !headers['WWW-Authenticate']
        ? { 'WWW-Authenticate': 'Bearer', ...headers }
        : headers;
  }
}

/** A malformed select, filter, order or logic tree (PostgREST shows Parsec's position and expectations). */
export function parseError(message: string, details: string): RestError {
  return new RestError(400, { code: 'PGRST100', message, details });
}

export function jwtError(message: string, expired: boolean): RestError {
  const description = message.replace(/["\\]/g, '\\$&');
  return new RestError(
    401,
    { code: expired ? 'PGRST303' : 'PGRST301', message },
    { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"` },
  );
}

export function invalidBody(message = 'Empty or invalid json'): RestError {
  return new RestError(400, { code: 'PGRST102', message });
}

export function unknownColumn(
  table: string,
  column: string,
  suggestion: string | undefined,
): RestError {
  return new RestError(400, {
    code: '42703',
    message: `column ${table}.${column} does not exist`,
    hint:
      suggestion === undefined
        ? null
        : `Perhaps you meant to reference the column "${table}.${suggestion}".`,
  });
}

export function unknownBodyColumn(table: string, column: string): RestError {
  return new RestError(400, {
    code: 'PGRST204',
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  });
}

export function singleObjectError(rows: number): RestError {
  return new RestError(406, {
    code: 'PGRST116',
    message: 'Cannot coerce the result to a single JSON object',
    details: `The result contains ${rows} rows`,
  });
}

/** pg_safeupdate's refusal, which hosted Supabase loads for the API's login role. */
export function whereRequired(command: 'UPDATE' | 'DELETE'): RestError {
  return new RestError(400, { code: '21000', message: `${command} requires a WHERE clause` });
}

/** The HTTP status PostgREST gives a PostgreSQL error; `anonymous` is whether the role is the anon role. */
export function statusForSqlState(code: string, message: string, anonymous: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      // pg_safeupdate's refusal is the client's fault; other cardinality errors come from a view or function.
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '42501':
      return anonymous ? 401 : 403;
    case '42P01':
    case '42883':
      return 404;
    case '42P17':
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '22023':
      return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  }
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  switch (code.slice(0, 2)) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

export function fromPostgresError(error: PostgresError, anonymous: boolean): RestError {
  const status = statusForSqlState(error.code, error.message, anonymous);
  return new RestError(status, {
    code: error.code,
    message: error.message,
    details: error.detail || null,
    hint: error.hint || null,
  });
}

export function errorHeaders(error: RestError): Record<string, string> {
  return { 'Proxy-Status': `PostgREST; error=${error.body.code}`, ...error.headers };
}
