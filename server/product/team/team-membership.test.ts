import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '#server/supabase/auth/admin.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import type { Database } from '#server/supabase/db/types.ts';
import { makeTeamAdmin } from './team-admin.ts';
import { isTeamMember } from './team-membership.ts';

describe('isTeamMember', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(async () => db?.close());

  it('says yes for a user on the team and no for anyone else', async () => {
    await ensureAdmin(db, { log: () => {}, grantAdmin: makeTeamAdmin });
    const { rows } = await db.query<{ user_id: string }>('select user_id from public.team_members');
    expect(await isTeamMember(db, rows[0]!.user_id)).toBe(true);
    expect(await isTeamMember(db, '22222222-2222-4222-8222-222222222222')).toBe(false);
  });
});
