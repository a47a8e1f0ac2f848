// @vitest-environment jsdom
// The leads list and the lead's page as the owner sees them, against the data API at the network
// (a real supabase-js client answered from in-memory tables, leads-test-support.tsx): what the
// list shows, how it pages, sorts, filters and searches, what the exports download, and what the
// lead's page shows, saves and deletes.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lead, leadsData, mail, meetingRow, renderLeads } from './leads-test-support';

/** Spies on the browser's own functions, undone after each test (console.error is the setup's). */
const spies: Array<{ mockRestore(): void }> = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const BO = '00000000-0000-4000-8000-000000000002';
/** The list's link to a lead's page. */
const row = (name: string) => screen.findByRole('link', { name });
const annaPage = `/admin/leads/${'00000000-0000-4000-8000-000000000001'}`;
const where = () => screen.getByTestId('where').textContent;
/** The names the list shows, in its order. */
const listedNames = () =>
  screen.getAllByRole('row').flatMap((tr) => {
    const name = within(tr).queryByRole('link');
    return name ? [name.textContent] : [];
  });
const isLeadsList = (r: { method: string; path: string }) =>
  r.path === 'consultations' && r.method === 'GET';

describe('the leads list', () => {
  it('shows the loading state until the leads arrive', async () => {
    const api = leadsData([lead()]);
    const release = api.hold(isLeadsList);
    renderLeads(api.client);
    await screen.findByText('Loading leads...');
    await act(async () => release());
    await row('Anna Svensson');
    expect(screen.queryByText('Loading leads...')).not.toBeInTheDocument();
  });

  it('says so when there are no leads yet', async () => {
    renderLeads(leadsData([]).client);
    await screen.findByText('No leads yet.');
    expect(
      screen.getByText('Requests from the “Book a free strategy call” form appear here.'),
    ).toBeVisible();
    expect(screen.getByText('0 new leads')).toBeVisible();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = leadsData([lead()]);
    let fail = true;
    api.failWith((r) => fail && isLeadsList(r));
    renderLeads(api.client);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the leads. Please try again.',
    );
    expect(logged).toHaveBeenCalledWith('Could not load the leads:', expect.anything());
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await row('Anna Svensson')).toBeVisible();
  });

  it('shows each lead’s next meeting from the booking, and none for a lead without one', async () => {
    const api = leadsData([lead(), lead({ id: BO, name: 'Bo Ek' })], {
      meetings: [
        meetingRow(),
        // A cancelled call and another lead's are not Anna's next meeting.
        meetingRow({ id: 'm2', starts_at: '2026-11-30T09:00:00Z', status: 'cancelled' }),
      ],
    });
    renderLeads(api.client);
    await row('Anna Svensson');
    const anna = screen.getByRole('row', { name: /Anna Svensson/ });
    expect(await within(anna).findByText('1 Dec 2026, 10:00 CET')).toBeVisible();
    const bo = screen.getByRole('row', { name: /Bo Ek/ });
    expect(within(bo).getByText('No meeting')).toBeInTheDocument();
  });

  it('lists one compact row per lead, newest first, linking to its page, 50 to a page', async () => {
    const user = userEvent.setup();
    const now = Date.now();
    const older = Array.from({ length: 49 }, (_, i) =>
      lead({
        id: `00000000-0000-4000-8000-1000000000${String(i).padStart(2, '0')}`,
        name: `Older ${String(i).padStart(2, '0')}`,
        status: 'contacted',
        received_at: new Date(now - (50 + i) * 3_600_000).toISOString(),
      }),
    );
    const api = leadsData([
      lead({ received_at: new Date(now - 25 * 3_600_000).toISOString(), source: 'facebook' }),
      lead({
        id: BO,
        name: 'Bo Ek',
        status: 'contacted',
        owner_id: 'admin-id',
        received_at: new Date(now - 3_600_000).toISOString(),
      }),
      ...older,
    ]);
    renderLeads(api.client);
    const link = await row('Anna Svensson');
    expect(link).toHaveAttribute('href', annaPage);
    for (const header of ['Name', 'Company', 'Source', 'Status', 'Owner', 'Received'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Next meeting' })).toBeVisible();
    // Newest first: Bo came an hour ago, Anna a day ago.
    expect(listedNames().slice(0, 3)).toEqual(['Bo Ek', 'Anna Svensson', 'Older 00']);
    expect(listedNames()).toHaveLength(50);
    // Anna waited over 24 hours: said in words, not colour alone. Bo is the admin's.
    expect(screen.getByText('Over 24 h without contact')).toBeVisible();
    expect(
      within(screen.getByRole('row', { name: /Bo Ek/ })).getByRole('cell', {
        name: 'admin@example.com',
      }),
    ).toBeVisible();
    expect(screen.getByText('Showing 1–50 of 51 leads')).toBeVisible();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(where()).toBe('/admin/leads?page=2'));
    expect(await row('Older 48')).toBeVisible();
    expect(listedNames()).toEqual(['Older 48']);
    expect(screen.getByText('Showing 51–51 of 51 leads')).toBeVisible();
  });

  it('sorts by a column and filters by owner and by leads waiting over 24 hours', async () => {
    const user = userEvent.setup();
    const now = Date.now();
    const api = leadsData([
      lead({ source: 'google', received_at: new Date(now - 30 * 3_600_000).toISOString() }),
      lead({
        id: BO,
        name: 'Bo Ek',
        source: 'facebook',
        owner_id: 'admin-id',
        received_at: new Date(now - 3_600_000).toISOString(),
      }),
      lead({
        id: '00000000-0000-4000-8000-000000000003',
        name: 'Cia Berg',
        source: 'bing',
        owner_id: 'admin-id',
        received_at: new Date(now - 30 * 3_600_000).toISOString(),
      }),
    ]);
    renderLeads(api.client);
    await row('Anna Svensson');
    const sourceButton = screen.getByRole('button', { name: 'Source' });
    expect(sourceButton).toHaveAccessibleDescription('Sort by source, A to Z / oldest first');
    await user.click(sourceButton);
    await waitFor(() => expect(where()).toBe('/admin/leads?sort=source&dir=asc'));
    await waitFor(() => expect(listedNames()).toEqual(['Cia Berg', 'Bo Ek', 'Anna Svensson']));
    expect(screen.getByRole('columnheader', { name: /Source/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.selectOptions(screen.getByLabelText('Owner'), 'Mine');
    await waitFor(() => expect(where()).toBe('/admin/leads?owner=mine&sort=source&dir=asc'));
    await waitFor(() => expect(listedNames()).toEqual(['Cia Berg', 'Bo Ek']));
    await user.click(screen.getByLabelText('Only leads waiting over 24 hours'));
    await waitFor(() =>
      expect(where()).toBe('/admin/leads?owner=mine&overdue=1&sort=source&dir=asc'),
    );
    await waitFor(() => expect(listedNames()).toEqual(['Cia Berg']));
  });
});

describe('filter and search', () => {
  it('filters by status and searches, keeping both in the URL', async () => {
    const user = userEvent.setup();
    const api = leadsData([
      lead({ status: 'won', company_name: 'Anna Städ, "AB"' }),
      lead({ id: BO, name: 'Bo Ek', status: 'won', company_name: 'Bo Bygg AB' }),
      lead({ id: '00000000-0000-4000-8000-000000000003', name: 'Cia Berg' }),
    ]);
    renderLeads(api.client);
    await row('Cia Berg');

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Won');
    await waitFor(() => expect(where()).toBe('/admin/leads?status=won'));
    await waitFor(() => expect(listedNames().sort()).toEqual(['Anna Svensson', 'Bo Ek']));

    // Commas, quotes and the like in the search are text, never the filter's syntax.
    await user.type(screen.getByLabelText('Search name, e-mail or company'), ' Städ, "AB" ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/admin/leads?status=won&q=St%C3%A4d%2C+%22AB%22'));
    await waitFor(() => expect(listedNames()).toEqual(['Anna Svensson']));

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(where()).toBe('/admin/leads?status=won'));
    expect(screen.getByLabelText('Search name, e-mail or company')).toHaveValue('');
    await waitFor(() => expect(listedNames()).toHaveLength(2));
  });

  it('says when nothing matches', async () => {
    renderLeads(leadsData([lead()]).client, '/admin/leads?q=nobody');
    await screen.findByText('No leads match.');
    expect(screen.getByText('Try another status or search.')).toBeVisible();
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

  it('downloads the whole filtered list as CSV, past the 1,000 rows one read answers', async () => {
    const user = userEvent.setup();
    const files = catchDownloads();
    const many = Array.from({ length: 1_203 }, (_, i) =>
      lead({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: i === 0 ? 'Åsa Öberg' : `Lead ${i}`,
        email: `lead-${i}@example.se`,
        // Åsa came last, so the list's first page shows her.
        received_at: i === 0 ? '2026-11-24T09:00:00Z' : '2026-11-23T09:00:00Z',
      }),
    );
    const won = lead({ id: BO, name: 'Bo Won', status: 'won' });
    renderLeads(leadsData([...many, won]).client, '/admin/leads?status=new');
    await row('Åsa Öberg');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText(/^Exported 1,203 leads to leads-\d{4}-\d\d-\d\d\.csv\.$/);
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^leads-\d{4}-\d\d-\d\d\.csv$/);
    expect(files[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Åsa Öberg');
    expect(text).toContain('lead-1202@example.se');
    expect(text).not.toContain('Bo Won');
    expect(text.trimEnd().split('\r\n')).toHaveLength(1 + 1_203);
  });

  it('downloads every lead of one address with its mails as JSON', async () => {
    const user = userEvent.setup();
    const files = catchDownloads();
    const api = leadsData([lead(), lead({ id: BO, name: 'Bo Ek', email: 'bo@example.se' })], {
      mails: [mail({})],
    });
    renderLeads(api.client);
    await row('Anna Svensson');
    await user.click(screen.getByText('Data request (GDPR)'));
    await user.type(screen.getByLabelText('E-mail address'), ' ANNA@example.se ');
    await user.click(screen.getByRole('button', { name: 'Export data (JSON)' }));
    await screen.findByText(/^Exported 1 lead to lead-data-anna@example\.se-.*\.json\.$/);
    const data = JSON.parse(await files[0]!.blob.text());
    expect(data.email).toBe('ANNA@example.se');
    expect(data.consultations).toHaveLength(1);
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
    renderLeads(leadsData([lead()]).client);
    await row('Anna Svensson');
    await user.click(screen.getByText('Data request (GDPR)'));
    await user.type(screen.getByLabelText('E-mail address'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Export data (JSON)' }));
    await screen.findByText('No leads are stored for nobody@example.com.');
    expect(files).toHaveLength(0);
  });
});
