// @vitest-environment jsdom
// Where signing in and a mailed link lead: back to the admin page asked for (never elsewhere), and
// from a link that has expired or been used to words that say what to do.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient, renderApp, session } from './auth-test-support';

beforeEach(() => window.history.replaceState(null, '', '/'));

const EXPIRED =
  '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

describe('signing in from an admin page', () => {
  it('keeps the page asked for through /login, and opens it once signed in', async () => {
    const user = userEvent.setup();
    const signInWithPassword = vi.fn();
    const { client, emit } = fakeClient({ signInWithPassword });
    signInWithPassword.mockImplementation(async () => {
      await emit('SIGNED_IN', session);
      return { data: { session }, error: null };
    });
    renderApp(client, '/admin/leads/42');
    await emit('INITIAL_SESSION', null);
    await screen.findByRole('heading', { name: 'Admin Login' });

    await user.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await user.type(screen.getByLabelText('Your Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Lead page for admin@example.com');
  });

  it.each([
    ['another site', 'https://evil.example/admin'],
    ['a protocol-relative address', '//evil.example/admin'],
    ['a public page', '/blog'],
  ])('goes to the blog manager, not to %s', async (_name, next) => {
    const { client, emit } = fakeClient();
    renderApp(client, `/login?next=${encodeURIComponent(next)}`);
    await emit('INITIAL_SESSION', session);
    await screen.findByText('Blog manager for admin@example.com');
  });
});

describe('a mailed link that has expired or been used', () => {
  it('tells an invited member to ask an administrator for a new invitation', async () => {
    window.history.replaceState(null, '', `/login?link=invite${EXPIRED}`);
    const { client, emit } = fakeClient();
    renderApp(client, '/login?link=invite');
    await emit('INITIAL_SESSION', null);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link has expired or has already been used. Ask an administrator of the team for a new invitation: on the Team page they can resend it. Each link works once, within 24 hours.',
    );
  });

  it('opens the form that mails a new reset link, right there', async () => {
    window.history.replaceState(null, '', `/login?link=recovery${EXPIRED}`);
    const user = userEvent.setup();
    const resetPasswordForEmail = vi.fn(async () => ({ data: {}, error: null }));
    const { client, emit } = fakeClient({ resetPasswordForEmail });
    renderApp(client, '/login?link=recovery');
    await emit('INITIAL_SESSION', null);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This password reset link has expired or has already been used\./,
    );
    await user.type(screen.getByLabelText('Email address'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset password instructions' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Check your email for the password reset link',
    );
    expect(resetPasswordForEmail).toHaveBeenCalledWith('admin@example.com', {
      redirectTo: `${window.location.origin}/login?link=recovery`,
    });
  });
});
