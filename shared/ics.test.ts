// The invitations read by a real iCalendar parser (Mozilla's ical.js, as Thunderbird uses), field
// by field: what Google Calendar, Outlook and Apple Calendar import.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeed, escapeText, foldLine, invitation, type CalendarEvent } from './ics.ts';

const event: CalendarEvent = {
  id: '5f0c2c52-3c1e-4a55-9d57-0b7e1f4d2a10',
  sequence: 0,
  start: Date.parse('2026-11-30T08:00:00Z'),
  end: Date.parse('2026-11-30T08:30:00Z'),
  cancelled: false,
  summary: 'Strategisamtal: Åsa Öberg, Öberg Bygg; AB',
  description:
    'Ett kostnadsfritt strategisamtal på 30 minuter.\nFlytta eller avboka: https://example.se/sv/book-call/meeting/abc',
  location: 'https://meet.example.com/agency',
  url: 'https://example.se/sv/book-call/meeting/abc',
  organizer: { name: 'Berg & Lind Marknadsföring AB', email: 'hej@bergochlind.se' },
  attendee: { name: 'Åsa Öberg', email: 'asa@obergbygg.se' },
  stamp: Date.parse('2026-11-25T14:00:00Z'),
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('the invitation', () => {
  it('is a REQUEST with a stable UID, the times in UTC, organizer and attendee', () => {
    const text = invitation(event, 'example.se');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const { calendar, vevent, event: parsed } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(parsed.uid).toBe(`${event.id}@example.se`);
    expect(parsed.sequence).toBe(0);
    expect(parsed.startDate.toString()).toBe('2026-11-30T08:00:00Z');
    expect(parsed.endDate.toString()).toBe('2026-11-30T08:30:00Z');
    expect(parsed.startDate.zone.tzid).toBe('UTC');
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.description).toBe(event.description);
    expect(parsed.location).toBe(event.location);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:hej@bergochlind.se');
    expect(organizer.getParameter('cn')).toBe('Berg & Lind Marknadsföring AB');
    const attendee = vevent.getFirstProperty('attendee')!;
    expect(attendee.getFirstValue()).toBe('mailto:asa@obergbygg.se');
    expect(attendee.getParameter('cn')).toBe('Åsa Öberg');
    // Booked by the visitor, not proposed to them: accepted already, no reply asked.
    expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
    expect(attendee.getParameter('rsvp')).toBe('FALSE');
    expect(text).not.toContain('NEEDS-ACTION');
    expect(vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-25T14:00:00Z');
  });

  it('is a CANCEL with the same UID and a higher SEQUENCE once cancelled', () => {
    const {
      calendar,
      vevent,
      event: parsed,
    } = parse(invitation({ ...event, sequence: 2, cancelled: true }, 'example.se'));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(parsed.uid).toBe(`${event.id}@example.se`);
    expect(parsed.sequence).toBe(2);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstProperty('attendee')!.getParameter('rsvp')).toBe('FALSE');
  });

  it('names the agency as the organizer, whatever address the mail is sent from', () => {
    const { vevent } = parse(
      invitation(
        { ...event, organizer: { name: 'Lind; Berg, AB', email: 'kontakt@bergochlind.se' } },
        'example.se',
      ),
    );
    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:kontakt@bergochlind.se');
    expect(organizer.getParameter('cn')).toBe('Lind; Berg, AB');
  });
});

describe('the feed', () => {
  it('publishes every meeting as its own event', () => {
    const text = calendarFeed(
      [event, { ...event, id: '6f0c2c52-3c1e-4a55-9d57-0b7e1f4d2a10', attendee: undefined }],
      'example.se',
      'Strategy calls',
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(2);
  });
});

describe('text and lines', () => {
  it('escapes what would end a value and folds long lines without splitting a character', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'å'.repeat(60)}`);
    for (const line of folded.split('\r\n'))
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'å'.repeat(60)}`);
  });

  it('writes every line break as \\n, a lone CR too, and drops other control characters', () => {
    expect(escapeText('a\r\nb\nc\rd\r\re')).toBe('a\\nb\\nc\\nd\\n\\ne');
    expect(escapeText('bell\u0007 nul\u0000 esc\u001b del\u007f')).toBe('bell nul esc del');
    expect(escapeText('tab\tkept')).toBe('tab\tkept');
    expect(escapeText('\\n is not a break')).toBe('\\\\n is not a break');
    expect(escapeText('Åsa Öberg')).toBe('Åsa Öberg');
  });

  it('reads back whole, with no bare CR or LF in any line, whatever a lead’s name holds', () => {
    const name = 'Åsa\rÖberg\r\rBerg; "the boss", A\\B\u0007 \r\nLind\n;,\\';
    const text = calendarFeed(
      [
        {
          ...event,
          summary: `Strategy call: ${name}`,
          description: `${name}\nPhone: 070-123 45 67`,
          attendee: { name, email: 'asa@obergbygg.se' },
        },
      ],
      'example.se',
      `Calendar; of, ${name}`,
    );
    const lines = text.split('\r\n');
    expect(lines.filter((line) => /[\r\n]/.test(line))).toEqual([]);
    expect(lines.filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
    const shown = name.replace(/\r\n|\r/g, '\n').replace('\u0007', '');
    const { vevent, event: parsed } = parse(text);
    expect(parsed.summary).toBe(`Strategy call: ${shown}`);
    expect(parsed.description).toBe(`${shown}\nPhone: 070-123 45 67`);
    const attendee = vevent.getFirstProperty('attendee')!;
    expect(attendee.getFirstValue()).toBe('mailto:asa@obergbygg.se');
    expect(attendee.getParameter('cn')).toBe('Åsa Öberg  Berg; the boss, A\\B  Lind ;,\\');
    // Booked by the visitor, not proposed to them: accepted already, no reply asked.
    expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
    expect(attendee.getParameter('rsvp')).toBe('FALSE');
    expect(text).not.toContain('NEEDS-ACTION');
  });
});
