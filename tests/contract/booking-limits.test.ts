// The database's bounds on booking the strategy call (decision 22), on both databases, written
// through the data API with the service key and the visitor's address as the site's server writes
// them: a lead books or moves its call 3 times an hour and 5 in all, an address books 3 calls a
// day, fresh leads hold at most a fifth of a day; a lead's invitations past 3 an hour are held and
// go as what the recipient needs to know then; an administrator releases a held time through the
// visitor's own cancel.
// Long because every bound on booking is written against the same leads and meetings on one
// backend per database; split apart, each bound would start its own backends.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listHeldCalls } from '~/data/meetings';
import type { AppSupabaseClient } from '~/data/supabase';
import { backendKinds, startTestBackend, type TestBackend } from '../support/backend.ts';
import { insertLeads } from '../support/leads.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Tuesday 2 June 2099, 09:00 in Stockholm; the default hours are weekdays 09:00-17:00. */
const TUESDAY = Date.parse('2099-06-02T07:00:00Z');
const DAY = 24 * HOUR;

interface OutboxMail {
  to: unknown;
  replyTo?: unknown;
  subject: string;
  icalEvent?: { method: string };
}

describe.each(backendKinds)('bounds on booking on %s', (kind) => {
  let backend: TestBackend;
  let service: SupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend(
      kind,
      { LEADS_NOTIFY_TO: 'leads@agency.example', SITE_URL: 'https://agency.example' },
      // Mails go only when the test drains them.
      { leadJobTimings: { pollIntervalMs: 3_600_000, digestCheckIntervalMs: 3_600_000 } },
    );
    service = backend.client(backend.serviceRoleKey);
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => {
    await backend.db.query('delete from public.meetings');
    await backend.db.query('delete from public.booking_settings');
    await backend.db.query('delete from private.meeting_booking_addresses');
  });

  const leads = (count: number) => insertLeads(backend.db, count);
  const times = (start: number) => ({
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 30 * MINUTE).toISOString(),
    busy_until: new Date(start + 45 * MINUTE).toISOString(),
  });
  /** Books as the site's server does, for a visitor at `address` (none: the machine itself). */
  const book = async (lead: string, start: number, address?: string) => {
    const insert = service
      .from('meetings')
      .insert({ consultation_id: lead, ...times(start) })
      .select('id, sequence')
      .single();
    const { data, error } = await (address ? insert.setHeader('x-forwarded-for', address) : insert);
    return { meeting: data as { id: string; sequence: number } | null, error };
  };
  const move = async (meeting: { id: string; sequence: number }, start: number) => {
    const { data, error } = await service
      .from('meetings')
      .update({ ...times(start), sequence: meeting.sequence + 1 })
      .eq('id', meeting.id)
      .select('id, sequence')
      .single();
    if (data) meeting.sequence = (data as { sequence: number }).sequence;
    return error;
  };
  const cancel = async (meeting: { id: string; sequence: number }) => {
    const { error } = await service
      .from('meetings')
      .update({ status: 'cancelled', sequence: meeting.sequence + 1 })
      .eq('id', meeting.id);
    expect(error).toBeNull();
  };
  const activeStart = async (lead: string) => {
    const { rows } = await backend.db.query<{ starts_at: string }>(
      `select to_json(starts_at) #>> '{}' as starts_at from public.meetings
        where consultation_id = $1 and status = 'active'`,
      [lead],
    );
    return rows[0] ? Date.parse(rows[0].starts_at) : null;
  };
  /** Moves what the lead's history says into the past, as if it happened `hours` ago. */
  const ageHistory = (lead: string, hours: number) =>
    backend.db.query(
      `update public.lead_events set created_at = created_at - make_interval(hours => $2)
        where consultation_id = $1`,
      [lead, hours],
    );

  it('lets a lead book or move its call 3 times an hour and 5 in all, and always cancel', async () => {
    const [lead] = await leads(1);
    const first = await book(lead!, TUESDAY);
    expect(first.error).toBeNull();
    const meeting = first.meeting!;
    expect(await move(meeting, TUESDAY + DAY)).toBeNull();
    expect(await move(meeting, TUESDAY + 2 * DAY)).toBeNull();
    const fourth = await move(meeting, TUESDAY + 3 * DAY);
    expect(fourth).toMatchObject({ code: 'PT429', hint: 'meetings_per_lead' });
    expect(await activeStart(lead!)).toBe(TUESDAY + 2 * DAY);
    await cancel(meeting);
    expect((await book(lead!, TUESDAY)).error).toMatchObject({ hint: 'meetings_per_lead' });

    // An hour later the lead may book and move twice more: five in all, then no more.
    await ageHistory(lead!, 2);
    const again = await book(lead!, TUESDAY);
    expect(again.error).toBeNull();
    expect(await move(again.meeting!, TUESDAY + DAY)).toBeNull();
    await ageHistory(lead!, 2);
    expect(await move(again.meeting!, TUESDAY + 2 * DAY)).toMatchObject({
      code: 'PT429',
      hint: 'meetings_per_lead',
    });
    await cancel(again.meeting!);
    expect(await activeStart(lead!)).toBeNull();
  });

  it('lets one address book 3 calls a day; another address and the machine itself are not held', async () => {
    const ids = await leads(6);
    for (const [i, lead] of ids.slice(0, 3).entries()) {
      expect((await book(lead, TUESDAY + i * DAY, '203.0.113.7')).error).toBeNull();
    }
    const refused = await book(ids[3]!, TUESDAY + 3 * DAY, '203.0.113.7');
    expect(refused.error).toMatchObject({ code: 'PT429', hint: 'meetings_per_address' });
    expect(refused.error?.message).toBe('Too many calls were booked from your network today.');
    expect(await activeStart(ids[3]!)).toBeNull();
    expect((await book(ids[3]!, TUESDAY + 3 * DAY, '198.51.100.20')).error).toBeNull();
    expect((await book(ids[4]!, TUESDAY + 4 * DAY)).error).toBeNull();

    // A day later the address has its three again.
    await backend.db.query(
      `update private.meeting_booking_addresses
          set recent = array(select t - interval '25 hours' from unnest(recent) t)`,
    );
    expect((await book(ids[5]!, TUESDAY + 7 * DAY, '203.0.113.7')).error).toBeNull();
  });

  it('lets fresh leads hold a fifth of a day at most, not counting leads the team acted on or older bookings', async () => {
    const ids = await leads(7);
    // 8 open hours: a fifth is 96 minutes, two calls with their buffers (45 minutes each).
    expect((await book(ids[0]!, TUESDAY)).error).toBeNull();
    expect((await book(ids[1]!, TUESDAY + 2 * HOUR)).error).toBeNull();
    const third = await book(ids[2]!, TUESDAY + 4 * HOUR);
    expect(third.error).toMatchObject({ code: 'PT429', hint: 'meetings_share_of_day' });
    expect(await activeStart(ids[2]!)).toBeNull();
    // Another day has room; a taken time is still answered as taken.
    expect((await book(ids[2]!, TUESDAY + DAY)).error).toBeNull();
    expect((await book(ids[3]!, TUESDAY)).error?.code).toBe('23P01');

    // A lead a team member has acted on is not a stranger's burst.
    const admin = await backend.signedIn();
    const noted = await admin
      .from('consultations')
      .update({ notes: 'Called, wants Tuesday.' })
      .eq('id', ids[4]!);
    expect(noted.error).toBeNull();
    expect((await book(ids[4]!, TUESDAY + 4 * HOUR)).error).toBeNull();

    // A booking over an hour old no longer counts.
    expect((await book(ids[5]!, TUESDAY + 5 * HOUR)).error).toMatchObject({
      hint: 'meetings_share_of_day',
    });
    await backend.db.query('alter table public.meetings disable trigger meetings_touch');
    try {
      await backend.db.query(
        `update public.meetings set updated_at = now() - interval '2 hours'
          where consultation_id = $1`,
        [ids[0]!],
      );
    } finally {
      await backend.db.query('alter table public.meetings enable trigger meetings_touch');
    }
    expect((await book(ids[5]!, TUESDAY + 5 * HOUR)).error).toBeNull();

    // Saved hours of one hour a day: still one call a day.
    await backend.db.query('delete from public.meetings');
    await backend.db.query(
      `insert into public.booking_settings (weekly_hours) values (
         '{"1": [], "2": [{"start": 540, "end": 600}], "3": [], "4": [], "5": [], "6": [], "7": []}')`,
    );
    expect((await book(ids[0]!, TUESDAY)).error).toBeNull();
    expect((await book(ids[6]!, TUESDAY + 3 * HOUR)).error).toMatchObject({
      hint: 'meetings_share_of_day',
    });
  });

  describe('a lead’s invitations', () => {
    async function outboxOf(
      email: string,
    ): Promise<{ visitor: OutboxMail[]; agency: OutboxMail[] }> {
      const dir = path.join(backend.dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) =>
        f.endsWith('.json'),
      );
      const mails = await Promise.all(
        files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMail),
      );
      return {
        visitor: mails.filter((mail) => JSON.stringify(mail.to).includes(email)),
        agency: mails.filter((mail) => JSON.stringify(mail.replyTo ?? null).includes(email)),
      };
    }
    const drain = () => backend.server.leadJobs!.drainMeetingMails();

    it('go 3 an hour to each recipient; the rest are held and go as what the recipient needs to know then', async () => {
      const [lead] = await leads(1);
      const { rows } = await backend.db.query<{ email: string }>(
        'select email from public.consultations where id = $1',
        [lead],
      );
      const email = rows[0]!.email;

      // Booked, cancelled, booked: each announced at once.
      const a = (await book(lead!, TUESDAY)).meeting!;
      await drain();
      await cancel(a);
      await drain();
      const b = (await book(lead!, TUESDAY + DAY)).meeting!;
      await drain();
      // Past the hour's three: B cancelled, C booked and cancelled, D booked and moved.
      await cancel(b);
      const c = (await book(lead!, TUESDAY + 2 * DAY)).meeting!;
      await cancel(c);
      await ageHistory(lead!, 2);
      const d = (await book(lead!, TUESDAY + 3 * DAY)).meeting!;
      expect(await move(d, TUESDAY + 4 * DAY)).toBeNull();
      await drain();

      const held = await backend.db.query<{ count: string; due_in_minutes: string }>(
        `select count(*), round(extract(epoch from min(mm.next_attempt_at) - now()) / 60)
                  as due_in_minutes
           from public.meeting_mails mm join public.meetings m on m.id = mm.meeting_id
          where m.consultation_id = $1 and mm.held and mm.status = 'pending'`,
        [lead],
      );
      // B cancelled, C booked, C cancelled, D booked, D moved: to the visitor and to the agency.
      expect(Number(held.rows[0]!.count)).toBe(10);
      expect(Number(held.rows[0]!.due_in_minutes)).toBeGreaterThan(50);
      let sent = await outboxOf(email);
      expect(sent.visitor.map((mail) => mail.icalEvent?.method)).toHaveLength(3);
      expect(sent.agency).toHaveLength(3);

      // An hour on: B's cancel (B was announced) and D as booked at its new time; C never was.
      await backend.db.query(
        `update public.meeting_mails set next_attempt_at = now() where held and status = 'pending'`,
      );
      await drain();
      sent = await outboxOf(email);
      expect(sent.visitor).toHaveLength(5);
      expect(sent.agency).toHaveLength(5);
      expect(sent.visitor.filter((mail) => mail.icalEvent?.method === 'CANCEL')).toHaveLength(2);
      expect(sent.visitor.some((mail) => mail.subject.includes('new time'))).toBe(false);
      const { rows: statuses } = await backend.db.query<{ id: string; status: string }>(
        `select m.id, string_agg(mm.status, ',' order by mm.sequence) as status
           from public.meeting_mails mm join public.meetings m on m.id = mm.meeting_id
          where m.consultation_id = $1 and mm.kind = 'visitor_invitation'
          group by m.id`,
        [lead],
      );
      const byMeeting = Object.fromEntries(statuses.map((row) => [row.id, row.status]));
      expect(byMeeting[a.id]).toBe('sent,sent');
      expect(byMeeting[b.id]).toBe('sent,sent');
      expect(byMeeting[c.id]).toBe('superseded,superseded');
      expect(byMeeting[d.id]).toBe('superseded,sent');
    });
  });

  describe('releasing a held time', () => {
    it('cancels the call as the visitor would, by an administrator only', async () => {
      const [stranger, known] = await leads(2);
      const held = (await book(stranger!, TUESDAY)).meeting!;
      const admin = await backend.signedIn();
      await admin.from('consultations').update({ notes: 'Spoke to them.' }).eq('id', known!);
      expect((await book(known!, TUESDAY + DAY)).error).toBeNull();

      const calls = await listHeldCalls(
        admin as unknown as AppSupabaseClient,
        new Date(TUESDAY - DAY),
      );
      expect(calls.map((call) => call.leadId)).toEqual([stranger]);

      const editor = await backend.signedInMember(`editor-${Date.now()}@example.com`, 'editor');
      await editor.from('meetings').update({ status: 'cancelled', sequence: 1 }).eq('id', held.id);
      expect(await activeStart(stranger!)).toBe(TUESDAY);
      // An administrator may move a call (decision 26), but only whole: its end moves with its start.
      const moved = await admin
        .from('meetings')
        .update({ starts_at: new Date(TUESDAY + HOUR).toISOString() })
        .eq('id', held.id);
      expect(moved.error?.code).toBe('23514');

      const released = await admin
        .from('meetings')
        .update({ status: 'cancelled', sequence: calls[0]!.sequence + 1 })
        .eq('id', held.id)
        .select('status, sequence')
        .single();
      expect(released.error).toBeNull();
      expect(released.data).toEqual({ status: 'cancelled', sequence: 1 });
      const { rows } = await backend.db.query<{ status: string; kinds: string; authored: string }>(
        `select c.status,
                string_agg(e.kind, ',' order by e.id) as kinds,
                count(e.author_id)::text as authored
           from public.consultations c join public.lead_events e on e.consultation_id = c.id
          where c.id = $1 group by c.status`,
        [stranger],
      );
      expect(rows[0]).toEqual({
        status: 'new',
        kinds: 'meeting_booked,status_changed,meeting_cancelled,status_changed',
        // The release and the status it put back, both by the administrator (decision 26).
        authored: '2',
      });
      const { rows: mails } = await backend.db.query<{ change: string }>(
        `select change from public.meeting_mails where meeting_id = $1 and kind = 'visitor_invitation'
          order by sequence`,
        [held.id],
      );
      expect(mails.map((mail) => mail.change)).toEqual(['booked', 'cancelled']);

      // Cancelled stays cancelled.
      await admin.from('meetings').update({ status: 'active' }).eq('id', held.id);
      expect(await activeStart(stranger!)).toBeNull();
      expect(
        (await backend.client().from('meetings').update({ status: 'cancelled' }).eq('id', held.id))
          .error?.code,
      ).toBe('42501');
    });
  });
});
