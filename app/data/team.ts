// The agency's team (issue 13): who may use /admin, and as what. A row in team_members is the
// only way in; an administrator (or SQL) writes it, and the policies of every table read it.
import { DataError, dataError } from './errors';
import type { AppSupabaseClient } from './supabase';

/** team_members_role_check: admin does everything; editor the blog and its images. */
export const teamRoles = ['admin', 'editor'] as const;
export type TeamRole = (typeof teamRoles)[number];

const isTeamRole = (role: string): role is TeamRole =>
  (teamRoles as readonly string[]).includes(role);

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
