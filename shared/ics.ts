// Shared by the site (app/) and the server (server/), which import neither each other: pure code
// with no imports of its own. The meeting page's file, the feed and the server's meeting mails
// all write their iCalendar here.
// iCalendar (RFC 5545) for the strategy call: the invitation attached to the mails
// (METHOD:REQUEST, or CANCEL), the file the meeting page offers, and the agency's private feed
// (METHOD:PUBLISH). Every value is escaped for its type here and every line folded at 75 octets,
// so text a visitor typed (a lead's name) can neither end a line nor start a property. One stable UID per meeting and a SEQUENCE that grows with each change, so a
// calendar replaces the event it has instead of adding another; times in UTC.

export interface CalendarEvent {
  /** The meeting's id: the UID is `<id>@<host>`. */
  id: string;
  sequence: number;
  start: number;
  end: number;
  cancelled: boolean;
  summary: string;
  description: string;
  /** The video link, or where the call happens. */
  location?: string;
  url?: string;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string };
  /** When this version of the event was made. */
  stamp: number;
}

const CRLF = '\r\n';

/**
 * RFC 5545's CONTROL characters other than the line breaks (its section 3.1): no TEXT or
 * parameter value may hold them, so they are dropped. A tab is allowed and kept.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** A line break in any spelling: CRLF, LF or a lone CR. */
const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * A TEXT value with its special characters escaped (RFC 5545, section 3.3.11): a backslash,
 * semicolon and comma behind a backslash, every line break (CRLF, LF or a lone CR) as `\n`,
 * other control characters dropped. Every calendar writer's text goes through here.
 */
export function escapeText(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(LINE_BREAK, '\\n');
}

/**
 * A parameter value (a name in CN=), quoted when it holds a character that would end it. A
 * parameter cannot hold a line break or a double quote at all (section 3.2): a break becomes a
 * space, a quote and control characters are dropped.
 */
function parameter(value: string): string {
  const clean = value.replace(LINE_BREAK, ' ').replace(CONTROL, '').replaceAll('"', '');
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
}

/** A URI value (URL, a mailto: address): it has no escapes, so no character may end its line. */
function uri(value: string): string {
  return value.replace(LINE_BREAK, '').replace(CONTROL, '');
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (section 3.1). */
export function foldLine(line: string): string {
  const bytes = Buffer.byteLength(line);
  if (bytes <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const length = Buffer.byteLength(char);
    if (size + length > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 20261130T080000Z */
export function utcStamp(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function eventLines(event: CalendarEvent, host: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${uri(event.url)}`);
  lines.push(
    `ORGANIZER;CN=${parameter(event.organizer.name)}:${uri(`mailto:${event.organizer.email}`)}`,
  );
  if (event.attendee) {
    lines.push(
      // The visitor chose the time: the call is booked, not proposed. RFC 5546's REQUEST (so a
      // calendar files it, and a later REQUEST or CANCEL of the same UID replaces it) with the
      // attendee already ACCEPTED and no reply asked (RSVP=FALSE, RFC 5545 section 3.2.17).
      `ATTENDEE;CN=${parameter(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${uri(`mailto:${event.attendee.email}`)}`,
    );
  }
  lines.push(
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  );
  return lines;
}

function calendar(method: string, events: CalendarEvent[], host: string, name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lead agency website//Strategy calls//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...events.flatMap((event) => eventLines(event, host)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The invitation a mail carries: REQUEST while the meeting stands, CANCEL once cancelled. */
export function invitation(event: CalendarEvent, host: string): string {
  return calendar(event.cancelled ? 'CANCEL' : 'REQUEST', [event], host);
}

/** The agency's subscribed calendar: every meeting, cancelled ones marked so. */
export function calendarFeed(events: CalendarEvent[], host: string, name: string): string {
  return calendar('PUBLISH', events, host, name);
}
