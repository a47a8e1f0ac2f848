import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '#server/http.ts';

/** The API version auth-js sends in `X-Supabase-Api-Version` and expects echoed back. */
export const API_VERSION = '2024-01-01';

/** A GoTrue error: HTTP status, machine code (auth-js `error.code`) and message. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const rateLimited = (retryAfterSeconds: number) =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export const validationFailed = (message: string) =>
  new AuthError(400, 'validation_failed', message);

/** True when the request asked for GoTrue's modern error format (auth-js always does). */
export function wantsModernErrors(req: IncomingMessage): boolean {
  const header = req.headers['x-supabase-api-version'];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION;
}

/**
 * The body GoTrue sends for an error. Modern (API version header present):
 * `{code, message}`; legacy: `{code: <status>, error_code, msg}`.
 */
export function errorBody(error: AuthError, modern: boolean): Record<string, unknown> {
  return modern
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  const modern = wantsModernErrors(req);
  sendJson(res, error.status, errorBody(error, modern), {
    ...(modern ? { 'X-Supabase-Api-Version': API_VERSION } : {}),
    'x-sb-error-code': error.code,
    ...error.headers,
  });
}
