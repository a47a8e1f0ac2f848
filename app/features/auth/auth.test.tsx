// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextAuthState, loadingState } from './auth-state';
import { fakeClient, renderApp, session } from './auth-test-support';

beforeEach(() => window.history.replaceState(null, '', '/'));

describe('nextAuthState', () => {
  it('is loading until the first event, then follows the session', () => {
    const signedIn = nextAuthState(loadingState, 'INITIAL_SESSION', session);
    expect(signedIn).toMatchObject({ loading: false, session, user: session.user });
    for (const event of [
      'SIGNED_IN',
      'TOKEN_REFRESHED',
      'USER_UPDATED',
      'MFA_CHALLENGE_VERIFIED',
    ] as const) {
      expect(nextAuthState(loadingState, event, session)).toMatchObject({
        loading: false,
        user: session.user,
      });
    }
    expect(nextAuthState(loadingState, 'INITIAL_SESSION', null)).toMatchObject({
      loading: false,
      user: null,
    });
  });

  it('marks a recovery session until the visitor signs out', () => {
    const recovering = nextAuthState(loadingState, 'PASSWORD_RECOVERY', session);
    expect(recovering).toMatchObject({ recovery: true, user: session.user });
    expect(nextAuthState(recovering, 'USER_UPDATED', session).recovery).toBe(true);
    expect(nextAuthState(recovering, 'SIGNED_OUT', null)).toMatchObject({
      recovery: false,
      user: null,
      session: null,
    });
  });
});

describe('the /admin guard', () => {
  it('shows Loading... until the state is known, then sends a visitor to /login', async () => {
    const { client, emit } = fakeClient();
    renderApp(client, '/admin');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await emit('INITIAL_SESSION', null);
    await screen.findByRole('heading', { name: 'Admin Login' });
  });

  it('shows the content to a signed-in user', async () => {
    const { client, emit } = fakeClient();
    renderApp(client, '/admin');
    await emit('INITIAL_SESSION', session);
    await screen.findByText('Blog manager for admin@example.com');
  });

  it('sends the user to /login when the session ends', async () => {
    const { client, emit } = fakeClient();
    renderApp(client, '/admin');
    await emit('INITIAL_SESSION', session);
    await emit('SIGNED_OUT', null);
    await screen.findByRole('heading', { name: 'Admin Login' });
  });

  it('lets a sign-out the page asked for go where it asked, not to /login', async () => {
    const user = userEvent.setup();
    const { client, emit } = fakeClient();
    renderApp(client, '/admin');
    await emit('INITIAL_SESSION', session);
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await screen.findByText('at /');
    expect(client.auth.signOut).toHaveBeenCalled();
  });
});

describe('the login screen', () => {
  it('shows the service’s message when sign-in fails, and goes to /admin when it succeeds', async () => {
    const user = userEvent.setup();
    const signInWithPassword = vi.fn(async () => ({
      data: { session: null },
      error: { message: 'Invalid login credentials', status: 400 },
    }));
    const { client, emit } = fakeClient({ signInWithPassword });
    renderApp(client, '/login');
    await emit('INITIAL_SESSION', null);

    await user.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await user.type(screen.getByLabelText('Your Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
    expect(signInWithPassword).toHaveBeenCalledWith({
      email: 'admin@example.com',
      password: 'wrong',
    });
    expect(screen.getByLabelText('Email address').getAttribute('name')).toBe('email');
    expect(screen.getByLabelText('Your Password').getAttribute('name')).toBe('password');

    signInWithPassword.mockImplementationOnce(async () => {
      await emit('SIGNED_IN', session);
      return { data: { session }, error: null } as never;
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Blog manager for admin@example.com');
  });

  it('sends a signed-in visitor to /admin', async () => {
    const { client, emit } = fakeClient();
    renderApp(client, '/login');
    await emit('INITIAL_SESSION', session);
    await screen.findByText('Blog manager for admin@example.com');
  });

  it('mails reset instructions that lead back to /login, saying which link it was', async () => {
    const user = userEvent.setup();
    const resetPasswordForEmail = vi.fn(async () => ({ data: {}, error: null }));
    const { client, emit } = fakeClient({ resetPasswordForEmail });
    renderApp(client, '/login');
    await emit('INITIAL_SESSION', null);

    await user.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    // The address typed on the sign-in view comes along.
    expect(screen.getByLabelText<HTMLInputElement>('Email address').value).toBe(
      'admin@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send reset password instructions' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Check your email for the password reset link',
    );
    expect(resetPasswordForEmail).toHaveBeenCalledWith('admin@example.com', {
      redirectTo: `${window.location.origin}/login?link=recovery`,
    });

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    screen.getByRole('button', { name: 'Sign in' });
  });

  it('opens the update-password view from a recovery link, then signs out to sign in anew', async () => {
    window.history.replaceState(
      null,
      '',
      '/login#access_token=a.b.c&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery',
    );
    const user = userEvent.setup();
    const updateUser = vi.fn(async () => ({ data: {}, error: null }));
    const { client, emit } = fakeClient({ updateUser });
    renderApp(client, '/login');
    // supabase-js reports the session before it sends PASSWORD_RECOVERY: no detour to /admin.
    await emit('INITIAL_SESSION', session);
    await emit('PASSWORD_RECOVERY', session);

    await user.type(screen.getByLabelText('New password'), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been updated');
    expect(updateUser).toHaveBeenCalledWith({ password: 'a-new-secret' });
    expect(client.auth.signOut).toHaveBeenCalled();
    screen.getByRole('button', { name: 'Sign in' });
  });

  it('shows why an e-mailed link failed', async () => {
    window.history.replaceState(
      null,
      '',
      '/login#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const { client, emit } = fakeClient();
    renderApp(client, '/login');
    await emit('INITIAL_SESSION', null);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Email link is invalid or has expired. Each link works once, within 24 hours: ask for a new one, or sign in below.',
    );
  });
});
