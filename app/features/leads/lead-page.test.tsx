// @vitest-environment jsdom
// The lead's page as the owner uses it, against the data API at the network
// (leads-test-support.tsx): every field, the attribution and the mails' delivery; saving the
// status, notes and owner; unsaved changes asked about before they are left; deleting.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lead, leadsData, mail, renderLeads } from './leads-test-support';

const spies: Array<{ mockRestore(): void }> = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const ANNA = '00000000-0000-4000-8000-000000000001';
const annaPage = `/admin/leads/${ANNA}`;

const card = () => screen.findByRole('article', { name: 'Anna Svensson' });
/** A fact of the lead's page: its term and its value, one pair of a description list. */
const fact = (term: string, value: string) => (_: string, element: Element | null) =>
  element?.tagName === 'DIV' && element.textContent === term + value;
const where = () => screen.getByTestId('where').textContent;
const storedAnna = (api: ReturnType<typeof leadsData>) =>
  api.tables.consultations!.find((row) => row.id === ANNA);

describe('what the lead sent', () => {
  it('shows every field, its attribution and how its mails were delivered', async () => {
    const api = leadsData([lead(), lead({ id: '00000000-0000-4000-8000-000000000002' })], {
      mails: [
        mail({}),
        mail({
          id: 'm2',
          kind: 'visitor_confirmation',
          status: 'pending',
          attempts: 2,
          last_error: 'connect ECONNREFUSED 127.0.0.1:25',
          sent_at: null,
        }),
        // Another lead's failed mail is not Anna's.
        mail({
          id: 'm3',
          consultation_id: '00000000-0000-4000-8000-000000000002',
          status: 'failed',
          last_error: '550 No such user',
        }),
      ],
    });
    renderLeads(api.client, annaPage);
    const anna = await card();
    expect(within(anna).getByRole('link', { name: 'anna@example.se' })).toHaveAttribute(
      'href',
      'mailto:anna@example.se',
    );
    expect(within(anna).getByRole('link', { name: '+46 70-123 45 67' })).toHaveAttribute(
      'href',
      'tel:+46701234567',
    );
    for (const text of [
      'Anna Städ AB',
      'Google',
      'Swedish',
      'We need more customers for our cleaning company.',
      'Call after lunch.',
      'facebook',
      'paid-social',
      'autumn-2026',
      'video-a',
      'https://www.facebook.com/',
      '/sv/book-call?utm_source=facebook',
      '23 Nov 2026, 10:00 CET',
      '23 Nov 2026, 09:59 CET',
    ])
      // Once each among the lead's fields (the timeline repeats the receipt's time).
      expect(
        within(anna).getByText(text, { ignore: 'script, style, .lead-timeline time' }),
      ).toBeVisible();
    expect(within(anna).getByText(fact('UTM term', '—none'))).toBeVisible();
    expect(
      await within(anna).findByText(
        'Pending (attempt 2, last error: connect ECONNREFUSED 127.0.0.1:25)',
      ),
    ).toBeVisible();
    expect(
      within(anna).getByText(fact('Agency notification', 'Sent 23 Nov 2026, 10:00 CET')),
    ).toBeVisible();
    expect(within(anna).queryByText(/550 No such user/)).not.toBeInTheDocument();
    expect(within(anna).getByText('New', { selector: '.admin-badge' })).toBeVisible();
    expect(within(anna).getByRole('heading', { name: 'Timeline' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Leads' })).toBeVisible();
  });

  it('shows the lead when its mails cannot be loaded, saying so', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = leadsData([lead()]);
    api.failWith((request) => request.path === 'consultation_mails');
    renderLeads(api.client, annaPage);
    const anna = await card();
    expect(await within(anna).findByText('Could not load the delivery state.')).toBeVisible();
    expect(logged).toHaveBeenCalledWith('Could not load the lead’s mails:', expect.anything());
  });
});

describe('status and notes', () => {
  it('saves them, says so, and updates the badge and the count of new leads', async () => {
    const user = userEvent.setup();
    const api = leadsData([lead()]);
    renderLeads(api.client, annaPage);
    const anna = await card();
    await screen.findByRole('link', { name: 'Leads (1 new)' });

    await user.selectOptions(within(anna).getByLabelText('Status'), 'Contacted');
    await user.type(within(anna).getByLabelText('Notes'), 'Called, wants a quote.');
    await user.click(within(anna).getByRole('button', { name: 'Save changes' }));

    expect(
      await within(anna).findByText('Saved the changes to Anna Svensson’s lead.'),
    ).toHaveAttribute('role', 'status');
    expect(storedAnna(api)).toMatchObject({
      status: 'contacted',
      notes: 'Called, wants a quote.',
      owner_id: null,
    });
    expect(within(anna).getByText('Contacted', { selector: '.admin-badge' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Leads (0 new)' })).toBeVisible();
  });

  it('stores blank notes as none', async () => {
    const user = userEvent.setup();
    const api = leadsData([lead({ notes: 'old' })]);
    renderLeads(api.client, annaPage);
    const anna = await card();
    await user.clear(within(anna).getByLabelText('Notes'));
    await user.type(within(anna).getByLabelText('Notes'), '   ');
    await user.click(within(anna).getByRole('button', { name: 'Save changes' }));
    await within(anna).findByText('Saved the changes to Anna Svensson’s lead.');
    expect(storedAnna(api)).toMatchObject({ status: 'new', notes: null, owner_id: null });
    expect(within(anna).getByLabelText('Notes')).toHaveValue('');
  });

  it('says when saving failed and keeps what was typed', async () => {
    const user = userEvent.setup();
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = leadsData([lead()]);
    api.failWith((request) => request.method === 'PATCH', 403);
    renderLeads(api.client, annaPage);
    const anna = await card();
    await user.selectOptions(within(anna).getByLabelText('Status'), 'Booked');
    await user.click(within(anna).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(anna).findByText('Could not save the changes. Please try again.'),
    ).toBeInTheDocument();
    expect(within(anna).getByLabelText('Status')).toHaveValue('booked');
    expect(within(anna).getByText('New', { selector: '.admin-badge' })).toBeVisible();
    expect(storedAnna(api)).toMatchObject({ status: 'new' });
    expect(logged).toHaveBeenCalledWith(`Could not save the lead ${ANNA}:`, expect.anything());
  });
});

describe('unsaved changes', () => {
  it('asks before leaving the lead’s page with unsaved notes, and stays when told to', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    spies.push(confirm);
    renderLeads(leadsData([lead()]).client, annaPage);
    const anna = await card();
    await user.type(within(anna).getByLabelText('Notes'), 'Half a thought');
    expect(
      within(anna).getByText('You have unsaved changes to the status, notes or owner.'),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to Leads' }));
    expect(confirm).toHaveBeenCalledWith(
      'You have unsaved changes to this lead. Leave without saving?',
    );
    expect(where()).toBe(annaPage);
    expect(within(anna).getByLabelText('Notes')).toHaveValue('Half a thought');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: /^Leads/ }));
    await waitFor(() => expect(where()).toBe('/admin/leads'));
  });
});

describe('deleting', () => {
  it('asks first, naming the lead, and keeps it when told not to', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    spies.push(confirm);
    const api = leadsData([lead()]);
    renderLeads(api.client, annaPage);
    const anna = await card();
    await user.click(within(anna).getByRole('button', { name: 'Delete lead from Anna Svensson' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete the lead from Anna Svensson (anna@example.se)? Its mail delivery records are deleted with it. This cannot be undone.',
    );
    expect(storedAnna(api)).toBeDefined();
    expect(where()).toBe(annaPage);
  });

  it('keeps the lead and says so when the delete fails', async () => {
    const user = userEvent.setup();
    spies.push(vi.spyOn(window, 'confirm').mockReturnValue(true));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = leadsData([lead()]);
    api.failWith((request) => request.method === 'DELETE', 403);
    renderLeads(api.client, annaPage);
    const anna = await card();
    await user.click(within(anna).getByRole('button', { name: 'Delete lead from Anna Svensson' }));
    expect(
      await within(anna).findByText('Could not delete the lead. Please try again.'),
    ).toBeInTheDocument();
    expect(storedAnna(api)).toBeDefined();
    expect(logged).toHaveBeenCalledWith(`Could not delete the lead ${ANNA}:`, expect.anything());
  });

  it('removes it when confirmed and returns to the list, which says what went', async () => {
    const user = userEvent.setup();
    spies.push(vi.spyOn(window, 'confirm').mockReturnValue(true));
    const api = leadsData([
      lead(),
      lead({ id: '00000000-0000-4000-8000-000000000002', name: 'Bo Ek' }),
    ]);
    renderLeads(api.client, annaPage);
    const anna = await card();
    await user.click(within(anna).getByRole('button', { name: 'Delete lead from Anna Svensson' }));
    await waitFor(() => expect(where()).toBe('/admin/leads'));
    expect(await screen.findByText('Deleted the lead from Anna Svensson.')).toBeVisible();
    expect(storedAnna(api)).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Bo Ek' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Anna Svensson' })).not.toBeInTheDocument();
  });
});
