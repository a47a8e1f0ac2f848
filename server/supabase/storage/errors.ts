// Supabase Storage's error envelope (supabase/storage src/internal/errors/codes.ts and
// src/http/error-handler.ts): `{statusCode, code, error, message}`, where statusCode is the real
// status as a string. The HTTP status itself is 400 for every client error and 500 for the
// server's, as hosted Storage answers; storage-js reads `statusCode` and `message` from the body
// (StorageApiError .statusCode, .message, .code) and the HTTP status into `.status`.
import type { ServerResponse } from 'node:http';
import { DatabaseUnreachableError, isPostgresError, type PostgresError } from '../db/types.ts';
import { sendJson } from '#server/http.ts';

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  /** The status Storage means (the body's statusCode): 404, 409, 413… */
  readonly statusCode: number;
  readonly code: string;
  /** Storage's older error name (`error` in the body): 'Duplicate', 'not_found'… */
  readonly error: string;
  /** What goes on the wire: 500 for the server's faults, 400 for everything else, unless said. */
  readonly httpStatus: number;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: { error?: string; httpStatus?: number } = {},
  ) {
    super(message);
    this.name = 'StorageError';
    this.statusCode = statusCode;
    this.code = code;
    this.error = options.error ?? code;
    this.httpStatus = options.httpStatus ?? (statusCode >= 500 ? 500 : 400);
  }

  get body(): StorageErrorBody {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

export const noSuchBucket = () =>
  new StorageError(404, 'NoSuchBucket', 'Bucket not found', { error: 'Bucket not found' });

export const noSuchKey = () =>
  new StorageError(404, 'NoSuchKey', 'Object not found', { error: 'not_found' });

export const invalidKey = (key: string) =>
  new StorageError(400, 'InvalidKey', `Invalid key: ${key}`);

export const invalidBucketName = () =>
  new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', { error: 'Invalid Input' });

export const entityTooLarge = (entity = 'object') =>
  new StorageError(413, 'EntityTooLarge', `The ${entity} exceeded the maximum allowed size`, {
    error: 'Payload too large',
  });

export const invalidMimeType = (mimeType: string) =>
  new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, {
    error: 'invalid_mime_type',
  });

/** A file whose bytes are not the type it was declared as. */
export const contentNotOfType = (mimeType: string) =>
  new StorageError(
    415,
    'InvalidMimeType',
    `mime type ${mimeType} does not match the file's content`,
    {
      error: 'invalid_mime_type',
    },
  );

export const accessDenied = (message = 'Access denied') =>
  new StorageError(403, 'AccessDenied', message, { error: 'Unauthorized' });

/** An upload without upsert onto a name already taken. */
export const keyAlreadyExists = () =>
  new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', { error: 'Duplicate' });

export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message);

export const noContentProvided = (message = 'No content provided') =>
  new StorageError(400, 'InvalidRequest', message);

export const internalError = () =>
  new StorageError(500, 'InternalError', 'Internal server error', { error: 'Internal' });

/** No connection to the database could be opened (restarting, stopped, full): try again shortly. */
const databaseUnavailable = () =>
  new StorageError(503, 'DatabaseError', 'The database is unavailable: try again shortly', {
    error: 'Service Unavailable',
    httpStatus: 503,
  });

/** The route table's miss, as Storage's not-found handler words it (a real 404). */
export const routeNotFound = (method: string, url: string) =>
  new StorageError(404, 'InvalidRequest', `Route ${method}:${url} not found`, {
    error: 'Not Found',
    httpStatus: 404,
  });

/** Storage's DBError.fromDBError: the SQLSTATEs a request can cause, the rest a database error. */
export function fromPostgresError(error: PostgresError): StorageError {
  switch (error.code) {
    case '42501':
      return accessDenied(
        error.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : error.message,
      );
    case '23505':
      return new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', {
        error: 'Duplicate',
      });
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '57014':
      return new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out', {
        httpStatus: 544,
      });
    case '22P02':
      return new StorageError(400, 'InvalidParameter', error.message);
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`);
  }
}

export function sendStorageError(res: ServerResponse, method: string, error: StorageError): void {
  const status = error.httpStatus;
  const headers = { 'Cache-Control': 'no-store' };
  if (method === 'HEAD') {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end();
    return;
  }
  sendJson(res, status, error.body, headers);
}

/**
 * The answer to what a request threw: a StorageError as it is, the database's errors as Storage
 * words them, an unreachable database as 503, anything else as 500, logged (`where` it happened)
 * through `log`, which says each key at most once a minute.
 */
export function storageErrorOf(
  caught: unknown,
  where: string,
  log: (key: string, line: (repeats: string) => string) => void,
): StorageError {
  if (caught instanceof StorageError) return caught;
  if (isPostgresError(caught)) return fromPostgresError(caught);
  const message = (caught as Error)?.message ?? String(caught);
  if (caught instanceof DatabaseUnreachableError) {
    log(
      `unreachable ${message}`,
      (repeats) => `Storage: the database is unavailable (${message}).${repeats}`,
    );
    return databaseUnavailable();
  }
  log(
    `${where} ${message}`,
    (repeats) => `Storage error on ${where}: ${(caught as Error)?.stack ?? caught}${repeats}`,
  );
  return internalError();
}
