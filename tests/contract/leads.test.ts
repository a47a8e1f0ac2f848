// The leads' rules where a hand-made request meets them too (docs/decisions/0005), driven by the
// real supabase-js through /rest/v1 on PGlite and on PostgreSQL: the columns only the agency may
// set, the duplicate rule, and the visitor's address as the embedded backend hands it to the
// database. The limits per visitor and address are in lead-limits.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '#server/supabase/db/types.ts';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { aLead, deleteEveryLeadSql } from '../support/leads.ts';

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

/** What the consultation form sends, with an address of its own unless one is given. */
const lead = (overrides: Record<string, unknown> = {}) =>
  aLead({ language: 'swedish', ...overrides });

describe.each(backendKinds)('leads on %s', (kind) => {
  let backend: TestBackend;
  let db: Database;
  let admin: SupabaseClient;

  /** An anonymous visitor at this address (the server trusts a loopback peer's X-Forwarded-For). */
  const visitor = (ip: string) =>
    createClient(backend.url, backend.anonKey, {
      ...clientOptions,
      global: { headers: { 'x-forwarded-for': ip } },
    });
  const storedEmails = async () =>
    (
      await db.query<{ email: string }>('select email from public.consultations order by email')
    ).rows.map((r) => r.email);

  beforeAll(async () => {
    backend = await startTestBackend(kind);
    db = backend.server.backend!.db;
    admin = await backend.signedIn();
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => {
    await db.exec(`${deleteEveryLeadSql} delete from private.consultation_arrivals;`);
  });

  describe('columns and grants', () => {
    it('stores the visit’s attribution with the lead and shows it to the administrator', async () => {
      const attribution = {
        utm_source: 'facebook',
        utm_medium: 'paid_social',
        utm_campaign: 'vvs-höst',
        utm_term: 'rörmokare stockholm',
        utm_content: 'video-1',
        referrer: 'https://www.facebook.com/',
        landing_page: '/sv?utm_source=facebook&utm_campaign=vvs-h%C3%B6st',
      };
      const sent = lead({ ...attribution, email: 'attributed@example.se' });
      const { status, error } = await visitor('198.51.100.10').from('consultations').insert(sent);
      expect(error).toBeNull();
      expect(status).toBe(201);
      const { data } = await admin
        .from('consultations')
        .select(
          'email, status, notes, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_page',
        );
      expect(data).toEqual([
        { email: 'attributed@example.se', status: 'new', notes: null, ...attribution },
      ]);
    });

    it.each([
      ['status', { status: 'won' }],
      ['notes', { notes: 'VIP' }],
      ['received_at', { received_at: '2020-01-01T00:00:00Z' }],
      ['updated_at', { updated_at: '2020-01-01T00:00:00Z' }],
    ])('refuses a visitor who tries to set %s, and stores nothing', async (_, extra) => {
      const { status, error } = await visitor('198.51.100.11')
        .from('consultations')
        .insert(lead(extra));
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await storedEmails()).toEqual([]);
    });

    it('lets a visitor name the new lead’s id (the pixel’s event ID), once', async () => {
      const id = '00000000-0000-4000-8000-000000000001';
      const first = await visitor('198.51.100.11')
        .from('consultations')
        .insert(lead({ id, email: 'named@example.se' }));
      expect(first.status).toBe(201);
      const again = await visitor('198.51.100.11')
        .from('consultations')
        .insert(lead({ id, email: 'other@example.se' }));
      expect(again.error?.code).toBe('23505');
      const { rows } = await db.query('select id, email from public.consultations');
      expect(rows).toEqual([{ id, email: 'named@example.se' }]);
      await db.query('delete from public.consultations');
    });

    it('never lets a visitor read or change a lead’s status or notes', async () => {
      await visitor('198.51.100.12')
        .from('consultations')
        .insert(lead({ email: 'x@example.se' }));
      const read = await visitor('198.51.100.12').from('consultations').select('status, notes');
      expect(read.status).toBe(401);
      expect(read.error?.code).toBe('42501');
      const change = await visitor('198.51.100.12')
        .from('consultations')
        .update({ status: 'lost', notes: 'spam' })
        .eq('email', 'x@example.se');
      expect(change.status).toBe(401);
      const { rows } = await db.query('select status, notes from public.consultations');
      expect(rows).toEqual([{ status: 'new', notes: null }]);
    });

    it('lets the administrator move a lead through the pipeline, and counts that as activity', async () => {
      await visitor('198.51.100.13')
        .from('consultations')
        .insert(lead({ email: 'p@example.se' }));
      await db.query(
        "update public.consultations set updated_at = now() - interval '1 day', received_at = now() - interval '1 day'",
      );
      for (const status of ['contacted', 'booked', 'won', 'lost', 'new']) {
        const { error } = await admin
          .from('consultations')
          .update({ status, notes: `Now ${status}` })
          .eq('email', 'p@example.se');
        expect(error).toBeNull();
      }
      const { rows } = await db.query<Record<string, string>>(
        `select status, notes, (updated_at > now() - interval '1 minute')::text as touched,
           (received_at < now() - interval '1 hour')::text as received_kept
         from public.consultations`,
      );
      expect(rows).toEqual([
        { status: 'new', notes: 'Now new', touched: 'true', received_kept: 'true' },
      ]);
    });

    it('refuses a status outside the pipeline, and an administrator editing what the visitor sent', async () => {
      await visitor('198.51.100.14')
        .from('consultations')
        .insert(lead({ email: 'q@example.se' }));
      const bad = await admin
        .from('consultations')
        .update({ status: 'maybe' })
        .eq('email', 'q@example.se');
      expect(bad.status).toBe(400);
      expect(bad.error?.code).toBe('23514');
      const edit = await admin
        .from('consultations')
        .update({ problems: 'Something the visitor never wrote.' })
        .eq('email', 'q@example.se');
      expect(edit.status).toBe(403);
      expect(edit.error?.code).toBe('42501');
    });

    it('lets only the administrator see the lead’s mails, and never write them', async () => {
      await visitor('198.51.100.15')
        .from('consultations')
        .insert(lead({ email: 'm@example.se' }));
      const asVisitor = await visitor('198.51.100.15').from('consultation_mails').select('*');
      expect(asVisitor.status).toBe(401);
      const { data } = await admin.from('consultation_mails').select('kind').order('kind');
      expect(data).toEqual([{ kind: 'agency_notification' }, { kind: 'visitor_confirmation' }]);
      const forged = await admin
        .from('consultation_mails')
        .update({ status: 'sent' })
        .eq('kind', 'agency_notification');
      expect(forged.status).toBe(403);
    });

    it('stores an address typed with spaces around it, trimmed', async () => {
      const { status } = await visitor('198.51.100.16')
        .from('consultations')
        .insert(lead({ email: '  phone.typed@example.se\u00a0 ' }));
      expect(status).toBe(201);
      expect(await storedEmails()).toEqual(['phone.typed@example.se']);
    });
  });

  describe('the duplicate rule', () => {
    it('stores one row for the same address and problems within ten minutes, and answers success both times', async () => {
      const first = lead({ email: 'Dup@Example.se' });
      const again = { ...first, email: ' dup@example.se ', name: 'Anna S.' };
      const a = await visitor('198.51.100.30').from('consultations').insert(first);
      const b = await visitor('198.51.100.31').from('consultations').insert(again);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect([a.error, b.error]).toEqual([null, null]);
      const { rows } = await db.query('select name from public.consultations');
      expect(rows).toEqual([{ name: 'Anna Svensson' }]);
      const mails = await db.query('select 1 from public.consultation_mails');
      expect(mails.rows).toHaveLength(2);
    });

    it('stores a request sent several times at the same moment only once', async () => {
      const same = lead({ email: 'race@example.se' });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          visitor(`198.51.100.${40 + i}`)
            .from('consultations')
            .insert(same),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(await storedEmails()).toEqual(['race@example.se']);
    });

    it('stores other problems from the same address, and the same ones after ten minutes', async () => {
      const from = visitor('198.51.100.50');
      const first = lead({ email: 'again@example.se' });
      await from.from('consultations').insert(first);
      await from
        .from('consultations')
        .insert({ ...first, problems: 'A different problem, described at length.' });
      expect(await storedEmails()).toEqual(['again@example.se', 'again@example.se']);
      await db.query("update public.consultations set received_at = now() - interval '11 minutes'");
      await from.from('consultations').insert(first);
      expect(await storedEmails()).toHaveLength(3);
    });
  });
});
