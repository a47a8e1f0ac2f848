// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadSearchFilter, type Lead } from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';
import { LeadDetail } from './lead-detail';
import {
  failure,
  fakeClient,
  lead,
  leadsAnswering,
  leadsListRoute,
  mail,
  ok,
  Where,
  type Result,
} from './leads-test-support';

/** Spies on the browser's own functions, undone after each test (console.error is the setup's). */
const spies: Array<{ mockRestore(): void }> = [];
afterEach(() => {
  cleanup();
  for (const spy of spies.splice(0)) spy.mockRestore();
});

function renderLeads(client: AppSupabaseClient, path = '/admin/leads') {
  const Stub = createRoutesStub([
    leadsListRoute(client),
    {
      path: '/admin/leads/:id',
      Component: function Detail() {
        const { id = '' } = useParams();
        return (
          <>
            <LeadDetail
              client={client}
              leadId={id}
              email="admin@example.com"
              role="admin"
              onSignOut={async () => {}}
            />
            <Where />
          </>
        );
      },
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** The lead's own page (the article named after the lead), and the list's link to it. */
const card = (name: string) => screen.findByRole('article', { name });
const row = (name: string) => screen.findByRole('link', { name });
const annaPage = `/admin/leads/${'00000000-0000-4000-8000-000000000001'}`;
const where = () => screen.getByTestId('where').textContent;

describe('the leads list', () => {
  it('shows the loading state until the leads arrive', async () => {
    let release: (result: Result) => void = () => {};
    const pending = new Promise<Result>((resolve) => (release = resolve));
    const { client } = fakeClient((request) =>
      request.table === 'consultations' && !request.head ? pending : ok([], 0),
    );
    renderLeads(client);
    await screen.findByText('Loading leads...');
    await act(async () => release(ok([lead()], 1)));
    await row('Anna Svensson');
    expect(screen.queryByText('Loading leads...')).toBeNull();
  });

  it('says so when there are no leads yet', async () => {
    const { client } = leadsAnswering([]);
    renderLeads(client);
    await screen.findByText('No leads yet.');
    screen.getByText('Requests from the “Book a free strategy call” form appear here.');
    screen.getByText('0 new leads');
  });

  it('shows the lead’s own page with every field, its attribution and its mails', async () => {
    const { client, requests } = leadsAnswering(
      [
        lead(),
        lead({
          id: '00000000-0000-4000-8000-000000000002',
          name: 'Bo Ek',
          status: 'won',
          language: 'english',
        }),
      ],
      {
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
          mail({
            id: 'm3',
            consultation_id: '00000000-0000-4000-8000-000000000002',
            status: 'failed',
            last_error: '550 No such user',
          }),
        ],
      },
    );
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));

    await waitFor(() =>
      expect(requests.find((r) => r.table === 'consultation_mails')?.call('in')).toEqual([
        'consultation_id',
        ['00000000-0000-4000-8000-000000000001'],
      ]),
    );

    expect(anna.getByRole('link', { name: 'anna@example.se' }).getAttribute('href')).toBe(
      'mailto:anna@example.se',
    );
    expect(anna.getByRole('link', { name: '+46 70-123 45 67' }).getAttribute('href')).toBe(
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
      'Nov 23, 2026, 10:00 AM',
      'Nov 23, 2026, 09:59 AM',
    ])
      // Once each among the lead's fields (the timeline repeats the receipt's time).
      anna.getByText(text, { ignore: 'script, style, .lead-timeline time' });
    expect(anna.getByText('UTM term').nextElementSibling?.textContent).toBe('—none');
    expect(anna.getByText('Agency notification').nextElementSibling?.textContent).toBe(
      'Sent Nov 23, 2026, 10:00 AM',
    );
    await anna.findByText('Pending (attempt 2, last error: connect ECONNREFUSED 127.0.0.1:25)');
    expect(anna.getByText('New', { selector: '.admin-badge' })).toBeTruthy();

    anna.getByText('Timeline');
    screen.getByRole('link', { name: 'Back to Leads' });
  });

  it('shows the lead when its mails cannot be loaded, saying so', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client } = leadsAnswering([lead()], { mails: failure() });
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));
    await anna.findByText('Could not load the delivery state.');
    expect(logged).toHaveBeenCalledWith('Could not load the lead’s mails:', expect.anything());
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    let fail = true;
    const { client } = leadsAnswering([lead()], {
      override: (request) =>
        fail && request.table === 'consultations' && !request.head ? failure() : undefined,
    });
    renderLeads(client);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the leads. Please try again.',
    );
    expect(logged).toHaveBeenCalledWith('Could not load the leads:', expect.anything());
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await row('Anna Svensson');
  });

  it('shows each lead’s next meeting from the booking, and none for a lead without one', async () => {
    const { client, requests } = leadsAnswering(
      [lead(), lead({ id: '00000000-0000-4000-8000-000000000002', name: 'Bo Ek' })],
      {
        meetings: [
          {
            id: 'meeting-1',
            consultation_id: lead().id,
            starts_at: '2026-12-01T09:00:00Z',
            ends_at: '2026-12-01T09:30:00Z',
            status: 'active',
          },
        ],
      },
    );
    renderLeads(client);
    await row('Anna Svensson');
    const anna = screen.getByRole('row', { name: /Anna Svensson/ });
    await within(anna).findByText('Dec 1, 2026, 10:00 AM CET');
    const bo = screen.getByRole('row', { name: /Bo Ek/ });
    within(bo).getByText('No meeting');
    const asked = requests.find((r) => r.table === 'meetings')!;
    expect(asked.call('in')).toEqual([
      'consultation_id',
      [lead().id, '00000000-0000-4000-8000-000000000002'],
    ]);
    expect(asked.call('eq')).toEqual(['status', 'active']);
  });

  it('lists one compact row per lead, newest first, linking to its page, 50 to a page', async () => {
    const user = userEvent.setup();
    const now = Date.now();
    const { client, requests } = leadsAnswering(
      [
        lead({ received_at: new Date(now - 25 * 3_600_000).toISOString(), source: 'facebook' }),
        lead({
          id: '00000000-0000-4000-8000-000000000002',
          name: 'Bo Ek',
          status: 'contacted',
          owner_id: 'admin-id',
        }),
      ],
      { total: 51 },
    );
    renderLeads(client);
    const link = await row('Anna Svensson');
    expect(link.getAttribute('href')).toBe(annaPage);
    const list = requests.find((r) => r.table === 'consultations' && !r.head)!;
    expect(list.calls).toContainEqual({
      method: 'order',
      args: ['received_at', { ascending: false }],
    });
    expect(list.call('range')).toEqual([0, 49]);
    for (const header of [
      'Name',
      'Company',
      'Source',
      'Status',
      'Owner',
      'Received',
      'Next meeting',
    ])
      screen.getByRole('columnheader', { name: new RegExp(header) });
    // Anna waited over 24 hours: said in words, not colour alone. Bo is the admin's.
    screen.getByText('Over 24 h without contact');
    screen.getAllByText('Unassigned', { selector: 'span' });
    screen.getByRole('cell', { name: 'admin@example.com' });
    screen.getByText('Showing 1–2 of 51 leads');
    screen.getByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(where()).toBe('/admin/leads?page=2'));
    await waitFor(() =>
      expect(requests.some((r) => r.call('range')?.join() === '50,99')).toBe(true),
    );
  });

  it('sorts by a column and filters by owner and by leads waiting over 24 hours', async () => {
    const user = userEvent.setup();
    const { client, requests } = leadsAnswering([lead()]);
    renderLeads(client);
    await row('Anna Svensson');
    const sourceButton = screen.getByRole('button', { name: 'Source' });
    const hint = document.getElementById(sourceButton.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Sort by source, A to Z / oldest first');
    await user.click(sourceButton);
    await waitFor(() => expect(where()).toBe('/admin/leads?sort=source&dir=asc'));
    await waitFor(() =>
      expect(
        requests.some((r) => r.calls.some((c) => c.method === 'order' && c.args[0] === 'source')),
      ).toBe(true),
    );
    expect(screen.getByRole('columnheader', { name: /Source/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await user.selectOptions(screen.getByLabelText('Owner'), 'Mine');
    await waitFor(() => expect(where()).toBe('/admin/leads?owner=mine&sort=source&dir=asc'));
    await waitFor(() =>
      expect(requests.some((r) => r.call('eq')?.join() === 'owner_id,admin-id')).toBe(true),
    );
    await user.click(screen.getByLabelText('Only leads waiting over 24 hours'));
    await waitFor(() =>
      expect(where()).toBe('/admin/leads?owner=mine&overdue=1&sort=source&dir=asc'),
    );
    await waitFor(() => expect(requests.some((r) => r.call('lte'))).toBe(true));
  });
});

describe('status and notes', () => {
  it('saves them, says so, and updates the badge and the count of new leads', async () => {
    const user = userEvent.setup();
    let stored = lead();
    const { client, requests } = fakeClient((request) => {
      if (request.table === 'consultation_mails') return ok([]);
      if (request.action === 'update') {
        stored = { ...stored, ...(request.call('update')![0] as Partial<Lead>) };
        return ok(stored);
      }
      if (request.head) return ok(null, stored.status === 'new' ? 1 : 0);
      return ok([stored], 1);
    });
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));
    await screen.findByRole('link', { name: 'Leads (1 new)' });

    await user.selectOptions(anna.getByLabelText('Status'), 'Contacted');
    await user.type(anna.getByLabelText('Notes'), 'Called, wants a quote.');
    await user.click(anna.getByRole('button', { name: 'Save changes' }));

    await anna.findByText('Saved the changes to Anna Svensson’s lead.');
    expect(anna.getByText('Saved the changes to Anna Svensson’s lead.').getAttribute('role')).toBe(
      'status',
    );
    const update = requests.find((r) => r.action === 'update')!;
    expect(update.call('update')).toEqual([
      { status: 'contacted', notes: 'Called, wants a quote.', owner_id: null },
    ]);
    expect(update.call('eq')).toEqual(['id', '00000000-0000-4000-8000-000000000001']);
    anna.getByText('Contacted', { selector: '.admin-badge' });
    await screen.findByRole('link', { name: 'Leads (0 new)' });
  });

  it('stores blank notes as none', async () => {
    const user = userEvent.setup();
    const { client, requests } = leadsAnswering([lead({ notes: 'old' })], {
      override: (request) => (request.action === 'update' ? ok(lead()) : undefined),
    });
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));
    await user.clear(anna.getByLabelText('Notes'));
    await user.type(anna.getByLabelText('Notes'), '   ');
    await user.click(anna.getByRole('button', { name: 'Save changes' }));
    await anna.findByText('Saved the changes to Anna Svensson’s lead.');
    expect(requests.find((r) => r.action === 'update')!.call('update')).toEqual([
      { status: 'new', notes: null, owner_id: null },
    ]);
  });

  it('says when saving failed and keeps what was typed', async () => {
    const user = userEvent.setup();
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client } = leadsAnswering([lead()], {
      override: (request) => (request.action === 'update' ? failure(403) : undefined),
    });
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));
    await user.selectOptions(anna.getByLabelText('Status'), 'Booked');
    await user.click(anna.getByRole('button', { name: 'Save changes' }));
    await anna.findByText('Could not save the changes. Please try again.');
    expect((anna.getByLabelText('Status') as HTMLSelectElement).value).toBe('booked');
    anna.getByText('New', { selector: '.admin-badge' });
    expect(logged).toHaveBeenCalledWith(
      'Could not save the lead 00000000-0000-4000-8000-000000000001:',
      expect.anything(),
    );
  });
});

describe('unsaved changes', () => {
  it('asks before leaving the lead’s page with unsaved notes, and stays when told to', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    spies.push(confirm);
    const { client } = leadsAnswering([lead()]);
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));
    await user.type(anna.getByLabelText('Notes'), 'Half a thought');
    anna.getByText('You have unsaved changes to the status, notes or owner.');
    await user.click(screen.getByRole('link', { name: 'Back to Leads' }));
    expect(confirm).toHaveBeenCalledWith(
      'You have unsaved changes to this lead. Leave without saving?',
    );
    expect(where()).toBe(annaPage);
    expect((anna.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Half a thought');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: /^Leads/ }));
    await waitFor(() => expect(where()).toBe('/admin/leads'));
  });
});

describe('deleting', () => {
  it('asks first, naming the lead, then removes it and returns to the list', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    spies.push(confirm);
    const { client, requests } = leadsAnswering([
      lead(),
      lead({ id: '00000000-0000-4000-8000-000000000002', name: 'Bo Ek' }),
    ]);
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));
    const remove = anna.getByRole('button', { name: 'Delete lead from Anna Svensson' });

    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      'Delete the lead from Anna Svensson (anna@example.se)? Its mail delivery records are deleted with it. This cannot be undone.',
    );
    expect(requests.some((r) => r.action === 'delete')).toBe(false);

    confirm.mockReturnValue(true);
    await user.click(remove);
    // Back at the list, which says what went.
    await waitFor(() => expect(where()).toBe('/admin/leads'));
    const deletion = requests.find((r) => r.action === 'delete')!;
    expect(deletion.table).toBe('consultations');
    expect(deletion.call('eq')).toEqual(['id', '00000000-0000-4000-8000-000000000001']);
    await screen.findByText('Deleted the lead from Anna Svensson.');
  });

  it('keeps the lead and says so when the delete fails', async () => {
    const user = userEvent.setup();
    spies.push(vi.spyOn(window, 'confirm').mockReturnValue(true));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { client } = leadsAnswering([lead()], {
      override: (request) => (request.action === 'delete' ? failure(403) : undefined),
    });
    renderLeads(client, annaPage);
    const anna = within(await card('Anna Svensson'));
    await user.click(anna.getByRole('button', { name: 'Delete lead from Anna Svensson' }));
    await anna.findByText('Could not delete the lead. Please try again.');
    expect(logged).toHaveBeenCalledWith(
      'Could not delete the lead 00000000-0000-4000-8000-000000000001:',
      expect.anything(),
    );
  });
});

describe('filter and search', () => {
  it('filters by status and searches, keeping both in the URL', async () => {
    const user = userEvent.setup();
    const { client, requests } = leadsAnswering([lead()]);
    renderLeads(client);
    await row('Anna Svensson');

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Won');
    await waitFor(() => expect(where()).toBe('/admin/leads?status=won'));
    await waitFor(() =>
      expect(
        requests.some((r) => !r.head && r.call('eq')?.join() === 'status,won' && r.call('range')),
      ).toBe(true),
    );

    await user.type(screen.getByLabelText('Search name, e-mail or company'), ' Städ, "AB" ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/admin/leads?status=won&q=St%C3%A4d%2C+%22AB%22'));
    await waitFor(() =>
      expect(requests.some((r) => r.call('or')?.[0] === leadSearchFilter('Städ, "AB"'))).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(where()).toBe('/admin/leads?status=won'));
    expect(
      (screen.getByLabelText('Search name, e-mail or company') as HTMLInputElement).value,
    ).toBe('');
  });

  it('says when nothing matches', async () => {
    const { client } = leadsAnswering([]);
    renderLeads(client, '/admin/leads?q=nobody');
    await screen.findByText('No leads match.');
    screen.getByText('Try another status or search.');
  });
});

describe('exports', () => {
  /** Catches the file the page hands to the browser. */
  function catchDownloads() {
    const files: Array<{ name: string; blob: Blob }> = [];
    let blob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: (value: Blob) => ((blob = value), 'blob:fake'),
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    spies.push(click);
    click.mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, blob: blob! });
    });
    return files;
  }

  it('downloads the filtered list as CSV, fetched 1000 rows at a time', async () => {
    const user = userEvent.setup();
    const files = catchDownloads();
    const { client, requests } = leadsAnswering([lead({ name: 'Åsa Öberg' })]);
    renderLeads(client, '/admin/leads?status=new');
    await row('Åsa Öberg');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText(/^Exported 1 lead to leads-\d{4}-\d\d-\d\d\.csv\.$/);
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^leads-\d{4}-\d\d-\d\d\.csv$/);
    expect(files[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Åsa Öberg');
    const exportRequest = requests.findLast((r) => r.table === 'consultations' && !r.head)!;
    expect(exportRequest.call('range')).toEqual([0, 999]);
    expect(exportRequest.call('eq')).toEqual(['status', 'new']);
  });

  it('downloads every lead of one address with its mails as JSON', async () => {
    const user = userEvent.setup();
    const files = catchDownloads();
    const { client, requests } = leadsAnswering([lead()], { mails: [mail({})] });
    renderLeads(client);
    await row('Anna Svensson');
    await user.click(screen.getByText('Data request (GDPR)'));
    await user.type(screen.getByLabelText('E-mail address'), ' ANNA@example.se ');
    await user.click(screen.getByRole('button', { name: 'Export data (JSON)' }));
    await screen.findByText(/^Exported 1 lead to lead-data-anna@example\.se-.*\.json\.$/);
    expect(requests.some((r) => r.call('ilike')?.[1] === 'ANNA@example.se')).toBe(true);
    const data = JSON.parse(await files[0]!.blob.text());
    expect(data.email).toBe('ANNA@example.se');
    expect(data.consultations[0]).toMatchObject({
      id: '00000000-0000-4000-8000-000000000001',
      utm_source: 'facebook',
    });
    expect(data.consultations[0].mails[0]).toMatchObject({
      kind: 'agency_notification',
      status: 'sent',
    });
  });

  it('says when no lead is stored for the address', async () => {
    const user = userEvent.setup();
    const files = catchDownloads();
    const { client } = leadsAnswering([lead()], {
      override: (request) => (request.call('ilike') ? ok([]) : undefined),
    });
    renderLeads(client);
    await row('Anna Svensson');
    await user.click(screen.getByText('Data request (GDPR)'));
    await user.type(screen.getByLabelText('E-mail address'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Export data (JSON)' }));
    await screen.findByText('No leads are stored for nobody@example.com.');
    expect(files).toHaveLength(0);
  });
});
