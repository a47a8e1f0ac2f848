// The administrator's session: the only module that calls supabase.auth (specification §4, §7).
// Each call checks supabase-js's `error` and throws an AuthFailure carrying the service's own
// message, which the sign-in screens show as they are (§8).
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { AppSupabaseClient } from './supabase';

export type AuthSession = Session;
export type AuthUser = User;
export type AuthEvent = AuthChangeEvent;

export class AuthFailure extends Error {
  /** GoTrue's error code, e.g. invalid_credentials or over_email_send_rate_limit. */
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, options: { code?: string; status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AuthFailure';
    this.code = options.code;
    this.status = options.status;
  }
}

interface AuthErrorLike {
  message: string;
  code?: string;
  status?: number;
}

function authFailure(error: AuthErrorLike): AuthFailure {
  return new AuthFailure(error.message, { code: error.code, status: error.status, cause: error });
}

export async function signInWithPassword(
  client: AppSupabaseClient,
  credentials: { email: string; password: string },
): Promise<AuthSession> {
  const { data, error } = await client.auth.signInWithPassword(credentials);
  if (error) throw authFailure(error);
  return data.session;
}

/** Ends the session on the server (all of the user's sessions, supabase-js's default) and here. */
export async function signOut(client: AppSupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) throw authFailure(error);
}

/** Mails a reset link that leads back to `redirectTo` with a recovery session in the fragment. */
export async function requestPasswordReset(
  client: AppSupabaseClient,
  email: string,
  redirectTo: string,
): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw authFailure(error);
}

/** Sets the signed-in user's password (after a recovery link, for instance). */
export async function updatePassword(client: AppSupabaseClient, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password });
  if (error) throw authFailure(error);
}

/**
 * Follows the session: INITIAL_SESSION once, then SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED,
 * USER_UPDATED, PASSWORD_RECOVERY and MFA_CHALLENGE_VERIFIED. Returns the unsubscribe function.
 * The listener must not await other auth calls (supabase-js holds its lock while it runs).
 */
export function onAuthStateChange(
  client: AppSupabaseClient,
  listener: (event: AuthEvent, session: AuthSession | null) => void,
): () => void {
  const { data } = client.auth.onAuthStateChange(listener);
  return () => data.subscription.unsubscribe();
}

/**
 * What an e-mailed link put in the URL fragment, read before supabase-js consumes and clears it:
 * whether it carries a recovery session, and GoTrue's error description when the link failed
 * (e.g. "Email link is invalid or has expired").
 */
export function readAuthRedirect(hash: string): { recovery: boolean; error: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description') ?? params.get('error');
  return {
    recovery: params.get('type') === 'recovery' && params.has('access_token'),
    error,
  };
}
