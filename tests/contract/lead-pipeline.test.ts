// The pipeline through the real supabase-js against the embedded backend, on PGlite
// and PostgreSQL: the history the database writes with every change of a lead (and drops with
// it), who may see it and who may own a lead, the list's owner, overdue and source filters and
// sorts, and the daily digest by time travel: queued once per day at 08:00 in the agency's time
// zone, however many servers try, and sent through the outbox to the agency.
// Long because the pipeline's history, owners, list filters and digest read the same leads on one
// backend per database; split apart, each part would start its own backends (seconds each).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLeadOwnerChoices, listLeads, updateLead, type Lead } from '~/data/consultations.ts';
import { DataError } from '~/data/errors.ts';
import { listLeadEvents } from '~/data/lead-events.ts';
import type { AppSupabaseClient } from '~/data/supabase.ts';
import { queueLeadDigest } from '#server/product/leads/lead-digest.ts';
import {
  ADMIN_EMAIL,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { aLead } from '../support/leads.ts';

let serial = 0;
function leadRow(fields: Record<string, unknown> = {}) {
  serial++;
  return aLead({
    name: `Lead ${serial}`,
    problems: `Lead number ${serial} needs more customers.`,
    company_name: `Company ${serial} AB`,
    ...fields,
  });
}

async function insertLead(service: AppSupabaseClient, fields: Record<string, unknown> = {}) {
  const { data, error } = await service
    .from('consultations')
    .insert(leadRow(fields))
    .select('*')
    .single();
  if (error) throw error;
  return data as Lead;
}

describe.each(backendKinds)('the pipeline on %s', (kind) => {
  let backend: TestBackend;
  let admin: AppSupabaseClient;
  let service: AppSupabaseClient;
  let adminId: string;

  beforeAll(async () => {
    // The digest's own minute check is kept out of the way: the tests choose the clock.
    backend = await startTestBackend(
      kind,
      { LEADS_DIGEST: 'on' },
      { leadJobTimings: { digestCheckIntervalMs: 3_600_000 } },
    );
    admin = (await backend.signedIn()) as AppSupabaseClient;
    service = backend.client(backend.serviceRoleKey) as AppSupabaseClient;
    adminId = (await admin.auth.getUser()).data.user!.id;
  });
  afterAll(async () => backend?.close());

  describe('the timeline', () => {
    it('shows the receipt and the queued mails first, read from the lead and its mails', async () => {
      const lead = await insertLead(service, { utm_source: ' Facebook ' });
      expect(lead.source).toBe('facebook');
      const events = await listLeadEvents(admin, lead.id);
      expect(events.map((event) => event.kind)).toEqual(['received', 'mail_queued', 'mail_queued']);
      expect(events[0]).toMatchObject({
        kind: 'received',
        source: 'facebook',
        authorEmail: null,
        createdAt: lead.received_at,
      });
      // Neither is stored a second time in lead_events.
      const { rows } = await backend.db.query<{ n: string }>(
        'select count(*) as n from public.lead_events where consultation_id = $1',
        [lead.id],
      );
      expect(rows).toEqual([{ n: '0' }]);
    });

    it('records status, owner and notes changes with their author, and mails sent or failed', async () => {
      const lead = await insertLead(service);
      await updateLead(admin, lead.id, { status: 'contacted', notes: 'Called, call back Friday.' });
      await updateLead(admin, lead.id, { owner_id: adminId });
      await updateLead(admin, lead.id, { notes: null });
      // Saving the same values again changes nothing, so it records nothing.
      await updateLead(admin, lead.id, { status: 'contacted', owner_id: adminId });
      await backend.db.query(
        `update public.consultation_mails set status = 'sent', sent_at = now(), attempts = 1
          where consultation_id = $1 and kind = 'agency_notification'`,
        [lead.id],
      );
      await backend.db.query(
        `update public.consultation_mails set status = 'failed', last_error = '550 No such user'
          where consultation_id = $1 and kind = 'visitor_confirmation'`,
        [lead.id],
      );
      const events = await listLeadEvents(admin, lead.id);
      expect(events.slice(3)).toEqual([
        expect.objectContaining({
          kind: 'status_changed',
          from: 'new',
          to: 'contacted',
          authorEmail: ADMIN_EMAIL,
        }),
        expect.objectContaining({
          kind: 'notes_changed',
          notes: 'Called, call back Friday.',
          authorEmail: ADMIN_EMAIL,
        }),
        expect.objectContaining({
          kind: 'owner_changed',
          fromEmail: null,
          toEmail: ADMIN_EMAIL,
          authorEmail: ADMIN_EMAIL,
        }),
        expect.objectContaining({ kind: 'notes_changed', notes: null, authorEmail: ADMIN_EMAIL }),
        expect.objectContaining({
          kind: 'mail_sent',
          mailKind: 'agency_notification',
          attempts: 1,
          authorEmail: null,
        }),
        expect.objectContaining({
          kind: 'mail_failed',
          mailKind: 'visitor_confirmation',
          error: '550 No such user',
        }),
      ]);
    });

    it('goes with the lead, and nobody writes it through the API', async () => {
      const lead = await insertLead(service);
      const { error: insertError } = await admin
        .from('lead_events')
        .insert({ consultation_id: lead.id, kind: 'status_changed' });
      expect(insertError?.code).toBe('42501');
      const { error: deleteError, count } = await admin
        .from('lead_events')
        .delete({ count: 'exact' })
        .eq('consultation_id', lead.id);
      expect(deleteError?.code).toBe('42501');
      expect(count).toBeNull();
      await admin.from('consultations').delete().eq('id', lead.id);
      const { rows } = await backend.db.query<{ count: string }>(
        'select count(*)::text as count from public.lead_events where consultation_id = $1',
        [lead.id],
      );
      expect(rows[0]?.count).toBe('0');
    });
  });

  describe('owners and who may see the history', () => {
    it('offers the administrators only, and refuses an editor as owner with a clear error', async () => {
      const editor = await backend.signedInMember(`editor.${kind}@example.com`, 'editor');
      const editorId = (await editor.auth.getUser()).data.user!.id;
      const choices = await listLeadOwnerChoices(admin);
      expect(choices).toEqual([{ userId: adminId, email: ADMIN_EMAIL }]);
      const lead = await insertLead(service);
      const refused = await updateLead(admin, lead.id, { owner_id: editorId }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataError);
      expect((refused as DataError).message).toBe(
        'The owner of a lead must be an administrator on the team.',
      );
    });

    it.each([
      ['an editor', 'editor' as const],
      ['a user without a role', null],
    ])('gives %s neither the owners, the history, nor a way to set an owner', async (_, role) => {
      const member = (await backend.signedInMember(
        `member.${role ?? 'none'}.${kind}@example.com`,
        role,
      )) as AppSupabaseClient;
      const lead = await insertLead(service);
      await expect(listLeadOwnerChoices(member)).rejects.toMatchObject({ code: '42501' });
      expect(await listLeadEvents(member, lead.id)).toEqual([]);
      const memberId = (await member.auth.getUser()).data.user!.id;
      await expect(updateLead(member, lead.id, { owner_id: adminId })).rejects.toBeInstanceOf(
        DataError,
      );
      const { error } = await member
        .from('consultations')
        .update({ owner_id: memberId })
        .eq('id', lead.id);
      // Row-level security leaves the lead out of the update: nothing changes, nothing is said.
      expect(error).toBeNull();
      const { rows } = await backend.db.query<{ owner_id: string | null }>(
        'select owner_id from public.consultations where id = $1',
        [lead.id],
      );
      expect(rows[0]?.owner_id).toBeNull();
    });

    it('refuses the owners and the history to anon', async () => {
      const anon = backend.client() as AppSupabaseClient;
      await expect(listLeadOwnerChoices(anon)).rejects.toBeInstanceOf(DataError);
      const { error } = await anon.from('lead_events').select('*');
      expect(error?.code).toBe('42501');
    });
  });

  describe('the list', () => {
    it('filters by owner (mine, unassigned) and by leads waiting over 24 hours, and sorts by source', async () => {
      await backend.db.query('delete from public.consultations');
      const mine = await insertLead(service, { utm_source: 'linkedin' });
      const waiting = await insertLead(service, { referrer: 'https://www.google.com/search?q=x' });
      const contacted = await insertLead(service);
      await updateLead(admin, mine.id, { owner_id: adminId });
      await backend.db.query(
        `update public.consultations set received_at = now() - interval '25 hours'
          where id = any($1::uuid[])`,
        [[waiting.id, contacted.id]],
      );
      await updateLead(admin, contacted.id, { status: 'contacted' });
      const names = async (query: Parameters<typeof listLeads>[1]) =>
        (await listLeads(admin, query)).leads.map((lead) => lead.name);
      expect(await names({ owner: 'mine', userId: adminId })).toEqual([mine.name]);
      expect((await names({ owner: 'unassigned' })).sort()).toEqual(
        [waiting.name, contacted.name].sort(),
      );
      expect(await names({ overdue: true })).toEqual([waiting.name]);
      expect(await names({ sort: 'source', ascending: true })).toEqual([
        contacted.name, // (direct)
        waiting.name, // google.com
        mine.name, // linkedin
      ]);
      await expect(listLeads(admin, { owner: 'mine' })).rejects.toBeInstanceOf(DataError);
    });
  });

  describe('the daily digest', () => {
    /** 2099-03-0<day> at hh:mm in Stockholm (UTC+1 in March before the change). */
    const stockholm = (day: number, time: string) =>
      new Date(`2099-03-${String(day).padStart(2, '0')}T${time}:00+01:00`);

    async function outboxDigests() {
      const dir = path.join(backend.dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) =>
        f.endsWith('.json'),
      );
      const mails = await Promise.all(
        files.map(
          async (f) =>
            JSON.parse(await readFile(path.join(dir, f), 'utf8')) as {
              subject: string;
              text: string;
              to: unknown;
            },
        ),
      );
      return mails.filter((mail) => mail.subject.startsWith('Leads on '));
    }

    it('is queued from 08:00 in the agency’s time zone, once a day however many servers try', async () => {
      const digest = backend.server.leadJobs!.digest!;
      expect(await digest.queue(stockholm(1, '07:59'))).toBeNull();
      // Two servers at the same moment: the unique day lets one of them.
      const tries = await Promise.all([
        queueLeadDigest(backend.db, { asOf: stockholm(1, '08:00'), timeZone: 'Europe/Stockholm' }),
        queueLeadDigest(backend.db, { asOf: stockholm(1, '08:00'), timeZone: 'Europe/Stockholm' }),
        digest.queue(stockholm(1, '08:00')),
      ]);
      expect(tries.filter((day) => day !== null)).toEqual(['2099-03-01']);
      expect(await digest.queue(stockholm(1, '23:59'))).toBeNull();
      const { rows } = await backend.db.query<{ count: string }>(
        `select count(*)::text as count from public.lead_digests where day = '2099-03-01'`,
      );
      expect(rows[0]?.count).toBe('1');
    });

    it('mails the leads new since the last digest and those waiting over 24 hours', async () => {
      await backend.db.query('delete from public.consultations');
      await backend.server.leadJobs!.drainMails();
      const fresh = await insertLead(service, { name: 'Fresh <Lead>' });
      const old = await insertLead(service, { name: 'Waiting Lead' });
      // Time travel: the leads arrived the evening before the 2nd's digest, and the day before.
      await backend.db.query(
        `update public.consultations set received_at = $2::timestamptz where id = $1`,
        [fresh.id, stockholm(1, '20:00').toISOString()],
      );
      await backend.db.query(
        `update public.consultations set received_at = $2::timestamptz where id = $1`,
        [old.id, stockholm(1, '07:00').toISOString()],
      );
      const digest = backend.server.leadJobs!.digest!;
      expect(await digest.queue(stockholm(2, '08:01'))).toBe('2099-03-02');
      await digest.drain();
      const mails = (await outboxDigests()).filter((mail) => mail.subject.includes('2099-03-02'));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Leads on 2099-03-02: 1 new lead, 1 waiting over 24 hours');
      expect(mail.to).toEqual([ADMIN_EMAIL]);
      const [newPart, overduePart] = mail.text.split('Still new after 24 hours');
      expect(newPart).toContain('Fresh <Lead>');
      expect(newPart).not.toContain('Waiting Lead');
      expect(overduePart).toContain('Waiting Lead');
      // Sent once: draining again sends nothing more.
      expect(await digest.drain()).toBe(0);
      expect((await outboxDigests()).filter((m) => m.subject.includes('2099-03-02'))).toHaveLength(
        1,
      );
    });

    it('names each time in the agency’s zone', async () => {
      const mail = (await outboxDigests()).find((m) => m.subject.includes('2099-03-02'))!;
      // The lead came at 20:00 Stockholm time on the 1st, a Sunday.
      expect(mail.text).toContain('received Sun 1 Mar, 20:00 CET');
      expect(mail.text).not.toMatch(/\bUTC\b/);
    });

    it('sends nothing on a day with nothing to say, and the day keeps its one digest', async () => {
      // No lead at all: none new, none waiting, no call.
      await backend.db.query('delete from public.consultations');
      const digest = backend.server.leadJobs!.digest!;
      expect(await digest.queue(stockholm(5, '08:00'))).toBe('2099-03-05');
      // Queuing starts a drain of its own; this one waits for it.
      await digest.drain();
      expect((await outboxDigests()).filter((m) => m.subject.includes('2099-03-05'))).toEqual([]);
      const { rows } = await backend.db.query<{ status: string; sent_at: string | null }>(
        `select status, sent_at from public.lead_digests where day = '2099-03-05'`,
      );
      expect(rows).toEqual([{ status: 'skipped', sent_at: null }]);
      expect(await digest.queue(stockholm(5, '09:00'))).toBeNull();
      // The next day's digest starts where the skipped one ended, so no lead falls between them.
      const fresh = await insertLead(service, { name: 'After The Quiet Day' });
      await backend.db.query(
        `update public.consultations set received_at = $2::timestamptz where id = $1`,
        [fresh.id, stockholm(5, '12:00').toISOString()],
      );
      expect(await digest.queue(stockholm(6, '08:00'))).toBe('2099-03-06');
      await digest.drain();
      const next = (await outboxDigests()).filter((m) => m.subject.includes('2099-03-06'));
      expect(next.map((m) => m.subject)).toEqual([
        'Leads on 2099-03-06: 1 new lead, 0 waiting over 24 hours',
      ]);
      expect(next[0]!.text).toContain('After The Quiet Day');
    });
  });
});
