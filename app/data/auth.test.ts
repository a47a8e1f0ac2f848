import { describe, expect, it, vi } from 'vitest';
import {
  AuthFailure,
  onAuthStateChange,
  readAuthRedirect,
  requestPasswordReset,
  signInWithPassword,
  signOut,
  updatePassword,
} from './auth';
import type { AppSupabaseClient } from './supabase';

const invalid = { message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 };

function clientWith(auth: Record<string, unknown>): AppSupabaseClient {
  return { auth } as unknown as AppSupabaseClient;
}

describe('the auth calls', () => {
  it('throw an AuthFailure with the service’s message, code and status', async () => {
    const client = clientWith({
      signInWithPassword: vi.fn(async () => ({ data: { session: null }, error: invalid })),
    });
    const failure = await signInWithPassword(client, { email: 'a@b.c', password: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AuthFailure);
    expect(failure).toMatchObject({
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
    });
  });

  it('pass their arguments on and resolve when the service agrees', async () => {
    const session = { access_token: 't' };
    const auth = {
      signInWithPassword: vi.fn(async () => ({ data: { session }, error: null })),
      signOut: vi.fn(async () => ({ error: null })),
      resetPasswordForEmail: vi.fn(async () => ({ data: {}, error: null })),
      updateUser: vi.fn(async () => ({ data: {}, error: null })),
    };
    const client = clientWith(auth);
    await expect(signInWithPassword(client, { email: 'a@b.c', password: 'pw' })).resolves.toBe(
      session,
    );
    expect(auth.signInWithPassword).toHaveBeenCalledWith({ email: 'a@b.c', password: 'pw' });
    await signOut(client);
    expect(auth.signOut).toHaveBeenCalledWith();
    await requestPasswordReset(client, 'a@b.c', 'https://site.test/login');
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('a@b.c', {
      redirectTo: 'https://site.test/login',
    });
    await updatePassword(client, 'new-secret');
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'new-secret' });
  });

  it('hand each session event to the listener until unsubscribed', () => {
    const unsubscribe = vi.fn();
    const auth = {
      onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe } } })),
    };
    const listener = vi.fn();
    const stop = onAuthStateChange(clientWith(auth), listener);
    expect(auth.onAuthStateChange).toHaveBeenCalledWith(listener);
    stop();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});

describe('readAuthRedirect', () => {
  it('recognises a recovery link’s session', () => {
    expect(
      readAuthRedirect('#access_token=a.b.c&expires_in=3600&refresh_token=r&type=recovery'),
    ).toEqual({ recovery: true, invited: false, error: null, message: null });
  });

  it('recognises an invitation’s session', () => {
    expect(
      readAuthRedirect('#access_token=a.b.c&expires_in=3600&refresh_token=r&type=invite'),
    ).toEqual({ recovery: false, invited: true, error: null, message: null });
  });

  it('keeps the message of an e-mail change’s first link', () => {
    expect(
      readAuthRedirect(
        '#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email',
      ).message,
    ).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
  });

  it('ignores other fragments', () => {
    const nothing = { recovery: false, invited: false, error: null, message: null };
    expect(readAuthRedirect('')).toEqual(nothing);
    expect(readAuthRedirect('#process')).toEqual(nothing);
    expect(readAuthRedirect('#type=recovery')).toEqual(nothing);
    expect(readAuthRedirect('#type=invite')).toEqual(nothing);
  });

  it('reads the service’s description of a failed link', () => {
    expect(
      readAuthRedirect(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({
      recovery: false,
      invited: false,
      error: 'Email link is invalid or has expired',
      message: null,
    });
  });
});
