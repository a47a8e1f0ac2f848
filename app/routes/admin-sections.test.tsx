// @vitest-environment jsdom
// The admin bar across two domains: from the leads list to the blog manager and back. It lives
// with the route modules because it composes two features, which may not import each other.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppSupabaseClient } from '~/data/supabase';
import { BlogManager } from '~/features/blog/blog-manager';
import { lead, leadsData, leadsListRoute, Where } from '~/features/leads/leads-test-support';

function renderAdmin(client: AppSupabaseClient, path = '/admin/leads') {
  const Stub = createRoutesStub([
    leadsListRoute(client),
    {
      path: '/admin',
      Component: () => (
        <>
          <BlogManager
            client={client}
            email="admin@example.com"
            role="admin"
            onSignOut={async () => {}}
          />
          <Where />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const where = () => screen.getByTestId('where').textContent;

describe('the admin bar', () => {
  it('switches between Leads and Blog posts, marking the current one and counting new leads', async () => {
    const user = userEvent.setup();
    const { client } = leadsData([
      lead(),
      lead({ id: '00000000-0000-4000-8000-000000000002', name: 'Bo Ek' }),
    ]);
    renderAdmin(client);
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const leadsTab = await within(nav).findByRole('link', { name: 'Leads (2 new)' });
    expect(leadsTab.getAttribute('aria-current')).toBe('page');
    const postsTab = within(nav).getByRole('link', { name: 'Blog posts' });
    expect(postsTab.getAttribute('aria-current')).toBeNull();
    screen.getByText('Welcome, admin@example.com');
    screen.getByRole('link', { name: 'Back to Blog' });

    await user.click(postsTab);
    await waitFor(() => expect(where()).toBe('/admin'));
    await screen.findByRole('heading', { level: 1, name: 'Blog Posts Management' });
    expect(
      within(screen.getByRole('navigation', { name: 'Admin sections' }))
        .getByRole('link', { name: 'Blog posts' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });
});
