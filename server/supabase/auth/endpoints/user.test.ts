import { beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '#server/supabase/jwt.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { DUPLICATE_EMAIL } from './invite.ts';
import {
  addVerifiedFactor,
  call,
  countRows,
  harnessPerFile,
  signedInMember,
  SITE,
  startSession,
  type Member,
} from './endpoint-harness.ts';
import { getUser, updateUser } from './user.ts';

const h = harnessPerFile();
const PASSWORD = 'the current password';
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

const read = (token?: string) => call(h.ctx, getUser, { method: 'GET', token });
const change = (member: Member, body: Record<string, unknown>) =>
  call(h.ctx, updateUser, { method: 'PUT', token: member.accessToken, body });

async function storedHash(userId: string): Promise<string> {
  const { rows } = await h.db.query<{ hash: string }>(
    'select encrypted_password as hash from auth.users where id = $1',
    [userId],
  );
  return rows[0]!.hash;
}

describe('GET /user', () => {
  it('answers the signed-in user', async () => {
    const member = await signedInMember(h.ctx, 'me@user.example');
    const answer = await read(member.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: member.userId, email: 'me@user.example' });
  });

  it('refuses a missing token, a forged one and an ended session', async () => {
    const bare = await read();
    expect(bare.status).toBe(401);
    expect(bare.json.code).toBe('no_authorization');
    const member = await signedInMember(h.ctx, 'ended@user.example');
    const forged = await signJwt(
      { sub: member.userId, session_id: member.sessionId },
      'x'.repeat(40),
    );
    expect(await read(forged)).toMatchObject({ status: 403, json: { code: 'bad_jwt' } });
    await h.db.query('delete from auth.sessions where id = $1', [member.sessionId]);
    const ended = await read(member.accessToken);
    expect(ended.status).toBe(403);
    expect(ended.json).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  it('refuses a user banned since the token was issued', async () => {
    const member = await signedInMember(h.ctx, 'banned@user.example');
    await h.db.query(
      `update auth.users set banned_until = now() + interval '1 hour' where id = $1`,
      [member.userId],
    );
    const answer = await read(member.accessToken);
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({ code: 'user_banned', message: 'User is banned' });
  });
});

describe('PUT /user', () => {
  it('merges user metadata', async () => {
    const member = await signedInMember(h.ctx, 'meta@user.example');
    await change(member, { data: { name: 'Anna', team: 'North' } });
    const answer = await change(member, { data: { team: null } });
    expect(answer.status).toBe(200);
    expect(answer.json.user_metadata).toMatchObject({ name: 'Anna' });
    expect(answer.json.user_metadata).not.toHaveProperty('team');
  });

  it('changes the password and signs out the user’s other sessions only', async () => {
    const member = await signedInMember(h.ctx, 'password@user.example', passwordHash);
    const other = await startSession(h.ctx, member.userId);
    const answer = await change(member, { password: 'a brand new password' });
    expect(answer.status).toBe(200);
    expect(await verifyPassword('a brand new password', await storedHash(member.userId))).toBe(
      true,
    );
    expect(await countRows(h.db, 'auth.sessions', 'id = $1', [member.sessionId])).toBe(1);
    expect(await countRows(h.db, 'auth.sessions', 'id = $1', [other.sessionId])).toBe(0);
  });

  it('refuses the same password and a short one, keeping the stored one', async () => {
    const member = await signedInMember(h.ctx, 'same@user.example', passwordHash);
    const same = await change(member, { password: PASSWORD });
    expect(same.status).toBe(422);
    expect(same.json).toEqual({
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const short = await change(member, { password: 'short' });
    expect(short).toMatchObject({ status: 422, json: { code: 'weak_password' } });
    expect(await storedHash(member.userId)).toBe(passwordHash);
  });

  it('needs an aal2 session to change the password or address once a factor is verified', async () => {
    const member = await signedInMember(h.ctx, 'mfa@user.example', passwordHash);
    await addVerifiedFactor(h.db, member.userId);
    const expected = {
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    };
    for (const body of [{ password: 'a brand new password' }, { email: 'mfa2@user.example' }]) {
      const answer = await change(member, body);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual(expected);
    }
    expect(await storedHash(member.userId)).toBe(passwordHash);
    expect((await change(member, { data: { name: 'Still allowed' } })).status).toBe(200);
  });

  it('asks for a new address by mailing a link to each address, changing nothing yet', async () => {
    const member = await signedInMember(h.ctx, 'old@user.example');
    const answer = await change(member, { email: 'New@User.example' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ email: 'old@user.example', new_email: 'new@user.example' });
    const pending = await countRows(
      h.db,
      'auth.users',
      `id = $1 and email = 'old@user.example' and email_change = 'new@user.example'
         and email_change_confirm_status = 0`,
      [member.userId],
    );
    expect(pending).toBe(1);
    const mails = h.mails.filter((mail) =>
      ['old@user.example', 'new@user.example'].includes(mail.to as string),
    );
    expect(mails.map((mail) => mail.to)).toEqual(['new@user.example', 'old@user.example']);
    for (const mail of mails) {
      const link = new URL(/https?:\/\/\S+\/auth\/v1\/verify\S*/.exec(mail.text)![0]);
      expect(link.origin).toBe(SITE);
      expect(link.searchParams.get('type')).toBe('email_change');
    }
  });

  it('refuses an address another user has, and a phone number', async () => {
    await signedInMember(h.ctx, 'taken@user.example');
    const member = await signedInMember(h.ctx, 'wants@user.example');
    const taken = await change(member, { email: 'taken@user.example' });
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual({ code: 'email_exists', message: DUPLICATE_EMAIL });
    const phone = await change(member, { phone: '+46701234567' });
    expect(phone.status).toBe(422);
    expect(phone.json).toEqual({
      code: 'validation_failed',
      message: 'Changing the phone number is not supported',
    });
    expect(
      await countRows(h.db, 'auth.users', `id = $1 and coalesce(email_change, '') = ''`, [
        member.userId,
      ]),
    ).toBe(1);
  });
});
