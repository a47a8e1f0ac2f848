// The agency's side of a booked call in a real browser (docs/decisions/0026): a lead's page shows
// the call in the agency's zone and the visitor's, links the visitor's meeting page as the visitor
// sees it (English or Swedish, by the lead), moves the call to a free time and cancels it with a
// note, each recorded in the timeline by the administrator and mailed to the visitor; and a video
// link saved in Availability leaves calls already booked as they were until the owner chooses to
// give them the new one.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/axe.ts';
import { pagePerTest } from '../support/browser.ts';
import { querySite, storeLeadAsVisitor } from '../support/site.ts';
import { aLead } from '../support/leads.ts';
import {
  signedInState,
  siteAndBrowserPerFile,
  type StorageState,
} from '../support/site-and-browser.ts';

const { site, browser } = siteAndBrowserPerFile({ SEED_DEMO: 'false' });

let signedIn: StorageState;
beforeAll(async () => {
  signedIn = await signedInState(browser, site.url);
});

const browsing = pagePerTest(
  () => browser,
  () => ({ viewport: { width: 1280, height: 900 }, storageState: signedIn }),
);

let serial = 0;

/** A weekday `days` or more ahead at 10:00 in Stockholm (09:00 UTC in winter, 08:00 in summer). */
function weekdayAhead(days: number): number {
  const day = new Date(Date.now() + days * 24 * 3600_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const stockholmOffset =
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', hour: 'numeric' }).format(
        Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12),
      ),
    ) - 12;
  day.setUTCHours(10 - stockholmOffset, 0, 0, 0);
  return day.getTime();
}

/** A lead stored as a visitor's browser stores it, with a call booked for it; their ids. */
async function leadWithCall(
  language: 'english' | 'swedish',
  day: number,
): Promise<{ leadId: string; meetingId: string; name: string; start: number }> {
  serial++;
  // Each call an hour of its own (10:00, 11:00, …), so no two overlap whatever day they fall on.
  const start = day + (serial - 1) * 3600_000;
  const name = `Åsa Call ${serial} ${Date.now() % 10_000}`;
  const email = `asa.call.${serial}.${Date.now()}@example.se`;
  const stored = await storeLeadAsVisitor(
    site,
    aLead({ name, email, language, phone_number: '070-123 45 67' }),
    `203.0.113.${serial}`,
  );
  expect(stored.status).toBe(201);
  const [lead] = await querySite<{ id: string }>(
    site,
    'select id from public.consultations where email = $1',
    [email],
  );
  const [meeting] = await querySite<{ id: string }>(
    site,
    `insert into public.meetings (consultation_id, starts_at, ends_at, busy_until, visitor_time_zone)
     values ($1, $2, $2::timestamptz + interval '30 minutes', $2::timestamptz + interval '45 minutes',
             'America/New_York')
     returning id`,
    [lead!.id, new Date(start).toISOString()],
  );
  return { leadId: lead!.id, meetingId: meeting!.id, name, start };
}

async function openLead(page: Page, leadId: string, name: string): Promise<void> {
  await page.goto(`${site.url}/admin/leads/${leadId}`);
  await page.getByRole('article', { name }).waitFor();
  await page.getByRole('heading', { name: 'Booked call' }).waitFor();
}

const bookedHeading = {
  english: 'Your strategy call is booked',
  swedish: 'Ditt strategisamtal är bokat',
};

describe.each(['english', 'swedish'] as const)('the booked call of a lead in %s', (language) => {
  it('shows the call in both zones and links the visitor’s own meeting page', async () => {
    const { page } = browsing;
    const { leadId, name } = await leadWithCall(language, weekdayAhead(3));
    await openLead(page, leadId, name);
    const call = page.getByRole('region', { name: 'Booked call' });
    await call.getByText(/, \d\d:00–\d\d:30 CES?T$/).waitFor();
    await call.getByText(/\(America\/New_York\)/).waitFor();
    await call.getByText('Phone call: we call 070-123 45 67').waitFor();
    const link = call.getByRole('link', { name: 'Open the visitor’s meeting page' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(
      language === 'swedish' ? /\/sv\/book-call\/meeting\/[^/]+$/ : /[^v]\/book-call\/meeting\//,
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    const visitorPage = await page.context().newPage();
    await visitorPage.goto(href.replace(/^https?:\/\/[^/]+/, site.url));
    await visitorPage.getByRole('heading', { level: 1, name: bookedHeading[language] }).waitFor();
    await visitorPage.close();
  });

  it('moves the call to a free time and cancels it with a note, each in the timeline', async () => {
    const { page } = browsing;
    const { leadId, meetingId, name, start } = await leadWithCall(language, weekdayAhead(4));
    await openLead(page, leadId, name);
    const call = page.getByRole('region', { name: 'Booked call' });

    await call.getByRole('button', { name: 'Move', exact: true }).click();
    const newTime = call.getByRole('combobox', { name: 'New time' });
    await newTime.waitFor();
    // Its own time is offered again (it does not stand in its way); take another one.
    const values = await newTime
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const chosen = values.find((value) => value !== '' && Number(value) !== start)!;
    await newTime.selectOption(chosen);
    await call.getByRole('button', { name: 'Move the call' }).click();
    await page.getByText(/^The call is moved to .*The visitor is mailed the new time\.$/).waitFor();
    const [moved] = await querySite<{ starts_at: string | Date; sequence: number }>(
      site,
      'select starts_at, sequence from public.meetings where id = $1',
      [meetingId],
    );
    expect(new Date(moved!.starts_at).getTime()).toBe(Number(chosen));
    expect(Number(moved!.sequence)).toBe(1);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText(/^Call moved from .* to /).waitFor();
    await timeline
      .getByText(/by admin@example\.com/)
      .first()
      .waitFor();

    await page
      .getByRole('region', { name: 'Booked call' })
      .getByRole('button', { name: 'Cancel the call' })
      .click();
    await page.getByRole('heading', { name: 'Cancel the call?' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // Keeping the call changes nothing.
    await page.getByRole('button', { name: 'Keep the call' }).click();
    await page.getByRole('button', { name: 'Cancel the call' }).click();
    const note = 'Erik is ill that day. Please choose another time.';
    await page.getByRole('textbox', { name: 'Note to the visitor (optional)' }).fill(note);
    await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
    await page
      .getByText('The call is cancelled. The visitor is mailed the cancellation.')
      .waitFor();
    await timeline.getByText(note).waitFor();
    await page.getByRole('region', { name: 'Booked call' }).waitFor({ state: 'detached' });

    const [cancelled] = await querySite<{ status: string; cancellation_note: string }>(
      site,
      'select status, cancellation_note from public.meetings where id = $1',
      [meetingId],
    );
    expect(cancelled).toEqual({ status: 'cancelled', cancellation_note: note });
    const events = await querySite<{ kind: string; author_email: string | null }>(
      site,
      `select kind, author_email from public.lead_events
        where consultation_id = $1 and kind like 'meeting%' order by id`,
      [leadId],
    );
    expect(events).toEqual([
      { kind: 'meeting_booked', author_email: null },
      { kind: 'meeting_moved', author_email: 'admin@example.com' },
      { kind: 'meeting_cancelled', author_email: 'admin@example.com' },
    ]);
    const mails = await querySite<{ change: string }>(
      site,
      `select change from public.meeting_mails
        where meeting_id = $1 and kind = 'visitor_invitation' order by sequence`,
      [meetingId],
    );
    expect(mails.map((mail) => mail.change)).toEqual(['booked', 'moved', 'cancelled']);
  });
});

describe('a video link saved in Availability', () => {
  it('leaves booked phone calls as they were until the owner gives them the new link', async () => {
    const { page } = browsing;
    await querySite(site, 'delete from public.booking_settings');
    const { leadId, meetingId, name } = await leadWithCall('english', weekdayAhead(5));
    const others = await querySite<{ count: string }>(
      site,
      `select count(*) from public.meetings where status = 'active' and starts_at > now()`,
    );

    await page.goto(`${site.url}/admin/availability`);
    await page.getByRole('button', { name: 'Save availability' }).waitFor();
    const link = 'https://meet.example.com/new-room';
    await page.getByLabel('Video meeting link (optional)').fill(link);
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByText('Availability saved. Visitors see the new times at once.').waitFor();
    const count = Number(others[0]!.count);
    const keeping = page.getByText(
      count === 1
        ? '1 booked call keeps the way to meet it was booked with: the saved link applies to new bookings only.'
        : `${count} booked calls keep the way to meet it was booked with: the saved link applies to new bookings only.`,
    );
    await keeping.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The call is still a phone call, on the lead's page and the visitor's.
    await openLead(page, leadId, name);
    const call = page.getByRole('region', { name: 'Booked call' });
    await call.getByText('Phone call: we call 070-123 45 67').waitFor();
    const href = (await call
      .getByRole('link', { name: 'Open the visitor’s meeting page' })
      .getAttribute('href'))!;
    const visitorPage = await page.context().newPage();
    await visitorPage.goto(href.replace(/^https?:\/\/[^/]+/, site.url));
    await visitorPage.getByRole('heading', { level: 1, name: bookedHeading.english }).waitFor();
    expect(await visitorPage.getByRole('link', { name: 'Join the video call' }).count()).toBe(0);

    await page.goto(`${site.url}/admin/availability`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('button', {
        name:
          count === 1
            ? 'Give it the new link and mail each visitor'
            : 'Give them the new link and mail each visitor',
      })
      .click();
    await page
      .getByText(
        count === 1
          ? '1 call is updated. Each visitor is mailed the new way to meet.'
          : `${count} calls are updated. Each visitor is mailed the new way to meet.`,
      )
      .waitFor();
    const [updated] = await querySite<{ meeting_link: string }>(
      site,
      'select meeting_link from public.meetings where id = $1',
      [meetingId],
    );
    expect(updated!.meeting_link).toBe(link);
    const mails = await querySite<{ change: string }>(
      site,
      `select change from public.meeting_mails
        where meeting_id = $1 and kind = 'visitor_invitation' order by sequence`,
      [meetingId],
    );
    expect(mails.map((mail) => mail.change)).toEqual(['booked', 'updated']);
    await visitorPage.reload();
    await visitorPage.getByRole('link', { name: 'Join the video call' }).waitFor();
    await visitorPage.close();
  });
});
