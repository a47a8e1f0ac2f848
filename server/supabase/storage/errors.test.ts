import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DatabaseUnreachableError, type PostgresError } from '../db/types.ts';
import {
  entityTooLarge,
  fromPostgresError,
  invalidMimeType,
  keyAlreadyExists,
  noSuchBucket,
  noSuchKey,
  routeNotFound,
  sendStorageError,
  storageErrorOf,
  StorageError,
} from './errors.ts';

function pgError(code: string, message: string): PostgresError {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

describe("Storage's error envelope", () => {
  it.each([
    [
      'an object over the limit',
      entityTooLarge(),
      {
        statusCode: '413',
        code: 'EntityTooLarge',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      },
    ],
    [
      'a mime type the bucket does not take',
      invalidMimeType('image/gif'),
      {
        statusCode: '415',
        code: 'InvalidMimeType',
        error: 'invalid_mime_type',
        message: 'mime type image/gif is not supported',
      },
    ],
    [
      'a name already taken',
      keyAlreadyExists(),
      {
        statusCode: '409',
        code: 'KeyAlreadyExists',
        error: 'Duplicate',
        message: 'The resource already exists',
      },
    ],
    [
      'a missing object',
      noSuchKey(),
      { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' },
    ],
    [
      'a missing bucket',
      noSuchBucket(),
      {
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      },
    ],
  ])('words %s as Storage does', (_, error, body) => {
    expect(error.body).toEqual(body);
  });

  it("sends client errors as HTTP 400 and the server's as 500, as hosted Storage does", () => {
    expect(entityTooLarge().httpStatus).toBe(400);
    expect(noSuchKey().httpStatus).toBe(400);
    expect(fromPostgresError(pgError('XX000', 'boom')).httpStatus).toBe(500);
    // Only the route table's miss is a real 404.
    expect(routeNotFound('GET', '/bucket').httpStatus).toBe(404);
  });

  it("maps a row-level security refusal to Storage's words, whatever PostgreSQL said", () => {
    const error = fromPostgresError(
      pgError('42501', 'new row violates row-level security policy for table "objects"'),
    );
    expect(error.body).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    expect(fromPostgresError(pgError('42501', 'permission denied for table objects')).message).toBe(
      'permission denied for table objects',
    );
  });

  it('hides other database errors behind their code', () => {
    const error = fromPostgresError(pgError('23514', 'check constraint "secret_rule" failed'));
    expect(error.message).toBe('database error, code: 23514');
    expect(fromPostgresError(pgError('23505', 'duplicate key')).statusCode).toBe(409);
  });

  it('writes the body as JSON that is never cached, and only headers for HEAD', async () => {
    const server = createServer((req, res) =>
      sendStorageError(res, req.method ?? 'GET', noSuchKey() as StorageError),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const get = await fetch(`http://127.0.0.1:${port}/`);
      expect(get.status).toBe(400);
      expect(get.headers.get('cache-control')).toBe('no-store');
      expect(await get.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
      const head = await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' });
      expect(head.status).toBe(400);
      expect(await head.text()).toBe('');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('what a request threw, as Storage answers it', () => {
  const logging = () => {
    const lines: string[] = [];
    const log = (key: string, line: (repeats: string) => string) => void lines.push(line(''));
    return { lines, log };
  };

  it('answers a database out of reach with 503, logged in one line', () => {
    const { lines, log } = logging();
    const starting = Object.assign(new Error('the database system is starting up'), {
      code: '57P03',
      severity: 'FATAL',
    });
    const error = storageErrorOf(new DatabaseUnreachableError(starting), 'GET /x', log);
    expect(error.httpStatus).toBe(503);
    expect(error.body).toEqual({
      statusCode: '503',
      code: 'DatabaseError',
      error: 'Service Unavailable',
      message: 'The database is unavailable: try again shortly',
    });
    expect(lines).toEqual([
      'Storage: the database is unavailable (the database system is starting up).',
    ]);
  });

  it('answers its own errors and the database’s without a log, anything else with 500 and its stack', () => {
    const { lines, log } = logging();
    const missing = noSuchKey();
    expect(storageErrorOf(missing, 'GET /x', log)).toBe(missing);
    expect(storageErrorOf(pgError('23505', 'duplicate key'), 'POST /x', log)).toBeInstanceOf(
      StorageError,
    );
    expect(lines).toEqual([]);
    const bug = new TypeError('boom');
    expect(storageErrorOf(bug, 'GET /storage/v1/object/x', log).httpStatus).toBe(500);
    expect(lines).toEqual([`Storage error on GET /storage/v1/object/x: ${bug.stack}`]);
  });
});
