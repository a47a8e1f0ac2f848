// Reading a request's JSON and answering with GoTrue's headers.
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, MAX_BODY_BYTES, readBody, sendJson } from '#server/http.ts';
import type { AuthRequest } from './context.ts';
import { API_VERSION, AuthError, validationFailed, wantsModernErrors } from './errors.ts';
import type { SessionResponse } from './tokens.ts';
import { normalizeEmail } from './users.ts';

export type JsonBody = Record<string, unknown>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** auth.users.email is varchar(255). */
const MAX_EMAIL_LENGTH = 255;

export function stringField(body: JsonBody, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/** A JSON object field, or undefined when absent or not an object. */
export function objectField(body: JsonBody, name: string): JsonBody | undefined {
  const value = body[name];
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonBody)
    : undefined;
}

export async function readJsonBody(req: IncomingMessage): Promise<JsonBody> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new AuthError(
        413,
        'validation_failed',
        `Request body is larger than ${MAX_BODY_BYTES} bytes`,
      );
    }
    throw error;
  }
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(
      400,
      'bad_json',
      'Could not parse request body as JSON: expected an object',
    );
  }
  return value as JsonBody;
}

/** The address in `email`, normalized; 400 when missing (`missing`) or malformed. */
export function requireEmail(body: JsonBody, missing: string): string {
  const email = normalizeEmail(stringField(body, 'email'));
  if (!email) throw validationFailed(missing);
  return checkedEmail(email);
}

export function checkedEmail(email: string): string {
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return email;
}

export function send(
  request: AuthRequest,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJson(request.res, status, body, {
    ...(wantsModernErrors(request.req) ? { 'X-Supabase-Api-Version': API_VERSION } : {}),
    ...headers,
  });
}

export function sendSession(
  request: AuthRequest,
  session: SessionResponse,
  headers: Record<string, string> = {},
): void {
  send(request, 200, session, { 'Cache-Control': 'no-store', ...headers });
}
