// Meta's Conversions API as `npm start` runs it: the site's process with META_PIXEL_ID,
// META_CAPI_TOKEN and META_GRAPH_URL pointing at a local stand-in for the Graph API. A lead sent
// as a browser without JavaScript sends it, from a visitor whose consent cookie allows marketing,
// while the stand-in is down (nobody listens on its port: connection refused), reaches the
// stand-in exactly once after it comes up, with the lead's ID as the event's ID and the hashed
// contacts. A lead from a visitor whose choice does not allow marketing sends nothing.
//
// The failed attempt is put off by the server's default backoff (the first retry comes 24–30 s
// after it, decision 5); the test checks that wait in the database, then moves the retry's time
// to now there rather than sleeping through it. It asserts outcomes only, polling with generous
// deadlines. Needs the build.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { postBookingForm, startSite, type RunningSite } from '../support/site.ts';
import { aLeadForm } from '../support/leads.ts';

const PIXEL_ID = '1234567890';
const TOKEN = 'EAAtest-conversions-api-token-process';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Received {
  url: string;
  body: { access_token: string; data: Array<Record<string, unknown>> };
}

/** A port that nobody listens on (for now): taken from the system, then let go. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The Graph API's stand-in, started on `port` when the test brings it up. */
function graphStandIn(port: number) {
  const received: Received[] = [];
  let server: Server | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async up() {
      server = createServer((request: IncomingMessage, response) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        request.on('end', () => {
          received.push({ url: request.url ?? '', body: JSON.parse(text) });
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"events_received":1}');
        });
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', resolve);
      });
    },
    close: () => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))),
  };
}

/** Waits until `check` answers something truthy; fails after `ms` with `what`. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function visitor(n: number, email: string) {
  return aLeadForm({
    name: `Consenting Visitor ${n}`,
    email,
    company_name: `Visitor ${n} AB`,
    how_found_us: 'Facebook',
  });
}

/** Sends the booking form without JavaScript with this consent cookie; answers the lead's ID. */
async function sendLead(
  site: RunningSite,
  fields: Record<string, string>,
  consent: string,
  address: string,
): Promise<string> {
  const response = await postBookingForm(site.url, fields, {
    Cookie: `cookie_consent=${consent}`,
    'X-Forwarded-For': address,
    'User-Agent': 'Mozilla/5.0 (process test)',
  });
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  // With the pixel configured, the thank-you address carries the lead's ID.
  const id = location.match(/^\/book-call\/thank-you\?lead=([0-9a-f-]{36})$/)?.[1];
  expect(id, `the thank-you address ${location}`).toBeDefined();
  return id!;
}

describe('Meta Lead events from the running site', () => {
  let site: RunningSite;
  let graph: ReturnType<typeof graphStandIn>;
  let db: Awaited<ReturnType<typeof openPostgres>>;

  beforeAll(async () => {
    graph = graphStandIn(await freePort());
    site = await startSite({
      SEED_DEMO: 'false',
      FORM_MIN_FILL_SECONDS: '0',
      META_PIXEL_ID: PIXEL_ID,
      META_CAPI_TOKEN: TOKEN,
      META_GRAPH_URL: graph.url,
    });
    db = await openPostgres(await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')), 1);
  });
  afterAll(async () => {
    await db?.close();
    await site?.stop();
    await graph?.close();
  });

  const eventStatus = async (leadId: string) =>
    (
      await db.query<{ status: string; attempts: number }>(
        'select status, attempts from public.meta_lead_events where consultation_id = $1',
        [leadId],
      )
    ).rows;

  it('sends a consenting visitor’s Lead through the Graph API’s outage exactly once, and nothing for a visitor who does not allow marketing', async () => {
    expect(site.output()).toContain(
      "Leads of visitors who allow marketing go to Meta's Conversions API.",
    );

    // The Graph API is down: the lead is stored and its event waits for a retry.
    const email = `  Erik.Lund.${Date.now()}@LundBygg.SE `;
    const leadId = await sendLead(site, visitor(1, email), 'accepted', '198.51.100.41');
    await eventually('the first attempt to fail', () =>
      site.output().includes(`Meta Lead event of lead ${leadId}: attempt 1 failed`),
    );
    expect(graph.received).toEqual([]);
    expect(await eventStatus(leadId)).toMatchObject([{ status: 'pending' }]);
    const waits = async () =>
      (
        await db.query<{ waits: string }>(
          `select (next_attempt_at > now() + interval '15 seconds')::text as waits
             from public.meta_lead_events where consultation_id = $1`,
          [leadId],
        )
      ).rows;
    expect(await waits()).toEqual([{ waits: 'true' }]);

    // Up again, and the backoff over (the retry's time moved to now): the retry delivers it.
    await graph.up();
    await db.query(
      'update public.meta_lead_events set next_attempt_at = now() where consultation_id = $1',
      [leadId],
    );
    const [sent] = await eventually('the Lead event at the stand-in', () =>
      graph.received.length ? graph.received : undefined,
    );
    expect(sent!.url).toBe(`/v23.0/${PIXEL_ID}/events`);
    expect(sent!.body).toEqual({
      access_token: TOKEN,
      data: [
        {
          event_name: 'Lead',
          event_time: expect.any(Number),
          event_id: leadId,
          action_source: 'website',
          event_source_url: expect.stringMatching(/\/book-call$/),
          user_data: {
            em: [sha256(email.trim().toLowerCase())],
            ph: [sha256('46701234567')],
            client_ip_address: '198.51.100.41',
            client_user_agent: 'Mozilla/5.0 (process test)',
          },
        },
      ],
    });
    await eventually(
      'the event marked sent',
      async () => (await eventStatus(leadId))[0]?.status === 'sent',
    );

    // Visitors whose choice does not allow marketing, then a consenting one as a marker: once the
    // marker's event has gone out and been marked sent, an event queued before it would have gone
    // out too (the outbox sends the oldest first).
    const rejected = await sendLead(
      site,
      visitor(2, `rejected.${Date.now()}@example.se`),
      'rejected',
      '198.51.100.42',
    );
    const analyticsOnly = await sendLead(
      site,
      visitor(3, `analytics.${Date.now()}@example.se`),
      'analytics.preferences',
      '198.51.100.43',
    );
    const marker = await sendLead(
      site,
      visitor(4, `marker.${Date.now()}@example.se`),
      'accepted',
      '198.51.100.44',
    );
    await eventually(
      'the marker’s event marked sent',
      async () => (await eventStatus(marker))[0]?.status === 'sent',
    );

    const { rows: stored } = await db.query<{ id: string }>(
      'select id from public.consultations where id = any($1::uuid[]) order by created_at',
      [[rejected, analyticsOnly]],
    );
    expect(stored.map((row) => row.id).sort()).toEqual([rejected, analyticsOnly].sort());
    expect(await eventStatus(rejected)).toEqual([]);
    expect(await eventStatus(analyticsOnly)).toEqual([]);

    // Each consenting lead's event arrived once; nobody else's did.
    const eventIds = graph.received.flatMap((request) =>
      request.body.data.map((event) => event.event_id),
    );
    expect(eventIds).toEqual([leadId, marker]);
    expect(await eventStatus(leadId)).toMatchObject([{ status: 'sent' }]);
  }, 180_000);
});
