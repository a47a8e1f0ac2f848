import { describe, expect, it } from 'vitest';
import { verifyJwt } from '#server/supabase/jwt.ts';
import { call, countRows, harnessPerFile, signedInMember } from './endpoint-harness.ts';
import { token } from './token.ts';

const h = harnessPerFile();

const refresh = (refreshToken: string) =>
  call(h.ctx, token, {
    path: '/token?grant_type=refresh_token',
    body: { refresh_token: refreshToken },
  });

/** Moves a session's token rotations `seconds` into the past. */
const age = (sessionId: string, seconds: number) =>
  h.db.query(
    `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2::float8)
      where session_id = $1`,
    [sessionId, seconds],
  );

const isEnded = async (sessionId: string) =>
  (await countRows(h.db, 'auth.sessions', 'id = $1 and not_after <= now()', [sessionId])) === 1;

describe('POST /token?grant_type=refresh_token', () => {
  it('rotates the refresh token within the same session', async () => {
    const member = await signedInMember(h.ctx, 'refresh@token.example');
    const answer = await refresh(member.refreshToken);
    expect(answer.status).toBe(200);
    expect(answer.json.refresh_token).not.toBe(member.refreshToken);
    const claims = await verifyJwt(answer.json.access_token as string, h.ctx.jwtSecret);
    expect(claims.session_id).toBe(member.sessionId);
    expect((await refresh(answer.json.refresh_token as string)).status).toBe(200);
  });

  it('answers the token just rotated, within the reuse interval, with the active one', async () => {
    expect(h.ctx.settings.refreshTokenReuseInterval).toBe(10);
    const member = await signedInMember(h.ctx, 'lost-answer@token.example');
    const rotated = await refresh(member.refreshToken);
    const again = await refresh(member.refreshToken);
    expect(again.status).toBe(200);
    expect(again.json.refresh_token).toBe(rotated.json.refresh_token);
    const claims = await verifyJwt(again.json.access_token as string, h.ctx.jwtSecret);
    expect(claims.session_id).toBe(member.sessionId);
    expect(await isEnded(member.sessionId)).toBe(false);
    // The active token was not rotated by the retry: it still rotates once.
    const next = await refresh(rotated.json.refresh_token as string);
    expect(next.status).toBe(200);
    expect(next.json.refresh_token).not.toBe(rotated.json.refresh_token);
  });

  it('ends the session when a used refresh token comes back after the interval', async () => {
    const member = await signedInMember(h.ctx, 'stolen@token.example');
    const rotated = await refresh(member.refreshToken);
    await age(member.sessionId, 11);
    const reused = await refresh(member.refreshToken);
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    expect(await isEnded(member.sessionId)).toBe(true);
    const afterTheft = await refresh(rotated.json.refresh_token as string);
    expect(afterTheft.json.code).toBe('refresh_token_already_used');
  });

  it('ends the session for an older token, even within the interval', async () => {
    const member = await signedInMember(h.ctx, 'grandparent@token.example');
    const first = await refresh(member.refreshToken);
    await refresh(first.json.refresh_token as string);
    const reused = await refresh(member.refreshToken);
    expect(reused.json.code).toBe('refresh_token_already_used');
    expect(await isEnded(member.sessionId)).toBe(true);
  });

  it('ends the session at once when the interval is 0', async () => {
    const settings = h.ctx.settings;
    h.ctx.settings = { ...settings, refreshTokenReuseInterval: 0 };
    try {
      const member = await signedInMember(h.ctx, 'no-interval@token.example');
      await refresh(member.refreshToken);
      const reused = await refresh(member.refreshToken);
      expect(reused.json.code).toBe('refresh_token_already_used');
      expect(await isEnded(member.sessionId)).toBe(true);
    } finally {
      h.ctx.settings = settings;
    }
  });

  it('gives nothing back for a token the session ended with, within the interval', async () => {
    const member = await signedInMember(h.ctx, 'ended@token.example');
    await refresh(member.refreshToken);
    await h.db.query('update auth.sessions set not_after = now() where id = $1', [
      member.sessionId,
    ]);
    const again = await refresh(member.refreshToken);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('refresh_token_already_used');
  });

  it('refuses an unknown or missing refresh token', async () => {
    const unknown = await refresh('no-such-token');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const missing = await refresh('');
    expect(missing.json).toEqual({
      code: 'validation_failed',
      message: 'Refresh token is required',
    });
  });
});
