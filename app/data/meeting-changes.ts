// What the agency changes on a lead's booked call with the administrator's own session, so the
// database bounds it as it bounds the visitor's changes and the lead's history names who did it
// (docs/decisions/0026-the-agency-side-of-a-booked-call.md): a move to another free time, a cancel
// with a note, giving booked calls the video link Availability has now, and the signed link to the
// visitor's meeting page.
import type { BookingLimit } from './booking-limits';
import { bookingLimit } from './booking-limits';
import { adminPaths } from '~/config/paths';
import { DataError, dataError } from './errors';
import { IDS_PER_REQUEST, readEveryPage } from './every-page';
import { meetingColumns, meetingOf, type LeadMeeting } from './meetings';
import type { AppSupabaseClient } from './supabase';

/** Why the database refused an administrator's move: the time is taken, or a bound (decision 22). */
export type MoveRefusal = 'taken' | BookingLimit;

/**
 * Moves a lead's call to `start` with the administrator's session (SEQUENCE + 1): the same
 * exclusion and bounds as the visitor's move; the visitor and the agency are mailed the new time.
 */
export async function moveLeadMeeting(
  client: AppSupabaseClient,
  meeting: Pick<LeadMeeting, 'id' | 'sequence'>,
  start: number,
  length: { meetingMinutes: number; bufferMinutes: number },
): Promise<LeadMeeting | MoveRefusal> {
  const end = start + length.meetingMinutes * 60_000;
  const { data, error, status } = await client
    .from('meetings')
    .update({
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(end).toISOString(),
      busy_until: new Date(end + length.bufferMinutes * 60_000).toISOString(),
      sequence: meeting.sequence + 1,
    })
    .eq('id', meeting.id)
    .eq('status', 'active')
    .select(meetingColumns)
    .single();
  if (error) {
    if (error.code === '23P01') return 'taken';
    return bookingLimit(error) ?? Promise.reject(dataError(error, status));
  }
  return meetingOf(data);
}

/** The longest note an administrator may give with a cancel (meetings_cancellation_note_check). */
export const CANCELLATION_NOTE_MAX = 500;

/**
 * Cancels a lead's call with the administrator's session, with an optional note to the visitor:
 * mailed with the cancellation, as the visitor's own cancel is, and kept in the lead's history.
 */
export async function cancelLeadMeeting(
  client: AppSupabaseClient,
  meeting: Pick<LeadMeeting, 'id' | 'sequence'>,
  note: string,
): Promise<void> {
  const trimmed = note.trim();
  const { error, status } = await client
    .from('meetings')
    .update({
      status: 'cancelled',
      sequence: meeting.sequence + 1,
      cancellation_note: trimmed === '' ? null : trimmed,
    })
    .eq('id', meeting.id)
    .eq('status', 'active')
    .select('id')
    .single();
  if (error) throw dataError(error, status);
}

/**
 * The coming booked calls whose video link is not `link` (null: a phone call): what keeps the
 * way to meet it was booked with after Availability's link changed.
 */
export async function listCallsWithOtherLink(
  client: AppSupabaseClient,
  link: string | null,
  now: Date,
): Promise<Array<Pick<LeadMeeting, 'id' | 'meetingLink'>>> {
  const rows = await readEveryPage((from, to) =>
    client
      .from('meetings')
      .select('id, meeting_link', { count: 'exact' })
      .eq('status', 'active')
      .gte('starts_at', now.toISOString())
      .order('id')
      .range(from, to),
  );
  return rows
    .filter((row) => row.meeting_link !== link)
    .map((row) => ({ id: row.id, meetingLink: row.meeting_link }));
}

/**
 * Gives booked calls the video link Availability has now (the database refuses any other), each
 * mailed to its visitor and the agency as an updated invitation; calls cancelled meanwhile are
 * left alone. How many changed.
 */
export async function giveCallsTodaysLink(
  client: AppSupabaseClient,
  ids: readonly string[],
  link: string | null,
): Promise<number> {
  let changed = 0;
  for (let from = 0; from < ids.length; from += IDS_PER_REQUEST) {
    const { data, error, status } = await client
      .from('meetings')
      .update({ meeting_link: link })
      .in('id', ids.slice(from, from + IDS_PER_REQUEST))
      .eq('status', 'active')
      .select('id');
    if (error) throw dataError(error, status);
    changed += data.length;
  }
  return changed;
}

/**
 * The link to the call's meeting page as its visitor has it, signed by the site's server for the
 * administrator's session (meetings-page-links.server.ts). Throws DataError with its message.
 */
export async function getMeetingPageLink(
  client: AppSupabaseClient,
  meetingId: string,
): Promise<string> {
  const { data } = await client.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new DataError('Your session has ended. Sign in again.', { status: 401 });
  const response = await fetch(adminPaths.meetingLinksApi, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ meetingId }),
  });
  const payload = (await response.json().catch(() => null)) as {
    url?: string;
    error?: string;
  } | null;
  if (!response.ok || !payload?.url) {
    throw new DataError(
      payload?.error ?? `The meeting link could not be made (${response.status}).`,
      {
        status: response.status,
      },
    );
  }
  return payload.url;
}
