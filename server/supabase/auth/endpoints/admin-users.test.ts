import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLinkToken } from '../links.ts';
import { verifyPassword } from '../passwords.ts';
import { deleteAdminUser, getAdminUser, listAdminUsers, updateAdminUser } from './admin-users.ts';
import { DUPLICATE_EMAIL } from './invite.ts';
import { call, countRows, harnessPerFile, roleToken, signedInMember } from './endpoint-harness.ts';

const h = harnessPerFile();
let admin: string;
beforeAll(async () => {
  admin = await roleToken(h.ctx, 'service_role');
});

const get = (userId: string, token = admin) =>
  call(h.ctx, getAdminUser, { method: 'GET', token, params: { userId } });
const update = (userId: string, body: Record<string, unknown>) =>
  call(h.ctx, updateAdminUser, { method: 'PUT', token: admin, params: { userId }, body });

interface StoredUser {
  email: string | null;
  encrypted_password: string;
  email_confirmed_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
}

/** The stored row, its metadata parsed (the database layer hands jsonb over as text). */
async function userRow(id: string) {
  const { rows } = await h.db.query<StoredUser & { user_meta: string; app_meta: string }>(
    `select email, encrypted_password, email_confirmed_at, banned_until, deleted_at,
       raw_user_meta_data::text as user_meta, raw_app_meta_data::text as app_meta
     from auth.users where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { user_meta, app_meta, ...rest } = row;
  return {
    ...rest,
    raw_user_meta_data: JSON.parse(user_meta) as Record<string, unknown>,
    raw_app_meta_data: JSON.parse(app_meta) as Record<string, unknown>,
  };
}

describe('the admin user endpoints', () => {
  it('answer 401 without a token and 403 to a signed-in user', async () => {
    const member = await signedInMember(h.ctx, 'member@admin.example');
    const bare = await call(h.ctx, listAdminUsers, { method: 'GET' });
    expect(bare.status).toBe(401);
    expect(bare.json.code).toBe('no_authorization');
    for (const token of [member.accessToken, await roleToken(h.ctx, 'anon')]) {
      const refused = await get(member.userId, token);
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
  });
});

describe('GET /admin/users', () => {
  it('lists a page, newest first, with the next and last pages and the total', async () => {
    await signedInMember(h.ctx, 'first@list.example');
    const newest = await signedInMember(h.ctx, 'second@list.example');
    const total = await countRows(h.db, 'auth.users', 'deleted_at is null', []);
    const answer = await call(h.ctx, listAdminUsers, {
      method: 'GET',
      path: '/admin/users?per_page=1&page=1',
      token: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.aud).toBe('authenticated');
    expect((answer.json.users as { id: string }[]).map((u) => u.id)).toEqual([newest.userId]);
    expect(answer.headers['X-Total-Count']).toBe(String(total));
    expect(answer.headers.Link).toBe(
      `</auth/v1/admin/users?page=2&per_page=1>; rel="next", ` +
        `</auth/v1/admin/users?page=${total}&per_page=1>; rel="last"`,
    );
  });

  it('refuses a page that is not a number', async () => {
    const answer = await call(h.ctx, listAdminUsers, {
      method: 'GET',
      path: '/admin/users?page=two',
      token: admin,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'validation_failed',
      message: 'Bad Pagination Parameters: invalid page "two"',
    });
  });
});

describe('GET /admin/users/{id}', () => {
  it('answers the user, and 404 for an unknown or malformed id', async () => {
    const member = await signedInMember(h.ctx, 'found@admin.example');
    const found = await get(member.userId);
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ id: member.userId, email: 'found@admin.example' });
    const unknown = await get(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ code: 'user_not_found', message: 'User not found' });
    const malformed = await get('me');
    expect(malformed.status).toBe(404);
    expect(malformed.json.code).toBe('validation_failed');
  });
});

describe('PUT /admin/users/{id}', () => {
  it('sets a password, ending the user’s sessions and voiding their links', async () => {
    const member = await signedInMember(h.ctx, 'reset@admin.example');
    await issueLinkToken(h.db, member.userId, 'reset@admin.example', 'recovery');
    const answer = await update(member.userId, { password: 'a brand new password' });
    expect(answer.status).toBe(200);
    const row = await userRow(member.userId);
    expect(await verifyPassword('a brand new password', row!.encrypted_password)).toBe(true);
    expect(await countRows(h.db, 'auth.sessions', 'user_id = $1', [member.userId])).toBe(0);
    expect(await countRows(h.db, 'auth.one_time_tokens', 'user_id = $1', [member.userId])).toBe(0);
  });

  it('refuses a short password and changes nothing', async () => {
    const member = await signedInMember(h.ctx, 'short@admin.example');
    const answer = await update(member.userId, { password: 'short' });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(await countRows(h.db, 'auth.sessions', 'user_id = $1', [member.userId])).toBe(1);
  });

  it('changes the address on the user and its e-mail identity, confirmed when asked', async () => {
    const member = await signedInMember(h.ctx, 'old@admin.example');
    await h.db.query('update auth.users set email_confirmed_at = null where id = $1', [
      member.userId,
    ]);
    const answer = await update(member.userId, {
      email: 'New@Admin.example',
      email_confirm: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.email).toBe('new@admin.example');
    const row = await userRow(member.userId);
    expect(row).toMatchObject({ email: 'new@admin.example' });
    expect(row!.email_confirmed_at).not.toBeNull();
    const { rows } = await h.db.query<{ data: string }>(
      `select identity_data::text as data from auth.identities
       where user_id = $1 and provider = 'email'`,
      [member.userId],
    );
    expect(JSON.parse(rows[0]!.data)).toMatchObject({
      email: 'new@admin.example',
      email_verified: true,
    });
  });

  it('refuses an address another user has', async () => {
    await signedInMember(h.ctx, 'taken@admin.example');
    const member = await signedInMember(h.ctx, 'wants@admin.example');
    const answer = await update(member.userId, { email: 'taken@admin.example' });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({ code: 'email_exists', message: DUPLICATE_EMAIL });
    expect(await userRow(member.userId)).toMatchObject({ email: 'wants@admin.example' });
  });

  it('refuses to change the phone number', async () => {
    const member = await signedInMember(h.ctx, 'phone@admin.example');
    const answer = await update(member.userId, { phone: '+46701234567' });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      code: 'validation_failed',
      message: 'Changing the phone number is not supported',
    });
  });

  it('merges metadata, a null removing its key', async () => {
    const member = await signedInMember(h.ctx, 'meta@admin.example');
    await update(member.userId, { user_metadata: { name: 'Anna', team: 'North' } });
    const answer = await update(member.userId, {
      user_metadata: { team: null, title: 'Owner' },
      app_metadata: { role: 'editor' },
    });
    expect(answer.status).toBe(200);
    const row = await userRow(member.userId);
    expect(row!.raw_user_meta_data).toMatchObject({ name: 'Anna', title: 'Owner' });
    expect(row!.raw_user_meta_data).not.toHaveProperty('team');
    expect(row!.raw_app_meta_data).toMatchObject({ provider: 'email', role: 'editor' });
  });

  it('bans for a Go duration and lifts the ban with "none"', async () => {
    const member = await signedInMember(h.ctx, 'banned@admin.example');
    expect((await update(member.userId, { ban_duration: '24h' })).status).toBe(200);
    const banned = await countRows(
      h.db,
      'auth.users',
      `id = $1 and banned_until between now() + interval '23 hours' and now() + interval '25 hours'`,
      [member.userId],
    );
    expect(banned).toBe(1);
    expect((await update(member.userId, { ban_duration: 'none' })).status).toBe(200);
    expect(await userRow(member.userId)).toMatchObject({ banned_until: null });
  });

  it('refuses a ban duration Go cannot parse', async () => {
    const member = await signedInMember(h.ctx, 'forever@admin.example');
    const answer = await update(member.userId, { ban_duration: 'forever' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'validation_failed',
      message: 'invalid format for ban duration: time: invalid duration "forever"',
    });
    expect(await userRow(member.userId)).toMatchObject({ banned_until: null });
  });
});

describe('DELETE /admin/users/{id}', () => {
  it('removes the user with their identities and sessions', async () => {
    const member = await signedInMember(h.ctx, 'gone@admin.example');
    const answer = await call(h.ctx, deleteAdminUser, {
      method: 'DELETE',
      token: admin,
      params: { userId: member.userId },
    });
    expect(answer).toMatchObject({ status: 200, json: {} });
    expect(await userRow(member.userId)).toBeUndefined();
    expect(await countRows(h.db, 'auth.sessions', 'user_id = $1', [member.userId])).toBe(0);
    expect(await countRows(h.db, 'auth.identities', 'user_id = $1', [member.userId])).toBe(0);
  });

  it('soft-deletes: the row stays, emptied and marked, and everything else goes', async () => {
    const member = await signedInMember(h.ctx, 'soft@admin.example');
    await update(member.userId, { user_metadata: { name: 'Soft' } });
    const answer = await call(h.ctx, deleteAdminUser, {
      method: 'DELETE',
      token: admin,
      params: { userId: member.userId },
      body: { should_soft_delete: true },
    });
    expect(answer.status).toBe(200);
    const row = await userRow(member.userId);
    expect(row).toMatchObject({ email: null, encrypted_password: '' });
    expect(row!.raw_user_meta_data).toEqual({});
    expect(row!.raw_app_meta_data).toEqual({});
    expect(row!.deleted_at).not.toBeNull();
    for (const table of ['auth.sessions', 'auth.identities', 'auth.mfa_factors']) {
      expect(await countRows(h.db, table, 'user_id = $1', [member.userId])).toBe(0);
    }
    const again = await get(member.userId);
    expect(again.status).toBe(404);
  });
});
