// Meta's Lead event through its outbox (docs/decisions/0015), on PGlite and on PostgreSQL: the
// site's server queues a consenting visitor's event with the service key once the lead is stored,
// and sends it to a local stand-in for the Graph API through an outage, exactly once. Nobody with
// the public keys can queue one, not even with a lead, and nobody but an administrator sees the
// events.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { queueMetaLeadEvent, type MetaLeadEventContext } from '~/data/meta-lead-events.server.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { aLead } from '../support/leads.ts';

const PIXEL_ID = '1234567890';
const TOKEN = 'EAAtest-conversions-api-token';

/** A stand-in for the Graph API that answers 500 while `down`, and records what it took. */
async function startGraphStandIn() {
  const received: Array<{ url: string; body: Record<string, unknown> }> = [];
  const state = { down: true };
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      if (state.down) {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{}}');
        return;
      }
      received.push({ url: request.url ?? '', body: JSON.parse(text) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, state, close: () => new Promise((r) => server.close(r)) };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let serial = 0;
function lead(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return aLead({
    id: crypto.randomUUID(),
    name: 'Erik Lund',
    // Upper case on purpose: Meta is sent the hash of the lower-cased address.
    email: `Erik.${serial}.${Date.now()}@LundBygg.se`,
    company_name: 'Lund Bygg AB',
    how_found_us: 'Facebook',
    language: 'swedish',
    ...overrides,
  });
}

describe.each(backendKinds)('Meta Lead events on %s', (kind) => {
  let backend: TestBackend;
  let graph: Awaited<ReturnType<typeof startGraphStandIn>>;
  const visitor = (ip: string) =>
    createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'x-forwarded-for': ip } },
    });

  beforeAll(async () => {
    graph = await startGraphStandIn();
    backend = await startTestBackend(
      kind,
      { META_PIXEL_ID: PIXEL_ID, META_CAPI_TOKEN: TOKEN, META_GRAPH_URL: graph.url },
      // Drained by the test, and retried at once.
      {
        leadJobTimings: {
          pollIntervalMs: 60 * 60_000,
          backoff: { baseMs: 0, maxMs: 0 },
        },
      },
    );
  });
  afterAll(async () => {
    await backend?.close();
    await graph?.close();
  });

  /** A lead stored as the site's form stores it, then its event queued as the site's server does. */
  async function storeWithEvent(row: ReturnType<typeof lead>, context: MetaLeadEventContext) {
    const { error } = await visitor(context.client_ip_address ?? '198.51.100.29')
      .from('consultations')
      .insert(row);
    expect(error).toBeNull();
    const service = backend.client(backend.serviceRoleKey) as AppSupabaseClient;
    expect(await queueMetaLeadEvent(service, row.id, context)).toBe('queued');
  }
  const queuedFor = async (leadId: string) =>
    (
      await backend.db.query('select 1 from public.meta_lead_events where consultation_id = $1', [
        leadId,
      ])
    ).rows;

  it('queues a consenting visitor’s event from the site’s server, sends it through an outage once, with hashed contacts', async () => {
    const row = lead();
    await storeWithEvent(row, {
      event_source_url: 'https://agency.example/sv/book-call',
      client_ip_address: '198.51.100.20',
      client_user_agent: 'Mozilla/5.0 Test',
      fbp: 'fb.1.1700000000000.42',
    });

    const { rows: events } = await backend.db.query(
      `select client_ip_address, client_user_agent, event_source_url, fbc, fbp, status
       from public.meta_lead_events where consultation_id = $1`,
      [row.id],
    );
    expect(events).toEqual([
      {
        client_ip_address: '198.51.100.20',
        client_user_agent: 'Mozilla/5.0 Test',
        event_source_url: 'https://agency.example/sv/book-call',
        fbc: null,
        fbp: 'fb.1.1700000000000.42',
        status: 'pending',
      },
    ]);

    // The Graph API is down: nothing settles, the event waits.
    expect(await backend.server.leadJobs!.drainLeadEvents()).toBe(0);
    const { rows: waiting } = await backend.db.query<{ attempts: number; last_error: string }>(
      'select attempts, last_error from public.meta_lead_events where consultation_id = $1',
      [row.id],
    );
    // (The server's own first pass may have tried it as well.)
    expect(Number(waiting[0]!.attempts)).toBeGreaterThanOrEqual(1);
    expect(waiting[0]!.last_error).toContain('Meta answered 500');

    graph.state.down = false;
    expect(await backend.server.leadJobs!.drainLeadEvents()).toBe(1);
    expect(await backend.server.leadJobs!.drainLeadEvents()).toBe(0);
    expect(graph.received).toHaveLength(1);
    const [sent] = graph.received;
    expect(sent!.url).toBe(`/v23.0/${PIXEL_ID}/events`);
    expect(sent!.body).toEqual({
      access_token: TOKEN,
      data: [
        {
          event_name: 'Lead',
          event_time: expect.any(Number),
          event_id: row.id,
          action_source: 'website',
          event_source_url: 'https://agency.example/sv/book-call',
          user_data: {
            em: [sha256(row.email.toLowerCase())],
            ph: [sha256('46701234567')],
            client_ip_address: '198.51.100.20',
            client_user_agent: 'Mozilla/5.0 Test',
            fbp: 'fb.1.1700000000000.42',
          },
        },
      ],
    });
    const { rows: done } = await backend.db.query<{ status: string }>(
      'select status from public.meta_lead_events where consultation_id = $1',
      [row.id],
    );
    expect(done).toEqual([{ status: 'sent' }]);
  });

  it('queues nothing for a lead without the visitor’s consent', async () => {
    const row = lead();
    const { error } = await visitor('198.51.100.21').from('consultations').insert(row);
    expect(error).toBeNull();
    expect(await queuedFor(row.id)).toEqual([]);
  });

  it('refuses a lead that carries an event from the public API, anonymous or signed in, and keeps and queues nothing', async () => {
    const forged = {
      event_source_url: 'https://attacker.example/landing',
      fbc: 'fb.1.1700000000000.attacker-click',
    };
    const clients = [
      visitor('198.51.100.24'),
      await backend.signedInMember(`editor.${Date.now()}@example.com`, 'editor'),
      await backend.signedInMember(`stranger.${Date.now()}@example.com`, null),
    ];
    for (const client of clients) {
      const row = lead({ meta_lead_event: forged });
      const { error, status } = await client.from('consultations').insert(row);
      expect(status).toBe(400);
      expect(error?.code).toBe('PGRST204');
      expect(error?.message).toContain('meta_lead_event');
      expect(await queuedFor(row.id)).toEqual([]);
      const { rows: kept } = await backend.db.query(
        'select 1 from public.consultations where id = $1',
        [row.id],
      );
      expect(kept).toEqual([]);
    }
  });

  it('answers that nothing was queued for a lead the database did not store', async () => {
    const service = backend.client(backend.serviceRoleKey) as AppSupabaseClient;
    const missing = crypto.randomUUID();
    expect(await queueMetaLeadEvent(service, missing, { fbc: 'fb.1.1.x' })).toBe('no lead');
    expect(await queuedFor(missing)).toEqual([]);
  });

  it('lets no visitor write or read an event, and shows them to administrators', async () => {
    const anon = visitor('198.51.100.22');
    const row = lead();
    expect((await anon.from('consultations').insert(row)).error).toBeNull();
    const write = await anon
      .from('meta_lead_events' as never)
      .insert({ consultation_id: row.id } as never);
    expect(write.error?.code).toBe('42501');
    const read = await anon.from('meta_lead_events' as never).select('*');
    expect(read.error?.code).toBe('42501');

    const admin = await backend.signedIn();
    const adminWrite = await admin.from('meta_lead_events').insert({ consultation_id: row.id });
    expect(adminWrite.error?.code).toBe('42501');
    expect(await queuedFor(row.id)).toEqual([]);
    const { data, error } = await admin.from('meta_lead_events').select('status');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(1);
  });

  it('deletes an event with its lead, and every event after 30 days', async () => {
    const row = lead();
    await storeWithEvent(row, { client_ip_address: '198.51.100.23' });
    await backend.db.query(
      `update public.meta_lead_events set created_at = now() - interval '31 days'
       where consultation_id = $1`,
      [row.id],
    );
    const { rows } = await backend.db.query<{ deleted: number }>(
      'select private.delete_stale_meta_lead_events() as deleted',
    );
    expect(Number(rows[0]!.deleted)).toBe(1);
    const other = lead();
    await storeWithEvent(other, { client_ip_address: '198.51.100.23' });
    await backend.db.query('delete from public.consultations where id = $1', [other.id]);
    const { rows: left } = await backend.db.query(
      'select 1 from public.meta_lead_events where consultation_id = any($1::uuid[])',
      [[row.id, other.id]],
    );
    expect(left).toEqual([]);
  });
});
