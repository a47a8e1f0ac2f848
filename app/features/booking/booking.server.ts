// The visitor books, moves or cancels the strategy call, on the server: the thank-you
// step offers free times to the holder of the booking cookie (app/security/booking-cookie.server),
// and the meeting page (/book-call/meeting/<token>, the mails' link) shows the meeting with times
// to move it to and a way to cancel (after a step that asks), each state under its own title. Plain
// form posts and links (?day= chooses the day, ?tz= the zone), so all of it works without JavaScript;
// a move or cancel answers with a redirect, so a reload repeats nothing. The
// database's exclusion constraint decides when two visitors choose the same time, and its bounds
// on booking (decision 22) are told to the visitor in their language; days that fresh bookings
// already hold their share of are not offered. The calendar files are in calendar-files.server.ts.
import { redirect } from 'react-router';
import {
  bookingClient,
  bookMeeting,
  cancelMeeting,
  getActiveMeetingOfLead,
  getBookingLead,
  getMeeting,
  listBusyTimes,
  listFreshHolds,
  loadBookingSettings,
  moveMeeting,
  type BookingLimit,
  type BookingSettings,
  type Meeting,
} from '~/data/meetings.server';
import { serverEnv } from '~/data/config.server';
import type { AppSupabaseClient } from '~/data/supabase';
import { languageFromPath, localizedPath } from '~/i18n/locale';
import { bookingLeadOf } from '~/security/booking-cookie.server';
import { visitorAddress } from '~/visit/visitor-address';
import { signToken, verifyToken } from '#shared/signed-token.ts';
import { bookingCopy } from './copy';
import type { BookingStep, MeetingState, MeetingView, SlotChoice } from './booking-types';
import { canonicalTimeZone, isDate, meetingWhen, slotCalendar, zoneName } from './slot-days';
import { zoneChoices, zoneCity } from './zone-choices';
import { withoutHeldDays } from './fresh-holds';
import { freeSlots, type Slot } from './slots';

/** A meeting link works for a year: reminders and a late reschedule still find it. */
const MEETING_LINK_MS = 365 * 24 * 3600 * 1000;

export const MEETING_PATH = '/book-call/meeting';

export interface BookingContext {
  client: AppSupabaseClient;
  secret: string;
  now: number;
}

export function bookingContext(): BookingContext {
  const secret = serverEnv().FORM_SECRET;
  if (!secret) throw new Error('FORM_SECRET is not set: booking tokens cannot be signed.');
  return { client: bookingClient(), secret, now: Date.now() };
}

/** The zone the visitor's URL asks for (`tz`), by its one name; undefined when none or unknown. */
const askedZone = (request: Request) =>
  canonicalTimeZone(new URL(request.url).searchParams.get('tz'));
const visitorZone = (request: Request, settings: BookingSettings): string =>
  askedZone(request) ?? settings.timeZone;

/** The zone the visitor asked for, kept on the pages a step leads to. */
function withZone(path: string, request: Request, extra: Record<string, string> = {}): string {
  const asked = askedZone(request);
  const query = new URLSearchParams({ ...(asked ? { tz: asked } : {}), ...extra });
  return query.size > 0 ? `${path}?${query}` : path;
}

async function slotsFor(
  context: BookingContext,
  settings: BookingSettings,
  ignore?: Meeting,
): Promise<Slot[]> {
  const horizonEnd = context.now + (settings.horizonDays + 1) * 24 * 3600 * 1000;
  const [busy, holds] = await Promise.all([
    listBusyTimes(context.client, context.now, horizonEnd),
    listFreshHolds(context.client, context.now, horizonEnd, context.now),
  ]);
  // Moving a meeting: its own time does not stand in its way.
  const notIgnored = (time: { start: number }) => !ignore || time.start !== ignore.start;
  return withoutHeldDays(
    freeSlots(settings, busy.filter(notIgnored), context.now),
    settings,
    holds.filter(notIgnored),
  );
}

function choiceOf(
  request: Request,
  settings: BookingSettings,
  slots: Slot[],
  now: number,
  problem?: string,
): SlotChoice {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const zone = visitorZone(request, settings);
  const asked = url.searchParams.get('day');
  const { weeks, day } = slotCalendar(slots, {
    zone,
    language,
    now,
    horizonDays: settings.horizonDays,
    chosen: isDate(asked) ? asked : null,
  });
  return {
    weeks,
    day,
    dayChosen: isDate(asked),
    zone,
    zoneName: zoneName(zone, language, now),
    zoneCity: zoneCity(zone),
    zoneChoices: zoneChoices(zone, settings.timeZone, language, now),
    meetingMinutes: settings.meetingMinutes,
    ...(problem ? { problem } : {}),
  };
}

function meetingPage(request: Request, meeting: Meeting, secret: string, now: number) {
  const language = languageFromPath(new URL(request.url).pathname);
  const token = signToken('meeting', meeting.id, now + MEETING_LINK_MS, secret);
  return withZone(localizedPath(`${MEETING_PATH}/${token}`, language), request);
}

/** The thank-you step: times to choose, or nothing without a booking cookie. */
export async function loadBookingStep(
  request: Request,
  context: BookingContext = bookingContext(),
  problem?: string,
): Promise<BookingStep | Response | null> {
  const language = languageFromPath(new URL(request.url).pathname);
  const check = bookingLeadOf(request.headers.get('cookie'), context);
  if (!check) return null;
  if (!check.valid) return { kind: 'expired', message: bookingCopy[language].pick.expired };
  const lead = await getBookingLead(context.client, check.id);
  if (!lead) return null;
  const booked = await getActiveMeetingOfLead(context.client, lead.id);
  if (booked) return redirect(meetingPage(request, booked, context.secret, context.now), 303);
  const settings = await loadBookingSettings(context.client);
  const slots = await slotsFor(context, settings);
  return { kind: 'pick', ...choiceOf(request, settings, slots, context.now, problem) };
}

/** What the visitor is told when a bound on booking refuses the time (decision 22). */
function limitMessage(t: (typeof bookingCopy)['en']['pick'], limit: BookingLimit): string {
  if (limit === 'lead-limit') return t.leadLimit;
  if (limit === 'address-limit') return t.addressLimit;
  return t.dayFull;
}

const isLimit = (outcome: unknown): outcome is BookingLimit =>
  outcome === 'lead-limit' || outcome === 'address-limit' || outcome === 'day-full';

/** The chosen time, if the form named one that is free now. */
function chosenSlot(form: FormData, slots: Slot[]): Slot | 'none' | 'gone' {
  const value = form.get('start');
  if (typeof value !== 'string' || value === '') return 'none';
  const start = Date.parse(value);
  return slots.find((slot) => slot.start === start) ?? 'gone';
}

/** The thank-you step's post: books the chosen time for the cookie's lead. */
export async function bookFromThankYou(
  request: Request,
  context: BookingContext = bookingContext(),
): Promise<BookingStep | Response | null> {
  const language = languageFromPath(new URL(request.url).pathname);
  const t = bookingCopy[language].pick;
  const check = bookingLeadOf(request.headers.get('cookie'), context);
  if (!check) return null;
  if (!check.valid) return { kind: 'expired', message: t.expired };
  const form = await request.formData();
  return book(request, context, check.id, form, (problem) =>
    loadBookingStep(request, context, problem),
  );
}

async function book<Page>(
  request: Request,
  context: BookingContext,
  leadId: string,
  form: FormData,
  again: (problem: string) => Promise<Page>,
): Promise<Page | Response> {
  const language = languageFromPath(new URL(request.url).pathname);
  const t = bookingCopy[language].pick;
  const settings = await loadBookingSettings(context.client);
  const slots = await slotsFor(context, settings);
  const chosen = chosenSlot(form, slots);
  if (chosen === 'none') return again(t.chooseFirst);
  if (chosen === 'gone') return again(t.gone);
  const outcome = await bookMeeting(context.client, leadId, chosen.start, settings, {
    clientAddress: visitorAddress(request),
    visitorTimeZone: visitorZone(request, settings),
  });
  if (outcome === 'taken') return again(t.taken);
  if (isLimit(outcome)) return again(limitMessage(t, outcome));
  const meeting =
    outcome === 'already-booked' ? await getActiveMeetingOfLead(context.client, leadId) : outcome;
  if (!meeting) return again(t.taken);
  // The booking cookie stays for its day: back on the thank-you page, the visitor sees the meeting.
  return redirect(meetingPage(request, meeting, context.secret, context.now), 303);
}

/** The meeting page: the meeting, and times to move it to (or to book anew once cancelled). */
export async function loadMeetingPage(
  request: Request,
  token: string | undefined,
  context: BookingContext = bookingContext(),
): Promise<MeetingView | null> {
  const language = languageFromPath(new URL(request.url).pathname);
  const t = bookingCopy[language];
  const check = verifyToken('meeting', token, context.secret, context.now);
  if (!check.valid) return null;
  const meeting = await getMeeting(context.client, check.id);
  if (!meeting) return null;
  const settings = await loadBookingSettings(context.client);
  // Once cancelled, the lead may book again, unless it already has another meeting.
  const current =
    meeting.status === 'cancelled'
      ? await getActiveMeetingOfLead(context.client, meeting.leadId)
      : null;
  const shown = current ?? meeting;
  const slots = await slotsFor(context, settings, shown.status === 'active' ? shown : undefined);
  const url = new URL(request.url);
  const state = meetingState(shown, url.searchParams, context.now);
  // What a move or a cancel just did, said once on the page it redirects to.
  const done = url.searchParams.get('done');
  const notice =
    done === 'moved' && state === 'moved'
      ? t.meeting.moved
      : done === 'cancelled' && state === 'cancelled'
        ? t.meeting.cancelled
        : undefined;
  return {
    kind: 'meeting',
    token: token!,
    state,
    when: meetingWhen(shown.start, shown.end, visitorZone(request, settings), language),
    meetingMinutes: settings.meetingMinutes,
    // The call's own link, the one it was booked with (docs/decisions/0026).
    meetingLink: shown.meetingLink,
    ...(notice ? { notice } : {}),
    self: withZone(url.pathname, request),
    choice: choiceOf(request, settings, slots, context.now),
  };
}

/** Which of its states the meeting page shows: ?step=cancel asks before a cancel, ?done=moved says so. */
function meetingState(meeting: Meeting, query: URLSearchParams, now: number): MeetingState {
  if (meeting.status === 'cancelled') return 'cancelled';
  if (meeting.end <= now) return 'past';
  if (query.get('step') === 'cancel') return 'confirm-cancel';
  if (query.get('done') === 'moved' && meeting.sequence > 0) return 'moved';
  return 'booked';
}

/** The meeting page's posts: move (intent=move), cancel (intent=cancel), book anew (intent=book). */
export async function changeMeeting(
  request: Request,
  token: string | undefined,
  context: BookingContext = bookingContext(),
): Promise<MeetingView | Response | null> {
  const language = languageFromPath(new URL(request.url).pathname);
  const t = bookingCopy[language];
  const check = verifyToken('meeting', token, context.secret, context.now);
  if (!check.valid) return null;
  const meeting = await getMeeting(context.client, check.id);
  if (!meeting) return null;
  const form = await request.formData();
  const intent = form.get('intent');
  const reload = () => loadMeetingPage(request, token, context);
  const withProblem = async (problem: string) => {
    const view = await reload();
    return view && { ...view, choice: { ...view.choice, problem } };
  };
  const done = (what: 'moved' | 'cancelled') =>
    redirect(withZone(new URL(request.url).pathname, request, { done: what }), 303);
  // A call that has taken place is neither moved nor cancelled.
  const open = meeting.status === 'active' && meeting.end > context.now;

  if (intent === 'cancel') {
    if (open) await cancelMeeting(context.client, meeting);
    return meeting.status === 'active' && !open ? reload() : done('cancelled');
  }
  if (intent === 'book') return book(request, context, meeting.leadId, form, withProblem);
  if (intent !== 'move' || !open) return reload();

  const settings = await loadBookingSettings(context.client);
  const slots = await slotsFor(context, settings, meeting);
  const chosen = chosenSlot(form, slots);
  if (chosen === 'none') return withProblem(t.pick.chooseFirst);
  if (chosen === 'gone') return withProblem(t.pick.gone);
  const moved = await moveMeeting(context.client, meeting, chosen.start, settings, {
    clientAddress: visitorAddress(request),
  });
  if (moved === 'taken') return withProblem(t.pick.taken);
  if (isLimit(moved)) return withProblem(limitMessage(t.pick, moved));
  return done('moved');
}
