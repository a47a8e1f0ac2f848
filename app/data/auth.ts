// The administrator's session: the only module that calls supabase.auth.
// Each call checks supabase-js's `error` and throws an AuthFailure carrying the service's own
// message, which the sign-in screens show as they are.
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
 * whether it carries a recovery or an invitation's session, and GoTrue's error description when the link failed
 * (e.g. "Email link is invalid or has expired").
 */
export function readAuthRedirect(hash: string): {
  recovery: boolean;
  invited: boolean;
  error: string | null;
  /** GoTrue's message for a link that needs another (the first of an e-mail change's two). */
  message: string | null;
} {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description') ?? params.get('error');
  const session = params.has('access_token');
  return {
    recovery: params.get('type') === 'recovery' && session,
    // An invitation's link (docs/decisions/0012): the new member chooses their first password.
    invited: params.get('type') === 'invite' && session,
    error,
    message: params.get('message'),
  };
}

/**
 * Asks to change the signed-in member's address: GoTrue mails a confirmation link (to the new
 * address, and with secure e-mail change also to the old one); the address changes once
 * confirmed. Returns the address waiting for confirmation, or null when it changed at once.
 */
export async function requestEmailChange(
  client: AppSupabaseClient,
  email: string,
  redirectTo: string,
): Promise<string | null> {
  const { data, error } = await client.auth.updateUser({ email }, { emailRedirectTo: redirectTo });
  if (error) throw authFailure(error);
  return data.user.new_email ?? null;
}

/** A second factor of the signed-in member. */
export interface SecondFactor {
  id: string;
  friendlyName: string | null;
  verified: boolean;
  createdAt: string;
}

export async function listSecondFactors(client: AppSupabaseClient): Promise<SecondFactor[]> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw authFailure(error);
  return data.all
    .filter((factor) => factor.factor_type === 'totp')
    .map((factor) => ({
      id: factor.id,
      friendlyName: factor.friendly_name ?? null,
      verified: factor.status === 'verified',
      createdAt: factor.created_at,
    }));
}

/** Starts enrolling an authenticator app: the QR code (an SVG image) and the secret to type. */
export async function enrollAuthenticator(
  client: AppSupabaseClient,
  friendlyName: string,
): Promise<{ factorId: string; qrCode: string; secret: string }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw authFailure(error);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/** Checks a code of the app: enrolls the factor, or raises the session to aal2. */
export async function verifyAuthenticatorCode(
  client: AppSupabaseClient,
  factorId: string,
  code: string,
): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw authFailure(error);
}

export async function removeSecondFactor(client: AppSupabaseClient, factorId: string) {
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw authFailure(error);
}

/**
 * Where the session stands: `needsCode` when the member has an authenticator app and this
 * session has not been confirmed with it yet (aal1 where aal2 is possible), with the apps whose
 * code confirms it (a member may keep a backup app).
 */
export async function assuranceOfSession(
  client: AppSupabaseClient,
): Promise<{ needsCode: boolean; verifiedFactors: SecondFactor[] }> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw authFailure(error);
  const needsCode = data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
  if (!needsCode) return { needsCode, verifiedFactors: [] };
  const factors = await listSecondFactors(client);
  return { needsCode, verifiedFactors: factors.filter((factor) => factor.verified) };
}
