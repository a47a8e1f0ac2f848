// What makes the administrator at start an administrator of the product: a row in the team
// (team_members, role admin), which is what the policies check, since being signed in gives
// nothing by itself. The auth service creates or finds the user (server/supabase/auth/admin.ts) and calls
// this in the same transaction; server/app.ts wires the two together.
import type { Queryable } from '#server/supabase/db/types.ts';

export async function makeTeamAdmin(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `insert into public.team_members (user_id, role) values ($1, 'admin')
     on conflict (user_id) do update set role = 'admin'`,
    [userId],
  );
}
