// The agency's private calendar feed as `npm start` serves it, for a lead whose name and company
// hold what iCalendar's TEXT must escape: lone CRs, an LF, a backslash, semicolons, commas, quotes
// and a control character. The lead is sent through the booking form without JavaScript, books a
// time on the thank-you page, and the feed is read by Mozilla's ical.js: the name and company come
// back whole (each line break as a newline, the control character dropped), and no content line
// holds a bare CR or LF. Needs the build.
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import { postBookingForm, startSite, type RunningSite } from '../support/site.ts';
import { aLeadForm } from '../support/leads.ts';

const name = 'Åsa\rÖberg\r\rBerg; "the boss", A\\B\u0007 \r\nLind';
const company = 'Öberg;Bygg,\rAB\\';
/** What a calendar shows: every line break a newline, the control character gone. */
const shown = (text: string) => text.replace(/\r\n|\r/g, '\n').replaceAll('\u0007', '');

describe('the calendar feed of a lead with special characters', () => {
  let site: RunningSite;
  let db: Awaited<ReturnType<typeof openPostgres>>;

  beforeAll(async () => {
    site = await startSite({ SEED_DEMO: 'false', FORM_MIN_FILL_SECONDS: '0' });
    db = await openPostgres(await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')), 1);
  });
  afterAll(async () => {
    await db?.close();
    await site?.stop();
  });

  it('escapes the name and company as iCalendar text, so a calendar reads them whole', async () => {
    const email = `asa.${Date.now()}@example.se`;
    const sent = await postBookingForm(
      site.url,
      aLeadForm({ name, email, company_name: company }),
      { 'X-Forwarded-For': '198.51.100.71' },
    );
    expect(sent.status).toBe(303);
    const cookie = sent.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const { rows: stored } = await db.query<{ name: string }>(
      'select name from public.consultations where email = $1',
      [email],
    );
    expect(stored).toEqual([{ name }]);

    // The thank-you page offers the free times; the first one is booked.
    const step = await (
      await fetch(`${site.url}/book-call/thank-you`, { headers: { cookie } })
    ).text();
    const start = step.match(/name="start" value="([^"]+)"/)?.[1];
    expect(start, 'a free time on the thank-you page').toBeDefined();
    const booked = await fetch(`${site.url}/book-call/thank-you`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ start: start! }),
      redirect: 'manual',
    });
    expect(booked.status).toBe(303);
    expect(booked.headers.get('location')).toMatch(/\/book-call\/meeting\//);

    // The feed's secret address, as the availability page shows it once settings are saved.
    await db.query('insert into public.booking_settings default values on conflict do nothing');
    const { rows: settings } = await db.query<{ calendar_feed_token: string }>(
      'select calendar_feed_token from public.booking_settings',
    );
    const feed = await fetch(`${site.url}/calendar/${settings[0]!.calendar_feed_token}.ics`);
    expect(feed.status).toBe(200);
    const text = await feed.text();

    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.filter((line) => /[\r\n]/.test(line))).toEqual([]);
    expect(lines.filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);

    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.summary).toBe(`Strategy call: ${shown(name)}, ${shown(company)}`);
    expect(event!.description).toContain(`${shown(name)}, ${shown(company)}\nPhone: 070-123 45 67`);
    expect(event!.attendees[0]!.getFirstValue()).toBe(`mailto:${email}`);
  });
});
