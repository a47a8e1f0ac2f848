// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AppSupabaseClient } from '~/data/supabase';
import type { TeamRole } from '~/data/team';
import { AdminShell } from '~/admin/admin-shell';
import { TeamGate } from './team-gate';

/** supabase-js as far as getOwnTeamRole goes: from().select().eq().maybeSingle(). */
function clientAnswering(answer: {
  data: { role: string } | null;
  error: { message: string } | null;
}) {
  const eq = vi.fn(() => ({
    maybeSingle: () => Promise.resolve({ ...answer, status: answer.error ? 500 : 200 }),
  }));
  const from = vi.fn(() => ({ select: () => ({ eq }) }));
  return { client: { from } as unknown as AppSupabaseClient, from, eq };
}

function renderGate(
  client: AppSupabaseClient,
  allow: readonly TeamRole[],
  onSignOut = vi.fn(async () => {}),
) {
  const Stub = createRoutesStub([
    {
      path: '/admin/leads',
      Component: () => (
        <TeamGate
          client={client}
          userId="u1"
          email="someone@example.com"
          allow={allow}
          onSignOut={onSignOut}
        >
          {(role) => <p>The page, for the {role}</p>}
        </TeamGate>
      ),
    },
    { path: '/admin', Component: () => <p>Blog manager</p> },
  ]);
  render(<Stub initialEntries={['/admin/leads']} />);
  return { onSignOut };
}

describe('TeamGate', () => {
  it('opens the page to a role it allows, after looking up the signed-in user’s own row', async () => {
    const { client, from, eq } = clientAnswering({ data: { role: 'admin' }, error: null });
    renderGate(client, ['admin']);
    expect(screen.getByRole('status').textContent).toBe('Checking your access...');
    expect(await screen.findByText('The page, for the admin')).toBeVisible();
    expect(from).toHaveBeenCalledWith('team_members');
    expect(eq).toHaveBeenCalledWith('user_id', 'u1');
  });

  it('tells a signed-in user on no team that they have no access, and lets them sign out', async () => {
    const { client } = clientAnswering({ data: null, error: null });
    const { onSignOut } = renderGate(client, ['admin', 'editor']);
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'No access to the admin area',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText(/someone@example.com is signed in, but is not on the agency's team/),
    ).toBeVisible();
    expect(screen.queryByText(/The page/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('sends an editor from an administrators’ page on to the blog', async () => {
    const { client } = clientAnswering({ data: { role: 'editor' }, error: null });
    renderGate(client, ['admin']);
    expect(
      await screen.findByRole('heading', { name: 'Leads are for administrators' }),
    ).toBeVisible();
    expect(screen.queryByText(/The page/)).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Blog posts' }));
    expect(await screen.findByText('Blog manager')).toBeVisible();
  });

  it('says so when the role cannot be looked up, and shows nothing of the page', async () => {
    const { client } = clientAnswering({ data: null, error: { message: 'Network down' } });
    renderGate(client, ['admin']);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not check your access: Network down',
    );
    expect(screen.queryByText(/The page/)).toBeNull();
  });
});

describe('AdminShell', () => {
  function renderShell(role: TeamRole) {
    const Stub = createRoutesStub([
      {
        path: '/admin',
        Component: () => (
          <AdminShell email="e@example.com" role={role} onSignOut={async () => {}} newLeads={2}>
            <p>Body</p>
          </AdminShell>
        ),
      },
    ]);
    render(<Stub initialEntries={['/admin']} />);
  }

  it('shows administrators the Leads tab with its count', () => {
    renderShell('admin');
    expect(screen.getByRole('link', { name: 'Leads (2 new)' })).toBeVisible();
  });

  it('shows an editor no Leads tab', () => {
    renderShell('editor');
    expect(screen.queryByRole('link', { name: /Leads/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Blog posts' })).toBeVisible();
  });
});
