import { describe, expect, it } from 'vitest';
import { verifyJwt } from '#server/supabase/jwt.ts';
import { FIRST_LINK_ACCEPTED, startEmailChange } from '../email-change.ts';
import { issueLinkToken, type LinkKind } from '../links.ts';
import { createEmailUser } from '../users.ts';
import { call, countRows, harnessPerFile, SITE } from './endpoint-harness.ts';
import { verifyLink, verifyPost } from './verify.ts';

const h = harnessPerFile();

/** A user with one e-mailed link of `kind`; an invited user when the link is an invitation. */
async function userWithLink(email: string, kind: LinkKind) {
  const userId = await createEmailUser(
    h.db,
    email,
    null,
    kind === 'invite' ? { data: {} } : undefined,
  );
  return { userId, token: await issueLinkToken(h.db, userId, email, kind) };
}

const verify = (body: Record<string, unknown>) =>
  call(h.ctx, verifyPost, { path: '/verify', body });

async function amrOfSessions(userId: string): Promise<string[]> {
  const { rows } = await h.db.query<{ method: string }>(
    `select c.authentication_method as method from auth.mfa_amr_claims c
       join auth.sessions s on s.id = c.session_id where s.user_id = $1`,
    [userId],
  );
  return rows.map((row) => row.method);
}

describe('POST /verify', () => {
  it('redeems a recovery link’s token once, opening a session for its user', async () => {
    const { userId, token } = await userWithLink('recover@verify.example', 'recovery');
    const answer = await verify({ token_hash: token, type: 'recovery' });
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(answer.json).toMatchObject({ token_type: 'bearer', user: { id: userId } });
    const claims = await verifyJwt(answer.json.access_token as string, h.ctx.jwtSecret);
    expect(claims.sub).toBe(userId);
    expect(await amrOfSessions(userId)).toEqual(['recovery']);
    expect(await countRows(h.db, 'auth.one_time_tokens', 'user_id = $1', [userId])).toBe(0);

    const again = await verify({ token_hash: token, type: 'recovery' });
    expect(again.status).toBe(403);
    expect(again.json).toEqual({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
  });

  it('confirms an invited user’s address when the invitation is redeemed', async () => {
    const { userId, token } = await userWithLink('invited@verify.example', 'invite');
    const answer = await verify({ token_hash: token, type: 'invite' });
    expect(answer.status).toBe(200);
    expect(await amrOfSessions(userId)).toEqual(['invite']);
    const confirmed = await countRows(
      h.db,
      'auth.users',
      `id = $1 and email_confirmed_at is not null
         and raw_user_meta_data->>'email_verified' = 'true'`,
      [userId],
    );
    expect(confirmed).toBe(1);
    const identity = await countRows(
      h.db,
      'auth.identities',
      `user_id = $1 and identity_data->>'email_verified' = 'true'`,
      [userId],
    );
    expect(identity).toBe(1);
  });

  it('redeems a token with the address it was mailed to, and no other', async () => {
    const { userId, token } = await userWithLink('code@verify.example', 'magiclink');
    const wrongAddress = await verify({ email: 'other@verify.example', token, type: 'email' });
    expect(wrongAddress.status).toBe(403);
    expect(wrongAddress.json).toEqual({
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
    // Tried with another address, the token is not spent: its own address can still use it.
    expect(await countRows(h.db, 'auth.one_time_tokens', 'user_id = $1', [userId])).toBe(1);
    const answer = await verify({ email: 'Code@Verify.example', token, type: 'email' });
    expect(answer.status).toBe(200);
    expect(await amrOfSessions(userId)).toEqual(['otp']);
  });

  it('refuses a link of another kind than the type names', async () => {
    const { userId, token } = await userWithLink('kind@verify.example', 'magiclink');
    const answer = await verify({ token_hash: token, type: 'recovery' });
    expect(answer.status).toBe(403);
    expect(answer.json.code).toBe('otp_expired');
    expect(await countRows(h.db, 'auth.sessions', 'user_id = $1', [userId])).toBe(0);
  });

  it('refuses a banned user, and opens no session for them', async () => {
    const { userId, token } = await userWithLink('banned@verify.example', 'recovery');
    await h.db.query(
      `update auth.users set banned_until = now() + interval '1 day' where id = $1`,
      [userId],
    );
    const answer = await verify({ token_hash: token, type: 'recovery' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'user_banned', message: 'User is banned' });
    expect(await countRows(h.db, 'auth.sessions', 'user_id = $1', [userId])).toBe(0);
  });

  it.each([
    [{ token_hash: 'x' }, 400, 'validation_failed', 'Verify requires a verification type'],
    [
      { token_hash: 'x', type: 'carrier_pigeon' },
      400,
      'validation_failed',
      'Unsupported verification type',
    ],
    [
      { type: 'email' },
      400,
      'validation_failed',
      'Verify requires either a token hash, or an email and a token',
    ],
    [
      { phone: '+46701234567', token: '123456', type: 'sms' },
      403,
      'otp_expired',
      'Token has expired or is invalid',
    ],
    [
      { token_hash: 'x', type: 'signup' },
      403,
      'otp_expired',
      'Email link is invalid or has expired',
    ],
  ])('answers %j with %i %s', async (body, status, code, message) => {
    const answer = await verify(body);
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ code, message });
  });

  it('changes the address once both of an e-mail change’s links are opened', async () => {
    const userId = await createEmailUser(h.db, 'before@verify.example', null);
    const tokens = await startEmailChange(h.db, userId, 'after@verify.example');
    const first = await verify({ token_hash: tokens.currentToken, type: 'email_change' });
    expect(first).toMatchObject({ status: 200, json: { msg: FIRST_LINK_ACCEPTED, code: '200' } });
    expect(await countRows(h.db, 'auth.sessions', 'user_id = $1', [userId])).toBe(0);
    const second = await verify({ token_hash: tokens.nextToken, type: 'email_change' });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ user: { id: userId, email: 'after@verify.example' } });
    const moved = await countRows(
      h.db,
      'auth.users',
      `id = $1 and email = $2 and email_change = ''`,
      [userId, 'after@verify.example'],
    );
    expect(moved).toBe(1);
  });
});

describe('GET /verify', () => {
  const open = (query: Record<string, string>) =>
    call(h.ctx, verifyLink, { method: 'GET', path: `/verify?${new URLSearchParams(query)}` });

  it('sends the browser back to the site with the session in the fragment', async () => {
    const { userId, token } = await userWithLink('link@verify.example', 'magiclink');
    const answer = await open({ token, type: 'magiclink', redirect_to: `${SITE}/admin` });
    expect(answer.status).toBe(303);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    const location = new URL(answer.headers.Location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/admin`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('token_type')).toBe('bearer');
    const claims = await verifyJwt(fragment.get('access_token')!, h.ctx.jwtSecret);
    expect(claims.sub).toBe(userId);
  });

  it('never sends the session to another site', async () => {
    const { token } = await userWithLink('away@verify.example', 'magiclink');
    const answer = await open({ token, type: 'magiclink', redirect_to: 'https://evil.example/' });
    expect(answer.headers.Location!.startsWith(`${SITE}/#`)).toBe(true);
  });

  it('puts an expired link’s error in the fragment', async () => {
    const answer = await open({ token: 'no-such-token', type: 'recovery' });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.Location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/`);
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('answers the first e-mail change link with GoTrue’s message in the fragment', async () => {
    const userId = await createEmailUser(h.db, 'first@verify.example', null);
    const tokens = await startEmailChange(h.db, userId, 'second@verify.example');
    const answer = await open({ token: tokens.nextToken, type: 'email_change' });
    const fragment = new URLSearchParams(new URL(answer.headers.Location!).hash.slice(1));
    expect(fragment.get('message')).toBe(FIRST_LINK_ACCEPTED);
    expect(fragment.get('access_token')).toBeNull();
  });
});
