import { describe, expect, it } from 'vitest';
import {
  errorHeaders,
  fromPostgresError,
  jwtError,
  RestError,
  statusForSqlState,
} from './errors.ts';

describe('SQLSTATE to HTTP status', () => {
  it.each([
    ['23505', 409],
    ['23503', 409],
    ['23502', 400],
    ['23514', 400],
    ['22P02', 400],
    ['42703', 400],
    ['42P01', 404],
    ['42883', 404],
    ['P0001', 400],
    ['25006', 405],
    ['08006', 503],
    ['53300', 503],
    ['53400', 500],
    ['57014', 500],
    ['57P01', 503],
    ['XX000', 500],
    ['42P17', 500],
    ['28000', 403],
    ['PT402', 402],
  ])('maps %s to %i', (code, status) => {
    expect(statusForSqlState(code, 'message', false)).toBe(status);
  });

  it('maps insufficient privilege to 401 for the anonymous role and 403 otherwise', () => {
    expect(statusForSqlState('42501', 'permission denied for table todos', true)).toBe(401);
    expect(statusForSqlState('42501', 'permission denied for table todos', false)).toBe(403);
  });

  it("treats pg_safeupdate's refusal as the client's mistake and other cardinality errors as the server's", () => {
    expect(statusForSqlState('21000', 'DELETE requires a WHERE clause', false)).toBe(400);
    expect(
      statusForSqlState(
        '21000',
        'more than one row returned by a subquery used as an expression',
        false,
      ),
    ).toBe(500);
  });

  it('answers 401 for a role that does not exist', () => {
    expect(statusForSqlState('22023', 'role "nobody" does not exist', false)).toBe(401);
    expect(statusForSqlState('22023', 'invalid parameter', false)).toBe(400);
  });
});

describe('the envelope', () => {
  it("passes PostgreSQL's message, detail and hint through, with null for what is missing", () => {
    const error = Object.assign(
      new Error('duplicate key value violates unique constraint "todos_pkey"'),
      {
        code: '23505',
        detail: 'Key (id)=(1) already exists.',
      },
    );
    const rest = fromPostgresError(error, false);
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "todos_pkey"',
    });
    expect(errorHeaders(rest)).toEqual({ 'Proxy-Status': 'PostgREST; error=23505' });
  });

  it('adds WWW-Authenticate: Bearer to every 401', () => {
    const rest = fromPostgresError(
      Object.assign(new Error('permission denied for table todos'), { code: '42501' }),
      true,
    );
    expect(errorHeaders(rest)).toEqual({
      'Proxy-Status': 'PostgREST; error=42501',
      'WWW-Authenticate': 'Bearer',
    });
    expect(new RestError(400, { code: 'X', message: 'm' }).headers).toEqual({});
  });

  it('describes an invalid token in WWW-Authenticate', () => {
    expect(jwtError('JWT expired', true)).toMatchObject({
      status: 401,
      body: { code: 'PGRST303', message: 'JWT expired', details: null, hint: null },
      headers: {
        'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
      },
    });
    expect(jwtError('Expected 3 parts in JWT; got 1', false).body.code).toBe('PGRST301');
  });
});

describe('RestError', () => {
  it('takes no stack trace, and leaves other errors theirs', () => {
    const limit = Error.stackTraceLimit;
    const refused = new RestError(404, { code: 'PGRST205', message: 'No such table' });
    expect(refused.stack).toBe('RestError: No such table');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('fault').stack).toMatch(/\n\s+at /);
  });
});
