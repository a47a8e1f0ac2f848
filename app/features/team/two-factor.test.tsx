// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSupabaseClient } from '~/data/supabase';
import { AccountSettings } from './account-settings';
import { TwoFactorGate } from './two-factor-gate';

interface Factor {
  id: string;
  factor_type: 'totp';
  friendly_name: string;
  status: 'verified' | 'unverified';
  created_at: string;
}

/** supabase-js's auth as far as two-factor sign-in and the account page go. */
function fakeAuth(options: { factors?: Factor[]; aal?: 'aal1' | 'aal2'; goodCode?: string } = {}) {
  const factors: Factor[] = options.factors ?? [];
  let aal = options.aal ?? 'aal1';
  const goodCode = options.goodCode ?? '123456';
  const mfa = {
    listFactors: vi.fn(async () => ({ data: { all: [...factors] }, error: null })),
    enroll: vi.fn(async ({ friendlyName }: { friendlyName: string }) => {
      factors.push({
        id: 'f-new',
        factor_type: 'totp',
        friendly_name: friendlyName,
        status: 'unverified',
        created_at: '2026-11-25T09:00:00Z',
      });
      return {
        data: {
          id: 'f-new',
          totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' },
        },
        error: null,
      };
    }),
    challengeAndVerify: vi.fn(async ({ factorId, code }: { factorId: string; code: string }) => {
      if (code !== goodCode) {
        return {
          data: null,
          error: {
            message: 'Invalid TOTP code entered',
            code: 'mfa_verification_failed',
            status: 422,
          },
        };
      }
      factors.find((factor) => factor.id === factorId)!.status = 'verified';
      aal = 'aal2';
      return { data: {}, error: null };
    }),
    unenroll: vi.fn(async ({ factorId }: { factorId: string }) => {
      factors.splice(
        factors.findIndex((factor) => factor.id === factorId),
        1,
      );
      return { data: { id: factorId }, error: null };
    }),
    getAuthenticatorAssuranceLevel: vi.fn(async () => ({
      data: {
        currentLevel: aal,
        nextLevel: factors.some((factor) => factor.status === 'verified') ? 'aal2' : aal,
      },
      error: null,
    })),
  };
  const updateUser = vi.fn(async (attributes: { email?: string; password?: string }) =>
    attributes.password === 'weak'
      ? {
          data: { user: null },
          error: { message: 'Password should be at least 8 characters.', status: 422 },
        }
      : { data: { user: { new_email: attributes.email } }, error: null },
  );
  const client = { auth: { mfa, updateUser } } as unknown as AppSupabaseClient;
  return { client, mfa, updateUser, factors };
}

const verifiedFactor: Factor = {
  id: 'f1',
  factor_type: 'totp',
  friendly_name: 'Authenticator app',
  status: 'verified',
  created_at: '2026-11-01T12:00:00Z',
};

beforeEach(() => vi.spyOn(window, 'confirm').mockReturnValue(true));
afterEach(() => {
  vi.mocked(window.confirm).mockRestore();
});

describe('TwoFactorGate', () => {
  it('opens at once for a member without a second factor', async () => {
    const { client } = fakeAuth();
    render(
      <TwoFactorGate client={client} required={false} onSignOut={vi.fn()}>
        <p>The page</p>
      </TwoFactorGate>,
    );
    expect(await screen.findByText('The page')).toBeVisible();
  });

  it('asks an enrolled member for a code at aal1, refuses a wrong one, and opens after a right one', async () => {
    const { client, mfa } = fakeAuth({ factors: [{ ...verifiedFactor }] });
    render(
      <TwoFactorGate client={client} required={false} onSignOut={vi.fn()}>
        <p>The page</p>
      </TwoFactorGate>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Confirm it is you' });
    await waitFor(() => expect(heading).toHaveFocus());
    const code = screen.getByLabelText('6-digit code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6 digits the app shows.')).toBeVisible();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // The admin's words on the field, not GoTrue's, and the cursor back in it for the next code.
    expect(
      await screen.findByText(
        'That code is not the right one. Check that the app shows this account, and type the newest code: they change every 30 seconds.',
      ),
    ).toBeVisible();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Invalid TOTP code entered/)).toBeNull();
    expect(screen.queryByText('The page')).toBeNull();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The page')).toBeVisible();
    expect(mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'f1', code: '123456' });
  });

  it('lets a member with a backup app say which app the code comes from', async () => {
    const { client, mfa } = fakeAuth({
      factors: [
        { ...verifiedFactor, friendly_name: 'Phone' },
        { ...verifiedFactor, id: 'f2', friendly_name: 'Tablet' },
      ],
    });
    render(
      <TwoFactorGate client={client} required={false} onSignOut={vi.fn()}>
        <p>The page</p>
      </TwoFactorGate>,
    );
    await userEvent.selectOptions(await screen.findByLabelText('Authenticator app'), 'Tablet');
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The page')).toBeVisible();
    expect(mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'f2', code: '123456' });
  });

  it('makes an administrator set up an app first where the site requires it', async () => {
    const { client } = fakeAuth();
    render(
      <TwoFactorGate client={client} required onSignOut={vi.fn()}>
        <p>The page</p>
      </TwoFactorGate>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    expect(
      (await screen.findByRole('img', { name: /QR code to add this account/ })).getAttribute('src'),
    ).toBe('data:image/svg+xml;utf-8,<svg/>');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('The page')).toBeVisible();
  });
});

describe('AccountSettings', () => {
  it('turns two-factor sign-in on, and off again after asking', async () => {
    const { client, mfa } = fakeAuth();
    render(<AccountSettings client={client} email="me@example.com" />);
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(
      await screen.findByText(
        'Two-factor sign-in is on. Next time you sign in, we will ask for a code.',
      ),
    ).toBeVisible();
    expect(screen.getByText(/Two-factor sign-in is on \(since/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Authenticator app' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Remove Authenticator app? It is your only app: two-factor sign-in turns off, and signing in takes only your password.',
    );
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f-new' });
    expect(
      await screen.findByText('Two-factor sign-in is off.', { selector: 'strong' }),
    ).toBeVisible();
  });

  it('adds a named backup app beside the first, and refuses a name already used', async () => {
    const { client, mfa } = fakeAuth({ factors: [{ ...verifiedFactor, friendly_name: 'Phone' }] });
    render(<AccountSettings client={client} email="me@example.com" />);
    const name = await screen.findByLabelText('Name of this app');
    expect(name).toHaveValue('Backup authenticator app');
    await userEvent.clear(name);
    await userEvent.type(name, 'Phone');
    await userEvent.click(screen.getByRole('button', { name: 'Add a backup authenticator app' }));
    expect(
      screen.getByText('You already have an app called "Phone": choose another name.'),
    ).toBeVisible();
    expect(mfa.enroll).not.toHaveBeenCalled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Tablet');
    await userEvent.click(screen.getByRole('button', { name: 'Add a backup authenticator app' }));
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByRole('button', { name: 'Remove Tablet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Phone' })).toBeVisible();
    expect(mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'Tablet' });
  });

  it('drops a set-up that was cancelled', async () => {
    const { client, mfa, factors } = fakeAuth();
    render(<AccountSettings client={client} email="me@example.com" />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f-new' });
    expect(factors).toEqual([]);
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  });

  it('changes the password when both fields agree, and shows the service’s refusal', async () => {
    const { client, updateUser } = fakeAuth();
    render(<AccountSettings client={client} email="me@example.com" />);
    await userEvent.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'another-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeVisible();
    expect(updateUser).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a-long-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'Your password has been changed. Your other sessions have been signed out.',
      ),
    ).toBeVisible();
    expect(updateUser).toHaveBeenCalledWith({ password: 'a-long-new-password' });
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    await userEvent.type(screen.getByLabelText('New password'), 'weak');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'weak');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That did not work: Password should be at least 8 characters.',
    );
  });

  it('asks to change the e-mail address, which waits for the confirmation link', async () => {
    const { client, updateUser } = fakeAuth();
    render(<AccountSettings client={client} email="me@example.com" />);
    expect(screen.getByText('You sign in as me@example.com.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('New e-mail address'), 'ME@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(screen.getByText('That is already your address.')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('New e-mail address'));
    await userEvent.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(
      await screen.findByText(
        'Check both inboxes: the change to new@example.com takes effect when you open the confirmation links we sent to it and to your current address.',
      ),
    ).toBeVisible();
    expect(updateUser).toHaveBeenCalledWith(
      { email: 'new@example.com' },
      { emailRedirectTo: window.location.href },
    );
  });
});
