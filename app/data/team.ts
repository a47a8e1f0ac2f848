// The agency's team (docs/decisions/0012): who may use /admin, and as what. A row in team_members
// is the only way in; an administrator (or SQL) writes it, and the policies of every table read it.
import { adminPaths } from '~/config/paths';
import { DataError, dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

/** team_members_role_check: admin does everything; editor the blog and its images. */
export const teamRoles = ['admin', 'editor'] as const;
export type TeamRole = (typeof teamRoles)[number];

export const isTeamRole = (role: string): role is TeamRole =>
  (teamRoles as readonly string[]).includes(role);

/** One member as the team page shows them. */
export interface TeamMember {
  userId: string;
  email: string;
  role: TeamRole;
  lastSignInAt: string | null;
  invitedAt: string | null;
  /** Invited and not yet signed in through the invitation. */
  pending: boolean;
  /** Signs in with an authenticator app as well as the password. */
  twoFactor: boolean;
}

/** What the team's history records (public.team_events_kind_check). */
export const teamEventKinds = [
  'invited',
  'invitation_resent',
  'role_changed',
  'removed',
  'two_factor_reset',
] as const;
export type TeamEventKind = (typeof teamEventKinds)[number];

export const isTeamEventKind = (kind: string): kind is TeamEventKind =>
  (teamEventKinds as readonly string[]).includes(kind);

/** One line of the team's history. */
export interface TeamEvent {
  id: number;
  kind: TeamEventKind;
  /** Null for the server's own command (npm run reset-two-factor). */
  actorEmail: string | null;
  memberEmail: string;
  /** The new role of role_changed and invited; the number of factors of two_factor_reset. */
  detail: string | null;
  at: string;
}

/** The signed-in user's role, or null when they are on no team (and may see nothing). */
export async function getOwnTeamRole(
  client: AppSupabaseClient,
  userId: string,
): Promise<TeamRole | null> {
  const { data, error, status } = await client
    .from('team_members')
    .select('role')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw dataError(error, status);
  if (!data) return null;
  if (!isTeamRole(data.role)) throw new DataError(`Unknown team role: ${data.role}`);
  return data.role;
}

/**
 * The team endpoint (app/routes/admin-team-api.ts), called with the session's access token:
 * the server holds the service key that GoTrue's admin API needs. Throws DataError with the
 * server's message.
 */
async function callTeamApi<T>(
  client: AppSupabaseClient,
  method: string,
  body?: unknown,
): Promise<T> {
  const { data } = await client.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new DataError('Your session has ended. Sign in again.', { status: 401 });
  const response = await fetch(adminPaths.teamApi, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as { error?: string } | null;
  if (!response.ok) {
    throw new DataError(payload?.error ?? `The team could not be reached (${response.status}).`, {
      status: response.status,
    });
  }
  return payload as T;
}

export async function listTeam(client: AppSupabaseClient): Promise<TeamMember[]> {
  return (await loadTeam(client)).members;
}

/** The members and the latest lines of the team's history. */
export async function loadTeam(
  client: AppSupabaseClient,
): Promise<{ members: TeamMember[]; history: TeamEvent[] }> {
  const { members, history } = await callTeamApi<{
    members: TeamMember[];
    history: TeamEvent[];
  }>(client, 'GET');
  return { members, history };
}

/** True when a new account was invited by mail, false when an existing one joined at once. */
export async function inviteMember(
  client: AppSupabaseClient,
  invitation: { email: string; role: TeamRole },
): Promise<boolean> {
  const { invited } = await callTeamApi<{ invited: boolean }>(client, 'POST', invitation);
  return invited;
}

/** Sends a pending member's invitation again, with a new link; the address it went to. */
export async function resendInvitation(client: AppSupabaseClient, userId: string): Promise<string> {
  const { email } = await callTeamApi<{ email: string }>(client, 'PUT', { userId });
  return email;
}

/** Removes every second factor of a member who lost their authenticator app. */
export async function resetMemberTwoFactor(client: AppSupabaseClient, userId: string) {
  const { removed } = await callTeamApi<{ removed: number }>(client, 'POST', {
    resetTwoFactor: userId,
  });
  return removed;
}

export async function changeMemberRole(client: AppSupabaseClient, userId: string, role: TeamRole) {
  await callTeamApi(client, 'PATCH', { userId, role });
}

export async function removeMember(client: AppSupabaseClient, userId: string) {
  await callTeamApi(client, 'DELETE', { userId });
}
