import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AuthError, errorBody, wantsModernErrors } from './errors.ts';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('GoTrue error bodies', () => {
  const error = new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

  it('uses the modern shape when the client sends an API version', () => {
    expect(wantsModernErrors(request({ 'x-supabase-api-version': '2024-01-01' }))).toBe(true);
    expect(errorBody(error, true)).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('uses the legacy shape otherwise, or for an older or malformed version', () => {
    expect(wantsModernErrors(request({}))).toBe(false);
    expect(wantsModernErrors(request({ 'x-supabase-api-version': '2023-12-31' }))).toBe(false);
    expect(wantsModernErrors(request({ 'x-supabase-api-version': 'latest' }))).toBe(false);
    expect(errorBody(error, false)).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('keeps extra fields such as weak_password in both shapes', () => {
    const weak = new AuthError(422, 'weak_password', 'Password should be at least 8 characters.', {
      extra: { weak_password: { reasons: ['length'] } },
    });
    expect(errorBody(weak, true)).toMatchObject({ weak_password: { reasons: ['length'] } });
    expect(errorBody(weak, false)).toMatchObject({ weak_password: { reasons: ['length'] } });
  });
});
