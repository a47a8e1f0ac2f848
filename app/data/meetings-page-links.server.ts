// The link to a lead's meeting page as its visitor has it (/book-call/meeting/<token>, or /sv/…),
// signed on the server for an administrator who asks with their own session
// (docs/decisions/0026). The administrator's session must read the meeting (row-level security:
// administrators, with their second factor when they have one); the token is the one the
// visitor's mails carry, so whoever holds it can move or cancel the call as the visitor.
import { createClient } from '@supabase/supabase-js';
import { signToken } from '#shared/signed-token.ts';
import { serverEnv, type ServerEnv } from './config.server';
import type { Database } from './database.types';
import { serverFetch } from './server-fetch.server';

/** As the visitor's own links (app/features/booking/booking.server.ts): a year. */
const MEETING_LINK_MS = 365 * 24 * 3600 * 1000;

/** A refusal with the HTTP status the endpoint answers and a message to show the administrator. */
export class MeetingLinkError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'MeetingLinkError';
    this.status = status;
  }
}

/** The meeting page's path for `meetingId`, asked for with an administrator's access token. */
export async function issueMeetingPagePath(
  request: Request,
  meetingId: string,
  now: number = Date.now(),
  env: ServerEnv = serverEnv(),
): Promise<{ path: string }> {
  const accessToken = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!accessToken) throw new MeetingLinkError(401, 'Sign in to open the meeting page.');
  if (!env.FORM_SECRET)
    throw new MeetingLinkError(503, 'FORM_SECRET is not set: no link can be signed.');
  const asCaller = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      headers: { Authorization: `Bearer ${accessToken}` },
      fetch: serverFetch(env.SUPABASE_URL),
    },
  });
  const meeting = await asCaller
    .from('meetings')
    .select('id, consultation_id')
    .eq('id', meetingId)
    .maybeSingle();
  if (meeting.error?.code === 'PGRST301' || meeting.status === 401)
    throw new MeetingLinkError(401, 'Your session has ended. Sign in again.');
  if (meeting.error)
    throw new MeetingLinkError(502, `Could not read the call: ${meeting.error.message}`);
  if (!meeting.data)
    throw new MeetingLinkError(404, 'There is no such call, or it is not yours to see.');
  const lead = await asCaller
    .from('consultations')
    .select('language')
    .eq('id', meeting.data.consultation_id)
    .maybeSingle();
  if (lead.error) throw new MeetingLinkError(502, `Could not read the lead: ${lead.error.message}`);
  const token = signToken('meeting', meeting.data.id, now + MEETING_LINK_MS, env.FORM_SECRET);
  const prefix = lead.data?.language === 'swedish' ? '/sv' : '';
  return { path: `${prefix}/book-call/meeting/${token}` };
}
