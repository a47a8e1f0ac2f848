// The data API behind one lead's page, in memory and at the network: a real supabase-js client
// whose fetch answers the requests the page sends (the lead, its mails, meetings and recorded
// history, who may own leads, the count of new leads, a save, a delete) from tables the test
// fills, as PostgREST would. A save records what it changed in the history as the database's
// trigger does. Tests then assert what the owner sees, never which query-builder calls were made.
// A table can be made to fail, or its next answer held until the test releases it. Pure: nothing
// here reaches the server.
import { createClient } from '@supabase/supabase-js';
import type { LeadMail } from '~/data/consultation-mails.ts';
import type { Lead } from '~/data/consultations.ts';
import type { Database } from '~/data/database.types.ts';
import type { LeadEventRow } from '~/data/lead-events.ts';

/** A meetings row, in the columns the leads' pages read. */
export interface MeetingRow {
  id: string;
  consultation_id: string;
  starts_at: string;
  ends_at: string;
  status: 'active' | 'cancelled';
}

export interface LeadPageTables {
  consultations: Lead[];
  consultation_mails: LeadMail[];
  meetings: MeetingRow[];
  lead_events: LeadEventRow[];
  /** What rpc('lead_owner_choices') answers: the administrators a lead may be given to. */
  owners: Array<{ user_id: string; email: string }>;
}

type Row = Record<string, unknown>;
type TableName = Exclude<keyof LeadPageTables, 'owners'>;

/** A PostgREST filter (`eq.x`, `in.(a,b)`, `gte.x`, `lte.x`) as a test on one value. */
function matches(value: unknown, filter: string): boolean {
  const [operator, ...rest] = filter.split('.');
  const operand = rest.join('.');
  const text = value === null || value === undefined ? null : String(value);
  switch (operator) {
    case 'eq':
      return text === operand;
    case 'in':
      return operand
        .replace(/^\(|\)$/g, '')
        .split(',')
        .map((item) => item.replace(/^"|"$/g, ''))
        .includes(text ?? '');
    case 'gte':
      return text !== null && text >= operand;
    case 'lte':
      return text !== null && text <= operand;
    default:
      throw new Error(`The lead page's data API does not know the filter ${filter}.`);
  }
}

function where(rows: Row[], params: URLSearchParams): Row[] {
  const ignored = new Set(['select', 'order', 'limit', 'offset', 'columns']);
  return rows.filter((row) =>
    [...params].every(([column, filter]) => ignored.has(column) || matches(row[column], filter)),
  );
}

function ordered(rows: Row[], order: string | null): Row[] {
  if (!order) return rows;
  const keys = order.split(',').map((part) => {
    const [column = '', direction] = part.split('.');
    return { column, sign: direction === 'desc' ? -1 : 1 };
  });
  return [...rows].sort((a, b) => {
    for (const { column, sign } of keys) {
      const x = String(a[column] ?? '');
      const y = String(b[column] ?? '');
      if (x !== y) return x < y ? -sign : sign;
    }
    return 0;
  });
}

let clients = 0;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export function leadPageApi(
  fill: Partial<LeadPageTables> = {},
  { author = 'admin@example.com' }: { author?: string } = {},
) {
  const tables: LeadPageTables = {
    consultations: [],
    consultation_mails: [],
    meetings: [],
    lead_events: [],
    owners: [],
    ...fill,
  };
  const failing = new Set<string>();
  const held = new Map<string, Promise<void>>();
  let eventId = tables.lead_events.reduce((most, event) => Math.max(most, event.id), 0);

  /** What the database's trigger records for a save: one entry per column that changed. */
  function record(before: Lead, after: Lead) {
    const emailOf = (id: string | null) =>
      id === null ? null : (tables.owners.find((owner) => owner.user_id === id)?.email ?? null);
    const changes: Array<[string, Row]> = [];
    if (before.status !== after.status)
      changes.push(['status_changed', { from: before.status, to: after.status }]);
    if (before.owner_id !== after.owner_id)
      changes.push([
        'owner_changed',
        { from_email: emailOf(before.owner_id), to_email: emailOf(after.owner_id) },
      ]);
    if (before.notes !== after.notes) changes.push(['notes_changed', { notes: after.notes }]);
    for (const [kind, data] of changes)
      tables.lead_events.push({
        id: ++eventId,
        consultation_id: after.id,
        kind,
        data,
        author_id: null,
        author_email: author,
        created_at: after.updated_at,
      } as LeadEventRow);
  }

  function answer(method: string, url: URL, headers: Headers, body: string | null): Response {
    const path = url.pathname.replace(/^\/rest\/v1\//, '');
    if (failing.has(path)) return json({ message: 'boom', code: 'XX000' }, 500);
    if (path === 'rpc/lead_owner_choices') return json(tables.owners);
    if (!(path in tables) || path === 'owners')
      throw new Error(`The lead page's data API has no table ${path}.`);
    const table = path as TableName;
    const rows = tables[table] as unknown as Row[];
    const found = where(rows, url.searchParams);
    const one = headers.get('accept')?.startsWith('application/vnd.pgrst.object+json');
    if (method === 'HEAD')
      return new Response(null, { headers: { 'content-range': `*/${found.length}` } });
    if (method === 'GET') return json(ordered(found, url.searchParams.get('order')));
    if (method === 'PATCH') {
      const changes = JSON.parse(body ?? '{}') as Row;
      const updated = found.map((row) => {
        const before = { ...row } as unknown as Lead;
        Object.assign(row, changes, { updated_at: new Date().toISOString() });
        if (table === 'consultations') record(before, row as unknown as Lead);
        return { ...row };
      });
      if (!one) return json(updated);
      return updated.length === 1
        ? json(updated[0])
        : json(
            { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' },
            406,
          );
    }
    if (method === 'DELETE') {
      for (const row of found) rows.splice(rows.indexOf(row), 1);
      if (table === 'consultations')
        tables.consultation_mails = tables.consultation_mails.filter((mail) =>
          tables.consultations.some((lead) => lead.id === mail.consultation_id),
        );
      return new Response(null, { status: 204 });
    }
    throw new Error(`The lead page's data API does not answer ${method} ${path}.`);
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : null;
    // The answer is what the tables held when asked, even if it is let through later.
    const response = answer(method, url, new Headers(init.headers), body);
    const gate = held.get(url.pathname.replace(/^\/rest\/v1\//, ''));
    if (gate) {
      held.delete(url.pathname.replace(/^\/rest\/v1\//, ''));
      await gate;
    }
    return response;
  };

  const client = createClient<Database>('http://data.test', 'anon-key', {
    global: { fetch },
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      // One key per client: supabase-js warns of several clients sharing one in a page.
      storageKey: `lead-page-api-${++clients}`,
    },
  });

  return {
    client,
    tables,
    /** Every later request to this table (or `rpc/<name>`) answers 500, until healed. */
    fail(path: string): { heal: () => void } {
      failing.add(path);
      return { heal: () => failing.delete(path) };
    },
    /** Holds the next answer of this table (computed when asked) until release() is called. */
    hold(path: string): { release: () => void } {
      let release = () => {};
      held.set(path, new Promise<void>((resolve) => (release = resolve)));
      return { release: () => release() };
    },
  };
}
