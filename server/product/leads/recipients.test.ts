import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/supabase/auth/passwords.ts';
import { createEmailUser } from '#server/supabase/auth/users.ts';
import { migrate } from '#server/supabase/db/migrate.ts';
import { openPglite } from '#server/supabase/db/pglite.ts';
import type { Database } from '#server/supabase/db/types.ts';
import {
  chooseAgencyRecipients,
  describeAgencyRecipients,
  lookupAgencyRecipients,
  NoAgencyRecipientError,
} from './recipients.ts';

describe('chooseAgencyRecipients', () => {
  it('prefers LEADS_NOTIFY_TO, then ADMIN_EMAIL, then the first user', () => {
    expect(
      chooseAgencyRecipients({
        LEADS_NOTIFY_TO: ['leads@agency.example', 'sales@agency.example'],
        ADMIN_EMAIL: 'admin@agency.example',
      }),
    ).toEqual({
      source: 'LEADS_NOTIFY_TO',
      addresses: ['leads@agency.example', 'sales@agency.example'],
    });
    expect(chooseAgencyRecipients({ ADMIN_EMAIL: 'admin@agency.example' })).toEqual({
      source: 'ADMIN_EMAIL',
      addresses: ['admin@agency.example'],
    });
    expect(chooseAgencyRecipients({})).toEqual({ source: 'oldest user' });
  });

  it('says in the start-up line where notifications go', () => {
    expect(
      describeAgencyRecipients(chooseAgencyRecipients({ LEADS_NOTIFY_TO: ['a@x.se', 'b@x.se'] })),
    ).toBe('a@x.se, b@x.se (LEADS_NOTIFY_TO)');
    expect(describeAgencyRecipients(chooseAgencyRecipients({}))).toContain('LEADS_NOTIFY_TO');
  });
});

describe('lookupAgencyRecipients', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterAll(async () => db?.close());

  it('reports that nobody can be told while no user exists', async () => {
    await expect(lookupAgencyRecipients(db, { source: 'oldest user' })).rejects.toBeInstanceOf(
      NoAgencyRecipientError,
    );
  });

  it("looks up the oldest user's address when the mail is sent", async () => {
    const hash = await hashPassword('a long enough password');
    const first = await createEmailUser(db, 'first@agency.example', hash);
    await createEmailUser(db, 'second@agency.example', hash);
    await db.query(`update auth.users set created_at = now() - interval '1 day' where id = $1`, [
      first,
    ]);
    expect(await lookupAgencyRecipients(db, { source: 'oldest user' })).toEqual([
      'first@agency.example',
    ]);
    await db.query(`update auth.users set email = 'renamed@agency.example' where id = $1`, [first]);
    expect(await lookupAgencyRecipients(db, { source: 'oldest user' })).toEqual([
      'renamed@agency.example',
    ]);
  });

  it('uses configured addresses as they are', async () => {
    expect(
      await lookupAgencyRecipients(db, {
        source: 'ADMIN_EMAIL',
        addresses: ['boss@agency.example'],
      }),
    ).toEqual(['boss@agency.example']);
  });
});
