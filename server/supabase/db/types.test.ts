import { describe, expect, it } from 'vitest';
import { isPostgresError } from './types.ts';

describe('isPostgresError', () => {
  it('recognises a server error by its SQLSTATE and severity', () => {
    const error = Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' });
    expect(isPostgresError(error)).toBe(true);
  });

  it("does not take Node's five-letter socket errors for SQLSTATEs", () => {
    expect(isPostgresError(Object.assign(new Error('broken pipe'), { code: 'EPIPE' }))).toBe(false);
    expect(isPostgresError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
  });
});
