// @vitest-environment jsdom
// The lead's page against its data API at the network (tests/support/lead-page-api.ts): who owns
// the lead, its next call, its timeline and how a save, a failure or a slow answer reads to the
// owner. The leads list's tests walk the same page from the list.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Lead } from '~/data/consultations';
import { aStoredLead } from '#tests/support/leads.ts';
import { leadPageApi, type LeadPageTables } from '#tests/support/lead-page-api.ts';
import { LeadDetail } from './lead-detail';

afterEach(() => vi.useRealTimers());

const annaId = '00000000-0000-4000-8000-000000000001';
const admin = { user_id: 'admin-id', email: 'admin@example.com' };

const anna = (fields: Partial<Lead> = {}): Lead =>
  aStoredLead({
    id: annaId,
    name: 'Anna Svensson',
    email: 'anna@example.se',
    source: 'facebook',
    received_at: '2026-11-23T09:00:00Z',
    updated_at: '2026-11-23T09:00:00Z',
    ...fields,
  });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The lead's page at /admin/leads/{id}, its data answered by `api`. */
function openLeadPage(api: ReturnType<typeof leadPageApi>, id = annaId) {
  const Stub = createRoutesStub([
    { path: '/admin/leads', Component: Where },
    {
      path: '/admin/leads/:id',
      Component: function Page() {
        const { id: leadId = '' } = useParams();
        return (
          <LeadDetail
            client={api.client}
            leadId={leadId}
            email="admin@example.com"
            role="admin"
            onSignOut={async () => {}}
            loadCallTimes={async () => ({ meetingMinutes: 30, bufferMinutes: 15, days: [] })}
          />
        );
      },
    },
  ]);
  render(<Stub initialEntries={[`/admin/leads/${id}`]} />);
}

const withAnna = (tables: Partial<LeadPageTables> = {}) =>
  leadPageApi({ owners: [admin], consultations: [anna()], ...tables });

/** The timeline's entries as the owner reads them, oldest first, once it has any. */
async function timeline(): Promise<string[]> {
  const region = await screen.findByRole('region', { name: 'Timeline' });
  const entries = await within(region).findAllByRole('listitem');
  return entries.map((entry) => entry.textContent ?? '');
}

/** What the lead's contact details say for one term ("Owner", "Next meeting"). */
function fact(term: string): string | null {
  const contact = screen.getByRole('region', { name: 'Contact' });
  return within(contact).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
}

async function save(fields: { status?: string; notes?: string; owner?: string }) {
  const user = userEvent.setup();
  if (fields.status) await user.selectOptions(screen.getByLabelText('Status'), fields.status);
  if (fields.owner) await user.selectOptions(screen.getByLabelText('Owner'), fields.owner);
  if (fields.notes) await user.type(screen.getByLabelText('Notes'), fields.notes);
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await screen.findByText('Saved the changes to Anna Svensson’s lead.');
}

describe('the lead’s page', () => {
  it('shows who owns the lead, its next call, and what happened to it, oldest first', async () => {
    openLeadPage(
      withAnna({
        consultations: [anna({ owner_id: 'admin-id' })],
        consultation_mails: [
          {
            id: 'mail-1',
            consultation_id: annaId,
            kind: 'agency_notification',
            status: 'sent',
            attempts: 2,
            next_attempt_at: '2026-11-23T09:00:00Z',
            locked_until: null,
            last_error: null,
            sent_at: '2026-11-23T09:01:00Z',
            created_at: '2026-11-23T09:00:00Z',
          },
        ],
        meetings: [
          {
            id: 'call-cancelled',
            consultation_id: annaId,
            starts_at: '2099-11-30T09:00:00Z',
            ends_at: '2099-11-30T09:30:00Z',
            status: 'cancelled',
          },
          {
            id: 'call',
            consultation_id: annaId,
            starts_at: '2099-12-01T09:00:00Z',
            ends_at: '2099-12-01T09:30:00Z',
            status: 'active',
          },
        ],
        lead_events: [
          {
            id: 1,
            consultation_id: annaId,
            kind: 'mail_sent',
            data: { mail_kind: 'agency_notification', attempts: 2 },
            author_id: null,
            author_email: null,
            created_at: '2026-11-23T09:01:00Z',
          },
        ],
      }),
    );
    await screen.findByRole('article', { name: 'Anna Svensson' });
    expect(await timeline()).toEqual([
      'Received from the form (source: facebook)23 Nov 2026, 10:00 CET by the site',
      'Agency notification queued23 Nov 2026, 10:00 CET by the site',
      'Agency notification sent (after 2 attempts)23 Nov 2026, 10:01 CET by the site',
    ]);
    expect(fact('Owner')).toBe('admin@example.com');
    expect(fact('Next meeting')).toBe('1 Dec 2099, 10:00 CET');
    expect(
      screen.getByText('Agency notification', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('Sent 23 Nov 2026, 10:01 CET');
  });

  it('adds a save to the timeline, keeping the entries it had until the new ones come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T08:00:00Z'));
    const api = withAnna();
    openLeadPage(api);
    const received = 'Received from the form (source: facebook)23 Nov 2026, 10:00 CET by the site';
    expect(await timeline()).toEqual([received]);
    const history = api.hold('lead_events');

    await save({ status: 'Contacted', owner: 'admin@example.com', notes: 'Wants a quote.' });
    expect(api.tables.consultations[0]).toMatchObject({
      status: 'contacted',
      owner_id: 'admin-id',
      notes: 'Wants a quote.',
    });
    expect(await timeline()).toEqual([received]);

    await act(async () => history.release());
    await screen.findByText('Status changed from New to Contacted');
    const by = '24 Nov 2026, 09:00 CET by admin@example.com';
    expect(await timeline()).toEqual([
      received,
      `Status changed from New to Contacted${by}`,
      `Owner set to admin@example.com${by}`,
      `Notes saved${by}Wants a quote.`,
    ]);
  });

  it('never lets the history of an earlier save replace that of a later one', async () => {
    const api = withAnna();
    openLeadPage(api);
    await timeline();
    const first = api.hold('lead_events');
    await save({ status: 'Contacted' });
    await save({ status: 'Won' });
    await screen.findByText('Status changed from Contacted to Won');

    // The first save's history answers last, holding only its own change. A macrotask runs only
    // once every promise continuation has, so by then the page has seen that answer.
    await act(async () => {
      first.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getAllByText(/^Status changed/).map((entry) => entry.textContent)).toEqual([
      'Status changed from New to Contacted',
      'Status changed from Contacted to Won',
    ]);
  });

  it('shows the lead when its history cannot be loaded, saying so', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = withAnna();
    api.fail('lead_events');
    openLeadPage(api);
    await screen.findByText('Could not load the history of this lead.');
    screen.getByRole('article', { name: 'Anna Svensson' });
    expect(logged).toHaveBeenCalledWith('Could not load the lead’s history:', expect.anything());
  });
});

describe('the owner', () => {
  it('reads as a former administrator when the lead’s owner is no longer one', async () => {
    openLeadPage(withAnna({ consultations: [anna({ owner_id: 'gone-id' })] }));
    await screen.findByRole('option', { name: 'Former administrator' });
    expect(fact('Owner')).toBe('Former administrator');
    const owner = screen.getByLabelText<HTMLSelectElement>('Owner');
    expect(owner.selectedOptions[0]?.textContent).toBe('Former administrator');
  });

  it('cannot be chosen when who may own leads cannot be loaded, which the hint says', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = withAnna();
    api.fail('rpc/lead_owner_choices');
    openLeadPage(api);
    await screen.findByText('Could not load who may own leads.');
    expect(screen.getByLabelText<HTMLSelectElement>('Owner').disabled).toBe(true);
    expect(logged).toHaveBeenCalledWith('Could not load who may own leads:', expect.anything());
  });
});

describe('a lead that cannot be shown', () => {
  it('says there is no such lead for an id nobody has', async () => {
    openLeadPage(withAnna(), '00000000-0000-4000-8000-000000000009');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('No such lead');
    screen.getByText('This lead does not exist, or it has been deleted.');
  });

  it('offers to try again when the lead cannot be loaded, and shows it when it can', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const api = withAnna();
    const outage = api.fail('consultations');
    openLeadPage(api);
    await screen.findByText('Could not load the lead. Please try again.');
    expect(logged).toHaveBeenCalledWith(`Could not load the lead ${annaId}:`, expect.anything());
    outage.heal();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Anna Svensson' });
  });
});

describe('deleting', () => {
  it('removes the lead and returns to the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    onTestFinished(() => confirm.mockRestore());
    const api = withAnna();
    openLeadPage(api);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete lead from Anna Svensson' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/leads');
    expect(api.tables.consultations).toEqual([]);
  });
});

describe('a held lead', () => {
  it('says why it was kept without mails, and releases it into a normal lead', async () => {
    const api = leadPageApi({ owners: [admin], consultations: [anna({ held: true })] });
    openLeadPage(api);
    const notice = await screen.findByRole('region', { name: 'Held: no mails sent yet' });
    expect(within(notice).getByText(/came past the form’s limit/)).toBeVisible();
    expect(screen.getByText('Held', { selector: '.admin-badge' })).toBeVisible();

    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Release lead' }));
    await screen.findByText('Anna Svensson was released: the mails are on their way.');
    expect(api.tables.consultations[0]!.held).toBe(false);
    expect(screen.queryByRole('region', { name: 'Held: no mails sent yet' })).toBeNull();
    expect(screen.queryByText('Held', { selector: '.admin-badge' })).toBeNull();
  });
});
