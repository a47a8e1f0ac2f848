// Who may queue Meta's Lead event, as `npm start` runs it with the Conversions API configured:
// a request to the public data API (/rest/v1 with the anon key) that carries an event's context
// with its lead is refused and queues nothing, whatever click ID and source page it names; the
// site's own form queues the event for a visitor whose consent cookie allows marketing, and
// nothing for one whose choice does not. The Graph API is never reached (nobody listens on its
// port): only the queue is looked at. Needs the build.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { postBookingForm, startSite, type RunningSite } from '../support/site.ts';
import { aLeadForm } from '../support/leads.ts';
import { freePort } from '../support/ports.ts';

function fields(n: number) {
  return aLeadForm({
    name: `Visitor ${n}`,
    company_name: `Visitor ${n} AB`,
    how_found_us: 'Facebook',
  });
}

describe('Meta Lead events from outside the site', () => {
  let site: RunningSite;
  let db: Awaited<ReturnType<typeof openPostgres>>;

  beforeAll(async () => {
    site = await startSite({
      SEED_DEMO: 'false',
      FORM_MIN_FILL_SECONDS: '0',
      META_PIXEL_ID: '1234567890',
      META_CAPI_TOKEN: 'EAAtest-conversions-api-token-outsiders',
      META_GRAPH_URL: `http://127.0.0.1:${await freePort()}`,
    });
    db = await openPostgres(await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')), 1);
  });
  afterAll(async () => {
    await db?.close();
    await site?.stop();
  });

  const events = async (leadId: string) =>
    (
      await db.query<{ event_source_url: string | null; fbc: string | null; ip: string | null }>(
        `select event_source_url, fbc, client_ip_address as ip
         from public.meta_lead_events where consultation_id = $1`,
        [leadId],
      )
    ).rows;
  const leadIdOf = async (email: string) =>
    (
      await db.query<{ id: string }>('select id from public.consultations where email = $1', [
        email,
      ])
    ).rows[0]?.id;

  it('refuses an event sent with a lead through the data API and queues nothing', async () => {
    const id = crypto.randomUUID();
    const response = await fetch(`${site.url}/rest/v1/consultations`, {
      method: 'POST',
      headers: {
        apikey: site.anonKey,
        Authorization: `Bearer ${site.anonKey}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '198.51.100.61',
      },
      body: JSON.stringify({
        id,
        ...fields(1),
        language: 'english',
        created_at: new Date().toISOString(),
        meta_lead_event: {
          event_source_url: 'https://attacker.example/landing',
          fbc: 'fb.1.1700000000000.attacker-click',
        },
      }),
    });
    const answer = await response.text();
    expect(await events(id)).toEqual([]);
    expect(response.status, answer).toBe(400);
    expect((JSON.parse(answer) as { message: string }).message).toContain('meta_lead_event');
    expect((await db.query('select 1 from public.consultations where id = $1', [id])).rows).toEqual(
      [],
    );
  });

  it('queues the event for a lead sent through the site’s form by a visitor who allows marketing, and none without that consent', async () => {
    const consenting = fields(2);
    const sent = await postBookingForm(site.url, consenting, {
      Cookie: 'cookie_consent=accepted; _fbc=fb.1.1700000000000.real-click',
      'X-Forwarded-For': '198.51.100.62',
      'User-Agent': 'Mozilla/5.0 (process test)',
    });
    expect(sent.status).toBe(303);
    const consentingId = await leadIdOf(consenting.email);
    expect(consentingId).toBeDefined();
    expect(await events(consentingId!)).toEqual([
      {
        event_source_url: expect.stringMatching(/\/book-call$/),
        fbc: 'fb.1.1700000000000.real-click',
        ip: '198.51.100.62',
      },
    ]);

    const declining = fields(3);
    const refused = await postBookingForm(site.url, declining, {
      Cookie: 'cookie_consent=rejected; _fbc=fb.1.1700000000000.other-click',
      'X-Forwarded-For': '198.51.100.63',
    });
    expect(refused.status).toBe(303);
    const decliningId = await leadIdOf(declining.email);
    expect(decliningId).toBeDefined();
    expect(await events(decliningId!)).toEqual([]);
  });
});
