// Users for tests, made as an administrator's SQL would: with a password, and a role on the
// team or none (null: someone who signed up on a hosted project with sign-ups on).
import { hashPassword } from '#server/supabase/auth/passwords.ts';
import { createEmailUser } from '#server/supabase/auth/users.ts';
import type { Queryable } from '#server/supabase/db/types.ts';

export type TestRole = 'admin' | 'editor' | null;

export async function addUser(
  db: Queryable,
  email: string,
  password: string,
  role: TestRole,
): Promise<string> {
  const userId = await createEmailUser(db, email, await hashPassword(password));
  if (role) {
    await db.query('insert into public.team_members (user_id, role) values ($1, $2)', [
      userId,
      role,
    ]);
  }
  return userId;
}
