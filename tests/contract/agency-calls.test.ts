// The agency's side of a booked call, on PGlite and on PostgreSQL, through the real supabase-js:
// an administrator moves a lead's call (past the visitor's bounds, the history naming them), cancels it
// with a note the visitor is mailed, and a call keeps the video link it was booked with until an
// administrator gives it today's (docs/decisions/0026). The invitations name the agency as their
// organizer even before any agency detail is saved.
// Long because moving, cancelling, the kept link and the organizer all need the same backend per
// database and its outbox; split apart, each file would start its own two backends.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { aLead } from '../support/leads.ts';

const HOUR = 3600_000;
const VIDEO = 'https://meet.example.com/agency-room';
const NEW_VIDEO = 'https://meet.example.com/new-room';

interface OutboxMail {
  messageId: string;
  to: unknown;
  subject: string;
  text: string;
  icalEvent?: { method: string; content: string };
}

describe.each(backendKinds)('the agency’s side of a call on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  let admin: SupabaseClient;
  let serial = 0;

  beforeAll(async () => {
    backend = await startTestBackend(
      kind,
      { LEADS_NOTIFY_TO: 'leads@agency.example', SITE_URL: 'https://agency.example' },
      { leadJobTimings: { pollIntervalMs: 3_600_000, digestCheckIntervalMs: 3_600_000 } },
    );
    service = backend.client(backend.serviceRoleKey);
    admin = await backend.signedIn();
  });
  afterAll(async () => backend?.close());

  beforeEach(async () => {
    await backend.db.query('delete from public.booking_settings');
    await backend.db.query('delete from public.meetings');
    await backend.db.query(`insert into public.booking_settings (meeting_link) values ($1)`, [
      VIDEO,
    ]);
  });

  async function insertLead(): Promise<string> {
    serial++;
    const { data, error } = await service
      .from('consultations')
      .insert(aLead({ name: `Åsa Öberg ${serial}`, email: `asa.${serial}.${Date.now()}@ob.se` }))
      .select('id')
      .single();
    if (error) throw error;
    return (data as { id: string }).id;
  }

  /** The next weekday at 10:00 UTC, some days ahead, so every reminder is still to come. */
  function dayAhead(days: number): number {
    const day = new Date(Date.now() + days * 24 * HOUR);
    day.setUTCHours(10, 0, 0, 0);
    return day.getTime();
  }

  const times = (start: number, minutes = 30, buffer = 15) => ({
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + minutes * 60_000).toISOString(),
    busy_until: new Date(start + (minutes + buffer) * 60_000).toISOString(),
  });

  /** Books as the site's server does, with the service key; the meeting row. */
  async function book(leadId: string, start: number) {
    const { data, error } = await service
      .from('meetings')
      .insert({ consultation_id: leadId, ...times(start) })
      .select('id, sequence, meeting_link')
      .single();
    if (error) throw error;
    return data as { id: string; sequence: number; meeting_link: string | null };
  }

  async function meetingRow(id: string) {
    const { rows } = await backend.db.query<{
      status: string;
      sequence: number;
      meeting_link: string | null;
      starts_at: number;
      cancellation_note: string | null;
    }>(
      `select status, sequence, meeting_link, extract(epoch from starts_at) * 1000 as starts_at,
              cancellation_note from public.meetings where id = $1`,
      [id],
    );
    return {
      ...rows[0]!,
      sequence: Number(rows[0]!.sequence),
      starts_at: Number(rows[0]!.starts_at),
    };
  }

  async function history(leadId: string) {
    const { rows } = await backend.db.query<{
      kind: string;
      author_email: string | null;
      data: string;
    }>(
      `select kind, author_email, data::text from public.lead_events
        where consultation_id = $1 and kind like 'meeting%' order by id`,
      [leadId],
    );
    return rows.map((row) => ({
      kind: row.kind,
      by: row.author_email,
      data: JSON.parse(row.data) as Record<string, string>,
    }));
  }

  /** Delivers the due meeting mails; the visitor's and the agency's newest invitation. */
  async function deliveredInvitations(meetingId: string) {
    await backend.server.leadJobs!.drainMeetingMails();
    const { rows } = await backend.db.query<{ id: string; kind: string }>(
      `select id, kind from public.meeting_mails
        where meeting_id = $1 and change is not null and status = 'sent'
        order by sequence desc, kind`,
      [meetingId],
    );
    const dir = path.join(backend.dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.json'),
    );
    const mails = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMail),
    );
    const find = (kind: string) => {
      const row = rows.find((candidate) => candidate.kind === kind);
      return mails.find((mail) => row && mail.messageId === `<${row.id}@agency.example>`);
    };
    return { visitor: find('visitor_invitation'), agency: find('agency_invitation') };
  }

  describe('a call keeps the way to meet it was booked with', () => {
    it('keeps its video link when Availability’s changes, until an administrator gives it the new one', async () => {
      const lead = await insertLead();
      const call = await book(lead, dayAhead(3));
      expect(call.meeting_link).toBe(VIDEO);
      await backend.db.query('update public.booking_settings set meeting_link = null');
      const phoned = await book(await insertLead(), dayAhead(4));
      expect(phoned.meeting_link).toBeNull();
      expect((await meetingRow(call.id)).meeting_link).toBe(VIDEO);

      // Only the link Availability has now may be given, and nothing changes otherwise.
      await backend.db.query('update public.booking_settings set meeting_link = $1', [NEW_VIDEO]);
      const other = await admin
        .from('meetings')
        .update({ meeting_link: 'https://evil.example.com/x' })
        .eq('id', call.id);
      expect(other.error?.code).toBe('23514');
      expect(await meetingRow(call.id)).toMatchObject({ meeting_link: VIDEO, sequence: 0 });

      const given = await admin
        .from('meetings')
        .update({ meeting_link: NEW_VIDEO })
        .eq('id', call.id)
        .select('id');
      expect(given.error).toBeNull();
      expect(await meetingRow(call.id)).toMatchObject({ meeting_link: NEW_VIDEO, sequence: 1 });
      expect((await history(lead)).at(-1)).toMatchObject({
        kind: 'meeting_link_changed',
        by: 'admin@example.com',
        data: { from: VIDEO, to: NEW_VIDEO },
      });
      const { visitor, agency } = await deliveredInvitations(call.id);
      expect(visitor!.text).toContain(NEW_VIDEO);
      expect(visitor!.text).not.toContain(VIDEO + '\n');
      expect(agency!.text).toContain(`How: ${NEW_VIDEO}`);
      const event = new ICAL.Event(
        new ICAL.Component(ICAL.parse(visitor!.icalEvent!.content)).getFirstSubcomponent('vevent')!,
      );
      expect(event.location).toBe(NEW_VIDEO);
      expect(event.sequence).toBe(1);
    });

    it('lets no one but an administrator change a call, nor a visitor choose its link', async () => {
      const lead = await insertLead();
      // The service key's own link is replaced by Availability's: a call is booked as it stands.
      const { data } = await service
        .from('meetings')
        .insert({ consultation_id: lead, ...times(dayAhead(3)), meeting_link: NEW_VIDEO })
        .select('id, meeting_link')
        .single();
      expect(data).toMatchObject({ meeting_link: VIDEO });
      // The visitor's zone is kept when the database knows it, and dropped otherwise.
      for (const [zone, kept] of [
        ['America/New_York', 'America/New_York'],
        ['Mars/Olympus', null],
      ] as const) {
        const zoned = await service
          .from('meetings')
          .insert({
            consultation_id: await insertLead(),
            ...times(dayAhead(zone === 'Mars/Olympus' ? 5 : 4)),
            visitor_time_zone: zone,
          })
          .select('visitor_time_zone')
          .single();
        expect(zoned.data).toEqual({ visitor_time_zone: kept });
      }
      const editor = await backend.signedInMember(`editor-${serial}-${Date.now()}@ex.se`, 'editor');
      const refused = await editor
        .from('meetings')
        .update({ status: 'cancelled' })
        .eq('id', (data as { id: string }).id)
        .select('id');
      expect(refused.data ?? []).toEqual([]);
      expect((await meetingRow((data as { id: string }).id)).status).toBe('active');
    });
  });

  describe('an administrator moves a call', () => {
    it('to a free time: the history names them and the visitor is mailed the new time', async () => {
      const lead = await insertLead();
      const call = await book(lead, dayAhead(3));
      const moved = await admin
        .from('meetings')
        .update({ ...times(dayAhead(5)), sequence: 1 })
        .eq('id', call.id)
        .select('id');
      expect(moved.error).toBeNull();
      expect(await meetingRow(call.id)).toMatchObject({
        starts_at: dayAhead(5),
        sequence: 1,
        meeting_link: VIDEO,
      });
      expect((await history(lead)).map((event) => [event.kind, event.by])).toEqual([
        ['meeting_booked', null],
        ['meeting_moved', 'admin@example.com'],
      ]);
      const { visitor } = await deliveredInvitations(call.id);
      expect(visitor!.subject).toMatch(/^Your strategy call has a new time: /);
    });

    it('is refused a taken time, a past one and another length', async () => {
      const lead = await insertLead();
      const call = await book(lead, dayAhead(3));
      await book(await insertLead(), dayAhead(6));
      const attempt = (fields: Record<string, unknown>) =>
        admin.from('meetings').update(fields).eq('id', call.id).select('id');

      expect((await attempt(times(dayAhead(6)))).error?.code).toBe('23P01');
      expect((await attempt(times(Date.now() - HOUR))).error?.code).toBe('23514');
      expect((await attempt(times(dayAhead(7), 90))).error?.code).toBe('23514');
      expect(await meetingRow(call.id)).toMatchObject({ sequence: 0 });
    });

    it('moves past the visitor’s online bounds, and leaves the visitor’s own moves theirs', async () => {
      const lead = await insertLead();
      const call = await book(lead, dayAhead(3));
      const move = (client: SupabaseClient, days: number) =>
        client
          .from('meetings')
          .update(times(dayAhead(days)))
          .eq('id', call.id)
          .select('id');

      // Five moves in one hour: more than the visitor may make (3 an hour, 5 in all).
      for (const days of [8, 9, 10, 11, 12]) expect((await move(admin, days)).error).toBeNull();
      expect((await meetingRow(call.id)).starts_at).toBe(dayAhead(12));

      // The visitor (as the site's server moves for them) booked once, so two moves fill their
      // hour; the agency's five are not counted against them.
      for (const days of [13, 14]) expect((await move(service, days)).error).toBeNull();
      const visitorsFourth = await move(service, 15);
      expect(visitorsFourth.error).toMatchObject({ code: 'PT429', hint: 'meetings_per_lead' });
      expect((await meetingRow(call.id)).starts_at).toBe(dayAhead(14));
      // The agency can still record the time it agrees with the lead by phone.
      expect((await move(admin, 16)).error).toBeNull();
    });
  });

  describe('an administrator cancels a call', () => {
    it('with a note the visitor and the agency read, in the history by them', async () => {
      const lead = await insertLead();
      const call = await book(lead, dayAhead(3));
      const note = 'Erik is ill that day; choose another time, please.';
      const cancelled = await admin
        .from('meetings')
        .update({ status: 'cancelled', sequence: 1, cancellation_note: note })
        .eq('id', call.id)
        .select('id');
      expect(cancelled.error).toBeNull();
      expect((await history(lead)).at(-1)).toMatchObject({
        kind: 'meeting_cancelled',
        by: 'admin@example.com',
        data: { note },
      });
      const { visitor, agency } = await deliveredInvitations(call.id);
      expect(visitor!.subject).toMatch(/^Your strategy call is cancelled: /);
      expect(visitor!.text).toContain(note);
      expect(visitor!.icalEvent!.method).toBe('CANCEL');
      expect(agency!.text).toContain(`Note to the visitor: ${note}`);
    });

    it('refuses a note without a cancel, and one over 500 characters', async () => {
      const call = await book(await insertLead(), dayAhead(3));
      const alone = await admin
        .from('meetings')
        .update({ cancellation_note: 'Hello' })
        .eq('id', call.id)
        .select('id');
      expect(alone.error?.code).toBe('23514');
      const long = await admin
        .from('meetings')
        .update({ status: 'cancelled', sequence: 1, cancellation_note: 'x'.repeat(501) })
        .eq('id', call.id)
        .select('id');
      expect(long.error?.code).toBe('23514');
      expect(await meetingRow(call.id)).toMatchObject({ status: 'active', sequence: 0 });
    });
  });

  describe('the invitation', () => {
    it('names the agency as organizer and asks the visitor for no reply, before any detail is saved', async () => {
      await backend.db.query('delete from public.agency_settings');
      const call = await book(await insertLead(), dayAhead(3));
      const { visitor } = await deliveredInvitations(call.id);
      const vevent = new ICAL.Component(
        ICAL.parse(visitor!.icalEvent!.content),
      ).getFirstSubcomponent('vevent')!;
      expect(vevent.getFirstProperty('organizer')!.getFirstValue()).toBe(
        'mailto:leads@agency.example',
      );
      const attendee = vevent.getFirstProperty('attendee')!;
      expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
      expect(attendee.getParameter('rsvp')).toBe('FALSE');
    });
  });
});
