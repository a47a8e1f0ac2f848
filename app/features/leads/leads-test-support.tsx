// The leads' unit tests share these: a lead, a mail and a meeting as the database returns them,
// the data API behind them at the network (a real supabase-js client answered from memory), and a
// marker showing where the router is.
import { render } from '@testing-library/react';
import { createRoutesStub, useLocation, useParams } from 'react-router';
import { LeadDetail } from './lead-detail';
import { LeadsList } from './leads-list';
import type { LeadMail } from '~/data/consultation-mails';
import type { Lead } from '~/data/consultations';
import { fakeDataApi, type FakeDataApi } from '#tests/support/fake-data-api.ts';
import { aStoredLead } from '#tests/support/leads.ts';
import type { AppSupabaseClient } from '~/data/supabase';

export function lead(fields: Partial<Lead> = {}): Lead {
  return aStoredLead({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Anna Svensson',
    email: 'anna@example.se',
    phone_number: '+46 70-123 45 67',
    problems: 'We need more customers for our cleaning company.',
    additional_info: 'Call after lunch.',
    company_name: 'Anna Städ AB',
    language: 'swedish',
    created_at: '2026-11-23T08:59:58Z',
    received_at: '2026-11-23T09:00:00Z',
    updated_at: '2026-11-23T09:00:00Z',
    utm_source: 'facebook',
    utm_medium: 'paid-social',
    utm_campaign: 'autumn-2026',
    utm_content: 'video-a',
    referrer: 'https://www.facebook.com/',
    landing_page: '/sv/book-call?utm_source=facebook',
    ...fields,
  });
}

export function mail(fields: Partial<LeadMail>): LeadMail {
  return {
    id: 'mail',
    consultation_id: '00000000-0000-4000-8000-000000000001',
    kind: 'agency_notification',
    status: 'sent',
    attempts: 1,
    next_attempt_at: '2026-11-23T09:00:00Z',
    locked_until: null,
    last_error: null,
    sent_at: '2026-11-23T09:00:04Z',
    created_at: '2026-11-23T09:00:00Z',
    ...fields,
  };
}

/** A meetings row (the booking's), in the columns the leads' screens read. */
export function meetingRow(fields: Partial<Record<string, unknown>> = {}) {
  return {
    id: 'meeting-1',
    consultation_id: '00000000-0000-4000-8000-000000000001',
    starts_at: '2026-12-01T09:00:00Z',
    ends_at: '2026-12-01T09:30:00Z',
    status: 'active',
    ...fields,
  };
}

/**
 * The data API behind the leads' screens, at the network (#tests/support/fake-data-api.ts): these
 * leads, their mails and meetings, and the administrators a lead may be given to.
 */
export function leadsData(
  leads: Lead[],
  options: { mails?: LeadMail[]; meetings?: Array<Record<string, unknown>> } = {},
): FakeDataApi {
  return fakeDataApi(
    {
      consultations: leads.map((row) => ({ ...row })),
      consultation_mails: options.mails ?? [],
      meetings: options.meetings ?? [],
      lead_events: [],
      blog_posts: [],
    },
    { rpc: { lead_owner_choices: () => [{ user_id: 'admin-id', email: 'admin@example.com' }] } },
  );
}

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** The leads list at /admin/leads as an administrator sees it, for a router stub. */
export function leadsListRoute(client: AppSupabaseClient) {
  return {
    path: '/admin/leads',
    Component: () => (
      <>
        <LeadsList
          client={client}
          userId="admin-id"
          email="admin@example.com"
          role="admin"
          onSignOut={async () => {}}
        />
        <Where />
      </>
    ),
  };
}

/** The leads list and the lead's page in a router, at `path`, as an administrator sees them. */
export function renderLeads(client: AppSupabaseClient, path = '/admin/leads') {
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
              loadCallTimes={async () => ({ meetingMinutes: 30, bufferMinutes: 15, days: [] })}
            />
            <Where />
          </>
        );
      },
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
