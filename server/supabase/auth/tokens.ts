import { createHash, randomBytes } from 'node:crypto';
import type { Claims } from '../jwt.ts';
import type { AuthUser } from './users.ts';

/** Lifetime of an access token in seconds (GoTrue's JWT_EXP default). */
export const ACCESS_TOKEN_TTL = 3600;

/** How the session was authenticated, as the JWT `amr` claim lists it (GoTrue's names). */
export type AuthMethod = 'password' | 'otp' | 'recovery' | 'invite' | 'totp';

/** Authenticator assurance level: aal2 once a second factor was verified in the session. */
export type Aal = 'aal1' | 'aal2';

export interface AmrEntry {
  method: AuthMethod;
  timestamp: number;
}

/** An opaque random token (refresh tokens, e-mailed link tokens), base64url. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as this digest, so a copy of the database opens no session. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The access-token claims GoTrue issues, in its order. */
export function accessTokenClaims(input: {
  issuer: string;
  user: AuthUser;
  sessionId: string;
  aal: Aal;
  amr: AmrEntry[];
  issuedAt: number;
}): Claims {
  const { user } = input;
  return {
    iss: input.issuer,
    sub: user.id,
    aud: 'authenticated',
    exp: input.issuedAt + ACCESS_TOKEN_TTL,
    iat: input.issuedAt,
    email: user.email,
    phone: user.phone,
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: input.aal,
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: user.is_anonymous,
  };
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
}

export function sessionResponse(input: {
  accessToken: string;
  refreshToken: string;
  issuedAt: number;
  user: AuthUser;
}): SessionResponse {
  return {
    access_token: input.accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL,
    expires_at: input.issuedAt + ACCESS_TOKEN_TTL,
    refresh_token: input.refreshToken,
    user: input.user,
  };
}

/**
 * The fragment GoTrue appends to an e-mail link's redirect: form-encoded, keys sorted, with the
 * empty `sb` marker it adds.
 */
export function sessionFragment(session: SessionResponse, type: string): string {
  return formEncodeSorted({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  });
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
};

export function errorFragment(status: number, code: string, message: string): string {
  return formEncodeSorted({
    error: OAUTH_ERRORS[status] ?? (status >= 500 ? 'server_error' : 'invalid_request'),
    error_code: code,
    error_description: message,
    sb: '',
  });
}

function formEncodeSorted(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(values).sort()) params.append(key, values[key]!);
  return params.toString();
}
