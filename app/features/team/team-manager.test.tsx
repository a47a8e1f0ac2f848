// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSupabaseClient } from '~/data/supabase';
import type { TeamEvent, TeamMember } from '~/data/team';
import { TeamManager } from './team-manager';

const me: TeamMember = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'owner@example.com',
  role: 'admin',
  lastSignInAt: '2026-11-24T08:30:00Z',
  invitedAt: null,
  pending: false,
  twoFactor: true,
};
const editor: TeamMember = {
  userId: '00000000-0000-4000-8000-000000000002',
  email: 'writer@example.com',
  role: 'editor',
  lastSignInAt: null,
  invitedAt: '2026-11-20T10:00:00Z',
  pending: true,
  twoFactor: false,
};

const client = {
  auth: { getSession: async () => ({ data: { session: { access_token: 'token-1' } } }) },
} as unknown as AppSupabaseClient;

/** The team endpoint: answers from `members`, records every call. */
function serveTeam(members: TeamMember[], history: TeamEvent[] = []) {
  const calls: Array<{ method: string; body: unknown; authorization: string | null }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
    calls.push({
      method,
      body,
      authorization: new Headers(init.headers).get('authorization'),
    });
    expect(url).toBe('/admin/api/team');
    if (method === 'GET') return Response.json({ members, history });
    if (method === 'PUT') {
      const member = members.find((m) => m.userId === body!.userId)!;
      history.unshift({
        id: history.length + 1,
        kind: 'invitation_resent',
        actorEmail: me.email,
        memberEmail: member.email,
        detail: null,
        at: '2026-11-26T09:00:00Z',
      });
      return Response.json({ email: member.email });
    }
    if (method === 'POST' && body?.resetTwoFactor) {
      members.find((m) => m.userId === body.resetTwoFactor)!.twoFactor = false;
      return Response.json({ removed: 1 });
    }
    if (method === 'POST' && body?.email === 'taken@example.com') {
      return Response.json({ error: 'taken@example.com is already on the team.' }, { status: 409 });
    }
    if (method === 'POST') {
      members.push({ ...editor, userId: 'new', email: body!.email!, role: 'editor' });
      return Response.json({ invited: true });
    }
    if (method === 'PATCH') {
      const member = members.find((m) => m.userId === body!.userId)!;
      member.role = body!.role as TeamMember['role'];
      return Response.json({ ok: true });
    }
    members.splice(
      members.findIndex((m) => m.userId === body!.userId),
      1,
    );
    return Response.json({ ok: true });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

beforeEach(() => vi.spyOn(window, 'confirm').mockReturnValue(true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(window.confirm).mockRestore();
});

describe('TeamManager', () => {
  it('lists the members with role, last sign-in and two-factor, with the session’s token', async () => {
    const calls = serveTeam([me, editor]);
    render(<TeamManager client={client} userId={me.userId} />);
    const table = await screen.findByRole('table', { name: /Members of the team/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('owner@example.com (you)Administrator'),
      expect.stringContaining('writer@example.com'),
    ]);
    expect(rows[0]!.textContent).toContain('24 Nov 2026');
    expect(rows[1]!.textContent).toContain('Invited 20 Nov 2026');
    expect(within(rows[1]!).getByText('Off')).toBeVisible();
    // One's own row can be neither changed nor removed: the team always keeps its administrator.
    expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(calls[0]).toEqual({ method: 'GET', body: null, authorization: 'Bearer token-1' });
  });

  it('invites a colleague with a role and shows them in the list', async () => {
    const calls = serveTeam([me]);
    render(<TeamManager client={client} userId={me.userId} />);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'editor');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(
        'Invitation sent to new@example.com. The link in it lets them choose a password and sign in.',
      ),
    ).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      role: 'editor',
    });
    expect(await screen.findByRole('rowheader', { name: 'new@example.com' })).toBeVisible();
  });

  it('refuses an invitation without an address, and shows the server’s refusal', async () => {
    const calls = serveTeam([me]);
    render(<TeamManager client={client} userId={me.userId} />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const field = screen.getByLabelText('E-mail address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter an e-mail address.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.type(field, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That did not work: taken@example.com is already on the team.',
    );
  });

  it('changes a member’s role and removes a member after asking', async () => {
    const calls = serveTeam([me, { ...editor, pending: false, lastSignInAt: null }]);
    render(<TeamManager client={client} userId={me.userId} />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of writer@example.com' }),
      'admin',
    );
    expect(await screen.findByText('writer@example.com is now an administrator.')).toBeVisible();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      userId: editor.userId,
      role: 'admin',
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove writer@example.com from the team' }),
    );
    expect(window.confirm).toHaveBeenCalledWith(
      'Remove writer@example.com from the team? Their account is deleted and every session of theirs ends.',
    );
    expect(
      await screen.findByText('writer@example.com has been removed from the team.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByText('writer@example.com')).toBeNull());
  });

  it('keeps a member when the removal is not confirmed', async () => {
    const calls = serveTeam([me, editor]);
    vi.mocked(window.confirm).mockReturnValue(false);
    render(<TeamManager client={client} userId={me.userId} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove writer@example.com from the team' }),
    );
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('rowheader', { name: 'writer@example.com' })).toBeVisible();
  });

  it('says why the team could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'Only administrators can manage the team.' }, { status: 403 }),
      ),
    );
    render(<TeamManager client={client} userId={me.userId} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the team: Only administrators can manage the team.',
    );
  });

  it('sends a pending invitation again, and the history says who did it', async () => {
    const calls = serveTeam([{ ...me }, { ...editor }]);
    render(<TeamManager client={client} userId={me.userId} />);
    expect(await screen.findByText('Nothing has happened to the team yet.')).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Resend invitation to writer@example.com' }),
    );
    expect(
      await screen.findByText(
        'A new invitation went to writer@example.com. Its link works for 24 hours; the earlier one works too until either is used.',
      ),
    ).toBeVisible();
    expect(calls.at(-2)).toMatchObject({ method: 'PUT', body: { userId: editor.userId } });
    const history = screen.getByRole('table', { name: 'Changes to the team, newest first' });
    expect(within(history).getByText('owner@example.com')).toBeVisible();
    expect(within(history).getByText('Sent writer@example.com the invitation again')).toBeVisible();
    // Only a pending member has the button.
    expect(screen.queryByRole('button', { name: /Resend invitation to owner/ })).toBeNull();
  });

  it('resets the two-factor sign-in of another member after asking, never one’s own', async () => {
    const careful = { ...editor, pending: false, twoFactor: true };
    const calls = serveTeam([{ ...me }, careful]);
    render(<TeamManager client={client} userId={me.userId} />);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Reset two-factor of writer@example.com',
      }),
    );
    expect(window.confirm).toHaveBeenCalledWith(
      expect.stringMatching(/^Reset the two-factor sign-in of writer@example.com\?/),
    );
    expect(
      await screen.findByText(/^The authenticator apps of writer@example.com are removed\./),
    ).toBeVisible();
    expect(calls.at(-2)).toMatchObject({
      method: 'POST',
      body: { resetTwoFactor: careful.userId },
    });
    expect(screen.queryByRole('button', { name: /Reset two-factor of owner/ })).toBeNull();
  });
});
