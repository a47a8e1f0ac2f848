// The leads' limits (docs/decisions/0024-held-leads.md), driven by the real supabase-js through
// /rest/v1 on PGlite and on PostgreSQL: one visitor (address and e-mail) and one address each have
// a limit an hour; a lead past either is kept, held (no mails) for an administrator to release or
// delete; held leads are bounded per address and in total, and only past that bound is a lead
// refused (PT429 → 429) with nothing stored, whichever client writes it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '#server/supabase/db/types.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { aLead, deleteEveryLeadSql } from '../support/leads.ts';

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

describe.each(backendKinds)('the leads’ limits on %s', (kind) => {
  let backend: TestBackend;
  let db: Database;
  let admin: SupabaseClient;

  /** An anonymous visitor at this address (the server trusts a loopback peer's X-Forwarded-For). */
  const visitor = (ip: string) =>
    createClient(backend.url, backend.anonKey, {
      ...clientOptions,
      global: { headers: { 'x-forwarded-for': ip } },
    });
  /** A lead with its own problem text, so the duplicate rule never drops it. */
  let serial = 0;
  const lead = (overrides: Record<string, unknown> = {}) =>
    aLead({ problems: `We need more customers, request number ${++serial}.`, ...overrides });
  const send = async (ip: string, overrides: Record<string, unknown> = {}) => {
    const { status, error } = await visitor(ip).from('consultations').insert(lead(overrides));
    return { status, error };
  };
  const sendMany = async (ip: string, count: number, overrides: () => Record<string, unknown>) => {
    const statuses = [];
    for (let i = 0; i < count; i++) statuses.push((await send(ip, overrides())).status);
    return statuses;
  };
  const stored = async () =>
    (
      await db.query<{ email: string; held: string; mails: number | string }>(
        `select c.email, c.held::text as held,
                (select count(*) from public.consultation_mails m where m.consultation_id = c.id)
                  as mails
           from public.consultations c order by c.received_at, c.email`,
      )
    ).rows.map((row) => ({ ...row, held: row.held === 'true', mails: Number(row.mails) }));
  // (The server's own connection reads booleans and counts as text.)

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    db = backend.server.backend!.db;
    admin = await backend.signedIn();
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => {
    await db.exec(`${deleteEveryLeadSql} delete from private.consultation_arrivals;`);
  });

  it('keeps one visitor’s sixth lead in an hour, held and not mailed', async () => {
    const email = 'same.person@example.se';
    expect(await sendMany('203.0.113.20', 6, () => ({ email }))).toEqual([
      201, 201, 201, 201, 201, 201,
    ]);
    const rows = await stored();
    expect(rows.map((row) => [row.held, row.mails])).toEqual([
      [false, 2],
      [false, 2],
      [false, 2],
      [false, 2],
      [false, 2],
      [true, 0],
    ]);
    // Another visitor behind the same address is not held for it.
    expect((await send('203.0.113.20', { email: 'colleague@example.se' })).status).toBe(201);
    expect((await stored()).at(-1)).toMatchObject({ email: 'colleague@example.se', held: false });
  });

  it('takes thirty visitors an hour behind one address as usual, and holds the next', async () => {
    const statuses = await sendMany('203.0.113.21', 31, () => ({}));
    expect(statuses.every((status) => status === 201)).toBe(true);
    const rows = await stored();
    expect(rows.filter((row) => !row.held)).toHaveLength(30);
    expect(rows.filter((row) => row.held)).toHaveLength(1);
    expect(rows.at(-1)!.held).toBe(true);
    // Another address counts on its own.
    expect((await send('203.0.113.22')).status).toBe(201);
    expect((await stored()).at(-1)!.held).toBe(false);
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    const email = 'six@example.se';
    for (let i = 1; i <= 5; i++) await send(`2001:db8:1:2::${i}`, { email });
    expect((await send('2001:db8:1:2:ffff::1', { email })).status).toBe(201);
    expect((await stored()).at(-1)!.held).toBe(true);
    expect((await send('2001:db8:1:3::1', { email })).status).toBe(201);
    expect((await stored()).at(-1)!.held).toBe(false);
  });

  it('keeps twenty held leads a day from one address, then refuses with nothing stored', async () => {
    const email = 'flood@example.se';
    const statuses = await sendMany('203.0.113.23', 25, () => ({ email }));
    expect(statuses).toEqual(Array(25).fill(201));
    const refused = await send('203.0.113.23', { email });
    // Five as usual (that visitor's limit), twenty held; the 26th is refused.
    expect((await stored()).filter((row) => row.held)).toHaveLength(20);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      code: 'PT429',
      message: 'Too many requests from your network. Please try again later.',
    });
    // The message names no count, window or address.
    expect(JSON.stringify(refused.error)).not.toMatch(/203\.0|\b20\b|hour|day/);
    expect(await stored()).toHaveLength(25);
    // Past the bound, the administrator's key and a raw request are refused as well.
    const signedIn = createClient(backend.url, backend.anonKey, {
      ...clientOptions,
      global: { headers: { 'x-forwarded-for': '203.0.113.23' } },
    });
    await signedIn.auth.setSession((await admin.auth.getSession()).data.session!);
    expect((await signedIn.from('consultations').insert(lead({ email }))).status).toBe(429);
    const raw = await fetch(`${backend.url}/rest/v1/consultations`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.23',
      },
      body: JSON.stringify(lead({ email })),
    });
    expect(raw.status).toBe(429);
    expect(await stored()).toHaveLength(25);
  });

  it('keeps at most two hundred held leads a day in all', async () => {
    // 199 held leads from other addresses today, as the limits recorded them.
    await db.query(
      `insert into private.consultation_arrivals (address, visitor, held)
       select '198.18.0.' || n, md5(n::text), true from generate_series(1, 199) n`,
    );
    const email = 'last.held@example.se';
    await sendMany('203.0.113.24', 5, () => ({ email }));
    expect((await send('203.0.113.24', { email })).status).toBe(201);
    expect((await stored()).at(-1)!.held).toBe(true);
    expect((await send('203.0.113.24', { email })).status).toBe(429);
    expect(await stored()).toHaveLength(6);
  });

  it('lets the visitor in as usual once the hour has passed, and forgets arrivals after a day', async () => {
    const email = 'patient@example.se';
    await sendMany('203.0.113.25', 6, () => ({ email }));
    await db.query(
      "update private.consultation_arrivals set arrived_at = arrived_at - interval '61 minutes'",
    );
    expect((await send('203.0.113.25', { email })).status).toBe(201);
    expect((await stored()).at(-1)!.held).toBe(false);
    await db.query(
      "update private.consultation_arrivals set arrived_at = arrived_at - interval '1 day'",
    );
    await send('203.0.113.26');
    const { rows } = await db.query<{ address: string }>(
      'select address from private.consultation_arrivals',
    );
    expect(rows).toEqual([{ address: '203.0.113.26' }]);
  });

  it('leaves the service role unlimited', async () => {
    const service = createClient(backend.url, backend.serviceRoleKey, {
      ...clientOptions,
      global: { headers: { 'x-forwarded-for': '203.0.113.27' } },
    });
    const email = 'imported@example.se';
    for (let i = 0; i < 7; i++) {
      expect((await service.from('consultations').insert(lead({ email }))).status).toBe(201);
    }
    expect((await stored()).every((row) => !row.held)).toBe(true);
  });

  it('lets an administrator release a held lead (its mails go then) or delete it, and no one hold one', async () => {
    const email = 'held@example.se';
    await sendMany('203.0.113.28', 7, () => ({ email }));
    const held = await admin
      .from('consultations')
      .select('id, held')
      .eq('held', true)
      .order('received_at');
    expect(held.data).toHaveLength(2);
    const [first, second] = held.data as { id: string }[];

    const released = await admin.from('consultations').update({ held: false }).eq('id', first!.id);
    expect(released.error).toBeNull();
    const mails = await db.query<{ kind: string }>(
      'select kind from public.consultation_mails where consultation_id = $1 order by kind',
      [first!.id],
    );
    expect(mails.rows).toEqual([{ kind: 'agency_notification' }, { kind: 'visitor_confirmation' }]);

    const again = await admin.from('consultations').update({ held: true }).eq('id', first!.id);
    expect(again.error?.message).toBe('A lead can be released, not held again.');
    const removed = await admin.from('consultations').delete().eq('id', second!.id);
    expect(removed.error).toBeNull();
    expect((await stored()).filter((row) => row.held)).toEqual([]);

    // A visitor can neither hold nor release a lead.
    const forged = await visitor('203.0.113.29')
      .from('consultations')
      .insert(lead({ held: false, email }));
    expect(forged.status).toBe(401);
    const release = await visitor('203.0.113.29')
      .from('consultations')
      .update({ held: false })
      .eq('email', email);
    expect(release.error?.code).toBe('42501');
  });
});
