// The leads list's unit tests share these: a lead and a mail as the database returns them, a
// stand-in for supabase-js's query builder that records each request, and a marker showing
// where the router is.
import { useLocation } from 'react-router';
import { LeadsList } from './leads-list';
import { vi } from 'vitest';
import type { LeadMail } from '~/data/consultation-mails';
import type { Lead } from '~/data/consultations';
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

export type Result = {
  data: unknown;
  error: { message: string; code?: string } | null;
  status: number;
  count?: number | null;
};

/** One request as the data module built it. */
export interface Request {
  table: string;
  action: 'select' | 'update' | 'delete';
  /** select(…, { head: true }): a count only. */
  head: boolean;
  calls: Array<{ method: string; args: unknown[] }>;
  call(method: string): unknown[] | undefined;
}

export const ok = (data: unknown, count?: number): Result => ({
  data,
  error: null,
  status: 200,
  count,
});
export const failure = (status = 500): Result => ({
  data: null,
  error: { message: 'boom', code: 'XX000' },
  status,
});

/**
 * A stand-in for supabase-js's query builder: each request records its calls, and awaiting it
 * asks the test's `answer` for the result.
 */
export function fakeClient(answer: (request: Request) => Result | Promise<Result>) {
  const requests: Request[] = [];
  const from = vi.fn((table: string) => {
    const request: Request = {
      table,
      action: 'select',
      head: false,
      calls: [],
      call: (method) => request.calls.find((call) => call.method === method)?.args,
    };
    requests.push(request);
    const record =
      (method: string) =>
      (...args: unknown[]) => {
        request.calls.push({ method, args });
        return query;
      };
    const query = {
      select: (...args: unknown[]) => {
        request.calls.push({ method: 'select', args });
        request.head = (args[1] as { head?: boolean } | undefined)?.head === true;
        return query;
      },
      update: (...args: unknown[]) => ((request.action = 'update'), record('update')(...args)),
      delete: () => ((request.action = 'delete'), record('delete')()),
      eq: record('eq'),
      in: record('in'),
      or: record('or'),
      ilike: record('ilike'),
      is: record('is'),
      gte: record('gte'),
      lte: record('lte'),
      maybeSingle: record('maybeSingle'),
      order: record('order'),
      range: record('range'),
      single: record('single'),
      // maybeSingle() answers the one row (or null) of the list the test gives.
      then: (resolve: (value: Result) => unknown, reject: (reason: unknown) => unknown) =>
        Promise.resolve(answer(request))
          .then((result) =>
            request.call('maybeSingle') && Array.isArray(result.data)
              ? { ...result, data: result.data[0] ?? null }
              : result,
          )
          .then(resolve, reject),
    };
    return query;
  });
  // The administrators a lead may be given to (lead_owner_choices).
  const rpc = vi.fn(async () => ok([{ user_id: 'admin-id', email: 'admin@example.com' }]));
  return { client: { from, rpc } as unknown as AppSupabaseClient, requests };
}

/** The usual answers: these leads, their mails, and a count of the new ones. */
export function leadsAnswering(
  leads: Lead[],
  options: {
    mails?: LeadMail[] | Result;
    total?: number;
    override?: (r: Request) => Result | undefined;
    /** Rows of public.meetings (the booking's). */
    meetings?: unknown[];
  } = {},
) {
  return fakeClient((request) => {
    const overridden = options.override?.(request);
    if (overridden) return overridden;
    if (request.table === 'blog_posts') return ok([]);
    // What lead_events recorded: nothing here; tests/contract/lead-pipeline.test.ts covers it.
    if (request.table === 'lead_events') return ok([]);
    if (request.table === 'meetings') return ok(options.meetings ?? []);
    if (request.table === 'consultation_mails')
      return Array.isArray(options.mails) || !options.mails
        ? ok(options.mails ?? [])
        : options.mails;
    if (request.head) return ok(null, leads.filter((l) => l.status === 'new').length);
    return ok(leads, options.total ?? leads.length);
  });
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
