// Who is on the team: the question the data API's caller lanes ask (server/supabase/data-api-caller.ts)
// to give a signed-in team member the members' lane. server/app.ts passes it in, so the services
// never name the product's tables.
import type { Queryable } from '#server/supabase/db/types.ts';

export async function isTeamMember(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from public.team_members where user_id = $1', [userId]);
  return rows.length > 0;
}
