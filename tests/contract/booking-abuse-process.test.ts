// Booking the strategy call under abuse, against `npm start`'s server (decision 22). One lead's
// meeting link cancelled and booked again 20 times at once sends its visitor and the agency at most
// 3 invitations each (read from the outbox once the drain has run), and the page says why the
// rest are refused, in English and Swedish. 20 fresh leads from 4 addresses, each booking the
// first free time it is offered, hold at most a fifth of any day: a visitor within the hour books
// a time they are offered, and an hour on the first free time is on the day it was. Needs the
// build. A time zone asked for in a made-up spelling is written as its one name.
import path from 'node:path';
import { readFile, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { bookingCopy } from '~/features/booking/copy.ts';
import { postBookingForm, startSite, type RunningSite } from '../support/site.ts';
import { aLeadForm } from '../support/leads.ts';

const ZONE = 'Europe/Stockholm';
const localDate = (at: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short' }).format(at);
/** HTML text as the page renders it (React escapes these). */
const inHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

/** The first free time a page offers, if any. */
const firstStart = (html: string) => html.match(/name="start" value="([^"]+)"/)?.[1];

describe('booking under abuse', () => {
  let site: RunningSite;
  let db: Awaited<ReturnType<typeof openPostgres>>;
  let serial = 0;

  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'false', FORM_MIN_FILL_SECONDS: '0' });
    db = await openPostgres(await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')), 1);
    // Open every day 09:00-17:00, nothing before the day after tomorrow: the first day offered is
    // a whole day whatever the time the test runs.
    const day = 24 * 3600_000;
    const blocked = [0, 1, 2].map((n) => localDate(Date.now() + n * day));
    const hours = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, [{ start: 540, end: 1020 }]]),
    );
    await db.query(
      `insert into public.booking_settings (weekly_hours, minimum_notice_minutes, blocked_dates)
       values ($1::jsonb, 0, $2::date[])`,
      [JSON.stringify(hours), blocked],
    );
  });
  afterAll(async () => {
    await db?.close();
    await site?.stop();
  });

  /** Sends the form from `address` and answers the lead's booking cookie and e-mail. */
  async function sendLead(address: string, language: 'en' | 'sv' = 'en') {
    const email = `lead.${++serial}.${Date.now()}@example.se`;
    const sent = await postBookingForm(
      language === 'sv' ? `${site.url}/sv` : site.url,
      aLeadForm({ name: `Lead ${serial}`, email, company_name: `Company ${serial} AB` }),
      { 'X-Forwarded-For': address },
    );
    expect(sent.status, await sent.clone().text()).toBe(303);
    const cookie = sent.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    return { cookie, email, address };
  }

  /** The first free time the thank-you page offers the lead. */
  async function offered(lead: { cookie: string; address: string }) {
    const page = await fetch(`${site.url}/book-call/thank-you`, {
      headers: { cookie: lead.cookie, 'X-Forwarded-For': lead.address },
    });
    return firstStart(await page.text());
  }

  /** Books the first time offered, again with the next one when it was just taken. */
  async function bookFirst(lead: { cookie: string; address: string }): Promise<string | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const start = await offered(lead);
      if (!start) return null;
      const booked = await fetch(`${site.url}/book-call/thank-you`, {
        method: 'POST',
        headers: { cookie: lead.cookie, 'X-Forwarded-For': lead.address },
        body: new URLSearchParams({ start }),
        redirect: 'manual',
      });
      if (booked.status === 303) return booked.headers.get('location');
      const text = await booked.text();
      if (!text.includes(inHtml(bookingCopy.en.pick.taken))) return null;
    }
    return null;
  }

  async function outboxMails(): Promise<Array<{ to: unknown; replyTo?: unknown }>> {
    const dir = path.join(site.dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.json'),
    );
    return Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8'))),
    );
  }

  /** Waits until the meeting mails due now have gone (the drain runs every 2 seconds). */
  async function drained() {
    for (let waited = 0; waited < 20_000; waited += 250) {
      const { rows } = await db.query<{ count: string }>(
        `select count(*) from public.meeting_mails
          where status = 'pending' and next_attempt_at <= now()`,
      );
      if (Number(rows[0]!.count) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('Meeting mails due now were not sent within 20 seconds.');
  }

  it('sends at most 3 invitations to each side when a lead cancels and books again 20 times', async () => {
    const lead = await sendLead('198.51.100.40');
    let meeting = await bookFirst(lead);
    expect(meeting, 'the first booking').toMatch(/\/book-call\/meeting\//);
    const headers = { 'X-Forwarded-For': lead.address };
    const refusals: string[] = [];
    for (let cycle = 0; cycle < 20; cycle++) {
      const cancelled = await fetch(`${site.url}${meeting}`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ intent: 'cancel' }),
      });
      const start = firstStart(await cancelled.text());
      expect(start, 'a time to book again').toBeDefined();
      const again = await fetch(`${site.url}${meeting}`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ intent: 'book', start: start! }),
        redirect: 'manual',
      });
      if (again.status === 303) meeting = again.headers.get('location')!;
      else refusals.push(await again.text());
    }
    // Three bookings an hour: the first and two more; the other 18 are refused, and said so.
    expect(refusals).toHaveLength(18);
    for (const page of refusals) expect(page).toContain(inHtml(bookingCopy.en.pick.leadLimit));
    const swedish = await fetch(`${site.url}/sv${meeting}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ intent: 'book', start: firstStart(refusals[0]!)! }),
    });
    expect(await swedish.text()).toContain(inHtml(bookingCopy.sv.pick.leadLimit));

    await drained();
    const mails = await outboxMails();
    const toVisitor = mails.filter((mail) => JSON.stringify(mail.to).includes(lead.email));
    const toAgency = mails.filter((mail) =>
      JSON.stringify(mail.replyTo ?? '').includes(lead.email),
    );
    expect(toVisitor.length).toBeGreaterThan(0);
    expect(toVisitor.length).toBeLessThanOrEqual(3);
    expect(toAgency.length).toBeGreaterThan(0);
    expect(toAgency.length).toBeLessThanOrEqual(3);
  });

  it('keeps the next visitor’s first free time on its day when 20 fresh leads from 4 addresses book', async () => {
    const probe = await sendLead('192.0.2.200');
    const before = await offered(probe);
    expect(before, 'a free time before the burst').toBeDefined();

    const addresses = ['203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14'];
    // The four addresses at once, each sending its leads and booking one after another (the
    // site renders 2 pages at a time for one client and answers 503 past that).
    const burst: Array<{ email: string }> = [];
    const booked: string[] = [];
    await Promise.all(
      addresses.map(async (address) => {
        for (let i = 0; i < 5; i++) {
          const lead = await sendLead(address);
          burst.push(lead);
          const meeting = await bookFirst(lead);
          if (meeting) booked.push(meeting);
        }
      }),
    );

    // Each address booked 3 at most, and no day holds more than a fifth of its 8 hours.
    expect(booked.length).toBeLessThanOrEqual(12);
    const { rows } = await db.query<{ day: string; minutes: string }>(
      `select (m.starts_at at time zone 'Europe/Stockholm')::date::text as day,
              sum(extract(epoch from m.busy_until - m.starts_at) / 60)::text as minutes
         from public.meetings m join public.consultations c on c.id = m.consultation_id
        where m.status = 'active' and c.email = any($1)
        group by 1`,
      [burst.map((lead) => lead.email)],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.minutes), row.day).toBeLessThanOrEqual(96);

    // Within the hour a visitor is offered a time that is really free for them, and gets it.
    const visitor = await sendLead('192.0.2.201');
    expect(await bookFirst(visitor)).toMatch(/\/book-call\/meeting\//);

    // An hour on, the next visitor's first free time is on the day it was.
    await db.query('alter table public.meetings disable trigger meetings_touch');
    try {
      await db.query(`update public.meetings set updated_at = now() - interval '2 hours'`);
    } finally {
      await db.query('alter table public.meetings enable trigger meetings_touch');
    }
    const after = await offered(await sendLead('192.0.2.202'));
    expect(after, 'a free time after the burst').toBeDefined();
    expect(localDate(Date.parse(after!))).toBe(localDate(Date.parse(before!)));
  });

  it('writes a zone asked for in any spelling as its one name, so spellings cannot grow a cache', async () => {
    const lead = await sendLead('203.0.113.77');
    const page = await fetch(`${site.url}/book-call/thank-you?tz=eUrOpE/sToCkHoLm`, {
      headers: { cookie: lead.cookie, 'X-Forwarded-For': lead.address },
    });
    const html = await page.text();
    // The zone's own name in the times it offers and the links it writes, never the spelling.
    expect(html).toContain(`tz=${encodeURIComponent(ZONE)}`);
    expect(html).toMatch(/name="start" value="[^"]+"/);
  });
});
