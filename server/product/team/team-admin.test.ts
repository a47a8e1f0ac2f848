import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '#server/supabase/auth/admin.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { makeTeamAdmin } from './team-admin.ts';

describe('the administrator at start', () => {
  let db: Database;
  const log = () => {};
  beforeEach(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterEach(async () => db?.close());

  const roles = async () =>
    (
      await db.query<{ email: string; role: string }>(
        'select u.email, m.role from public.team_members m join auth.users u on u.id = m.user_id',
      )
    ).rows;

  it('is an admin of the team when generated on an empty database', async () => {
    await ensureAdmin(db, { log, grantAdmin: makeTeamAdmin });
    expect(await roles()).toEqual([{ email: 'admin@localhost', role: 'admin' }]);
  });

  it('becomes an admin again at start when the team had made them an editor', async () => {
    const boss = { email: 'boss@example.com', password: 'first password', log };
    await ensureAdmin(db, { ...boss, grantAdmin: makeTeamAdmin });
    await db.query(`update public.team_members set role = 'editor'`);
    await ensureAdmin(db, { ...boss, grantAdmin: makeTeamAdmin });
    expect(await roles()).toEqual([{ email: 'boss@example.com', role: 'admin' }]);
  });
});
