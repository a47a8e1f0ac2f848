// The team endpoint's work (docs/decisions/0012), on the server only: GoTrue's admin API needs the
// service key, which never reaches the browser. Every call first checks who is asking with their
// own access token (GoTrue says who they are, the database's policies what they are), and only an
// administrator gets past that. Works the same on the embedded backend and on hosted Supabase.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { serverEnv, type ServerEnv } from './config.server';
import type { Database } from './database.types';
import { readEveryPage } from './every-page';
import {
  isTeamEventKind,
  isTeamRole,
  type TeamEvent,
  type TeamEventKind,
  type TeamMember,
  type TeamRole,
} from './team';
import { serverFetch } from './server-fetch.server';

/** A refusal or a failure with the HTTP status the endpoint answers and a message to show. */
export class TeamRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'TeamRequestError';
    this.status = status;
  }
}

type Client = SupabaseClient<Database>;

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** The administrator making the request, and a client acting with the service key. */
export interface TeamCaller {
  userId: string;
  /** Who is asking, as an invitation names them: their name if their account has one. */
  displayName: string;
  email: string;
  /** The session has been confirmed with a second factor. */
  aal2: boolean;
  service: Client;
}

/**
 * Who is asking: the bearer token must be a live session of an administrator (at aal2 when they
 * have a second factor, and with one at all when ADMIN_MFA=required).
 */
export async function teamCaller(
  request: Request,
  env: ServerEnv = serverEnv(),
): Promise<TeamCaller> {
  const token = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new TeamRequestError(401, 'Sign in to manage the team.');
  const asCaller = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: noSession,
    global: { headers: { Authorization: `Bearer ${token}` }, fetch: serverFetch(env.SUPABASE_URL) },
  });
  const { data: userData, error: userError } = await asCaller.auth.getUser(token);
  if (userError || !userData.user) {
    throw new TeamRequestError(401, 'Your session has ended. Sign in again.');
  }
  const user = userData.user;
  if (hasVerifiedFactor(user) && assuranceLevel(token) !== 'aal2') {
    throw new TeamRequestError(403, 'Confirm your sign-in with your authenticator app first.');
  }
  const { data: own, error: roleError } = await asCaller
    .from('team_members')
    .select('role')
    .eq('user_id', user.id)
    .maybeSingle();
  if (roleError) throw new TeamRequestError(502, `Could not check your role: ${roleError.message}`);
  if (own?.role !== 'admin') {
    throw new TeamRequestError(403, 'Only administrators can manage the team.');
  }
  if (env.ADMIN_MFA === 'required' && !hasVerifiedFactor(user)) {
    throw new TeamRequestError(403, 'Set up two-factor sign-in in your account first.');
  }
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new TeamRequestError(
      503,
      'The server has no SUPABASE_SERVICE_ROLE_KEY: set it to manage the team here, or use the Supabase dashboard.',
    );
  }
  const service = createClient<Database>(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: noSession,
    global: { fetch: serverFetch(env.SUPABASE_URL) },
  });
  const name = (user.user_metadata as { name?: unknown } | undefined)?.name;
  const displayName = typeof name === 'string' && name.trim() ? name.trim() : (user.email ?? '');
  return {
    userId: user.id,
    displayName,
    email: user.email ?? '',
    aal2: assuranceLevel(token) === 'aal2',
    service,
  };
}

/** The `aal` claim of a token GoTrue has just vouched for. */
function assuranceLevel(token: string): unknown {
  const payload = token.split('.')[1] ?? '';
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aal?: unknown })
      .aal;
  } catch {
    return undefined;
  }
}

export function hasVerifiedFactor(user: User): boolean {
  return (user.factors ?? []).some((factor) => factor.status === 'verified');
}

/** Every member with their address, role and sign-in state, administrators first. */
export async function listTeam(service: Client): Promise<TeamMember[]> {
  // Paged past max_rows, as allUsers pages GoTrue's list: nothing caps a team's size.
  const rows = await readEveryPage((from, to) =>
    service
      .from('team_members')
      .select('user_id, role', { count: 'exact' })
      .order('user_id')
      .range(from, to),
  ).catch((error: unknown) => {
    throw new TeamRequestError(502, `Could not read the team: ${(error as Error).message}`);
  });
  const users = new Map((await allUsers(service)).map((user) => [user.id, user]));
  const members = rows.flatMap((row): TeamMember[] => {
    const user = users.get(row.user_id);
    if (!user || !isTeamRole(row.role)) return [];
    return [
      {
        userId: user.id,
        email: user.email ?? '',
        role: row.role,
        lastSignInAt: user.last_sign_in_at ?? null,
        invitedAt: user.invited_at ?? null,
        pending: !user.email_confirmed_at,
        twoFactor: hasVerifiedFactor(user),
      },
    ];
  });
  return members.sort(
    (a, b) =>
      Number(b.role === 'admin') - Number(a.role === 'admin') || a.email.localeCompare(b.email),
  );
}

export async function allUsers(service: Client): Promise<User[]> {
  const users: User[] = [];
  for (let page = 1; ; page += 1) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw new TeamRequestError(502, `Could not read the accounts: ${error.message}`);
    users.push(...data.users);
    if (data.users.length < 1000) return users;
  }
}

/** One line of the team's history (public.team_events). */
export async function recordTeamEvent(
  caller: TeamCaller,
  event: { kind: TeamEventKind; memberId: string | null; memberEmail: string; detail?: string },
) {
  const { error } = await caller.service.from('team_events').insert({
    kind: event.kind,
    actor_id: caller.userId,
    actor_email: caller.email,
    member_id: event.memberId,
    member_email: event.memberEmail,
    detail: event.detail ?? null,
  });
  if (error) {
    throw new TeamRequestError(
      502,
      `Done, but the team's history could not record it: ${error.message}`,
    );
  }
}

/** The latest lines of the team's history, newest first. */
export async function listTeamHistory(service: Client, limit = 50): Promise<TeamEvent[]> {
  const { data, error } = await service
    .from('team_events')
    .select('id, kind, actor_email, member_email, detail, created_at')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit);
  if (error) throw new TeamRequestError(502, `Could not read the team's history: ${error.message}`);
  return data.flatMap((row): TeamEvent[] =>
    isTeamEventKind(row.kind)
      ? [
          {
            id: row.id,
            kind: row.kind,
            actorEmail: row.actor_email,
            memberEmail: row.member_email,
            detail: row.detail,
            at: row.created_at,
          },
        ]
      : [],
  );
}

/** The member's address, for the history (404 when there is no such account). */
async function emailOf(service: Client, userId: string): Promise<string> {
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error || !data.user) throw new TeamRequestError(404, 'No such member.');
  return data.user.email ?? '';
}

export async function changeRole(caller: TeamCaller, userId: string, role: TeamRole) {
  if (userId === caller.userId) {
    throw new TeamRequestError(400, 'You cannot change your own role; ask another administrator.');
  }
  const { data, error } = await caller.service
    .from('team_members')
    .update({ role })
    .eq('user_id', userId)
    .select('user_id');
  if (error) throw new TeamRequestError(409, error.message);
  if (data.length === 0) throw new TeamRequestError(404, 'No such member.');
  const memberEmail = await emailOf(caller.service, userId);
  await recordTeamEvent(caller, {
    kind: 'role_changed',
    memberId: userId,
    memberEmail,
    detail: role,
  });
}

/** The address of a member of the team, for the history (404 for anyone else). */
async function memberEmailOf(caller: TeamCaller, userId: string): Promise<string> {
  const { data: row } = await caller.service
    .from('team_members')
    .select('user_id')
    .eq('user_id', userId)
    .maybeSingle();
  if (!row) throw new TeamRequestError(404, 'No such member.');
  return emailOf(caller.service, userId);
}

/** Removes a member: the account is deleted, so every session of theirs ends. */
export async function removeMember(caller: TeamCaller, userId: string) {
  if (userId === caller.userId) {
    throw new TeamRequestError(400, 'You cannot remove yourself; ask another administrator.');
  }
  const memberEmail = await memberEmailOf(caller, userId);
  const { error } = await caller.service.auth.admin.deleteUser(userId);
  if (error) throw new TeamRequestError(error.status ?? 502, error.message);
  // The account is gone: the history keeps the address alone.
  await recordTeamEvent(caller, { kind: 'removed', memberId: null, memberEmail });
}

/**
 * Removes every second factor of another member who lost their authenticator app, so they sign
 * in with their password and set up a new one. Takes a session confirmed with the caller's own
 * second factor; GoTrue mails the member; the team's history records who did it.
 */
export async function resetTwoFactor(
  caller: TeamCaller,
  userId: string,
): Promise<{ removed: number }> {
  if (userId === caller.userId) {
    throw new TeamRequestError(
      400,
      'Your own authenticator apps are on your Account page; another administrator can reset them.',
    );
  }
  if (!caller.aal2) {
    throw new TeamRequestError(
      403,
      "Set up two-factor sign-in for yourself and sign in with it before resetting another member's.",
    );
  }
  const memberEmail = await memberEmailOf(caller, userId);
  const { data, error } = await caller.service.auth.admin.mfa.listFactors({ userId });
  if (error) throw new TeamRequestError(error.status ?? 502, error.message);
  for (const factor of data.factors) {
    const { error: deleteError } = await caller.service.auth.admin.mfa.deleteFactor({
      id: factor.id,
      userId,
    });
    if (deleteError) throw new TeamRequestError(deleteError.status ?? 502, deleteError.message);
  }
  await recordTeamEvent(caller, {
    kind: 'two_factor_reset',
    memberId: userId,
    memberEmail,
    detail: String(data.factors.length),
  });
  return { removed: data.factors.length };
}
