import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  harnessPerFile,
  openHarness,
  roleToken,
  signedInMember,
  SITE,
} from './endpoint-harness.ts';
import { DUPLICATE_EMAIL, invite } from './invite.ts';

const h = harnessPerFile();
let admin: string;
beforeAll(async () => {
  admin = await roleToken(h.ctx, 'service_role');
});

const send = (body: Record<string, unknown>, token = admin) =>
  call(h.ctx, invite, { path: '/invite', token, body });

const mailsTo = (address: string) => h.mails.filter((mail) => mail.to === address);

describe('POST /invite', () => {
  it('creates an unconfirmed user with the invitation’s data and mails them a link', async () => {
    const answer = await send({ email: 'New@Invite.example', data: { name: 'Anna' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      email: 'new@invite.example',
      user_metadata: { name: 'Anna' },
    });
    expect(answer.json.invited_at).toEqual(expect.any(String));
    expect(answer.json.email_confirmed_at).toBeUndefined();
    const userId = answer.json.id as string;
    expect(
      await countRows(h.db, 'auth.one_time_tokens', `user_id = $1 and token_type = 'invite'`, [
        userId,
      ]),
    ).toBe(1);
    const [mail] = mailsTo('new@invite.example');
    const link = new URL(/https?:\/\/\S+\/auth\/v1\/verify\S*/.exec(mail!.text)![0]);
    expect(link.origin).toBe(SITE);
    expect(link.searchParams.get('type')).toBe('invite');
  });

  it('invites an unconfirmed user again with a new link, keeping the first', async () => {
    const first = await send({ email: 'again@invite.example' });
    // The mail limit per address allows one a minute: let the second through.
    await h.ctx.throttle.reset('mail:again@invite.example');
    const second = await send({ email: 'again@invite.example' });
    expect(second.status).toBe(200);
    expect(second.json.id).toBe(first.json.id);
    expect(await countRows(h.db, 'auth.one_time_tokens', 'user_id = $1', [first.json.id])).toBe(2);
    expect(mailsTo('again@invite.example')).toHaveLength(2);
  });

  it('names the inviter and the agency in the subject, updated when invited again', async () => {
    const email = 'named@invite.example';
    await send({ email, data: { invited_by: 'Anna Berg', site_name: 'Nordic Lead AB' } });
    await h.ctx.throttle.reset(`mail:${email}`);
    await send({ email, data: { invited_by: 'Erik Lund\r\nBcc: x@evil.example' } });
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([
      "Anna Berg invited you to Nordic Lead AB's website",
      "Erik Lund Bcc: x@evil.example invited you to Nordic Lead AB's website",
    ]);
    expect(mailsTo(email)[0]!.text).toContain('The link works once, within 24 hours.');
  });

  it('counts invitations against the whole site’s mails per hour', async () => {
    const limited = await openHarness({ emailsSent: { max: 1, windowSeconds: 3600 } });
    try {
      const token = await roleToken(limited.ctx, 'service_role');
      const first = await call(limited.ctx, invite, {
        path: '/invite',
        token,
        body: { email: 'one@invite.example' },
      });
      expect(first.status).toBe(200);
      const second = await call(limited.ctx, invite, {
        path: '/invite',
        token,
        body: { email: 'two@invite.example' },
      });
      expect(second.status).toBe(429);
      expect(second.json.code).toBe('over_email_send_rate_limit');
      expect(limited.mails.map((mail) => mail.to)).toEqual(['one@invite.example']);
    } finally {
      await limited.db.close();
    }
  }, 60_000);

  it('refuses an address that already has an account', async () => {
    await signedInMember(h.ctx, 'member@invite.example');
    const answer = await send({ email: 'member@invite.example' });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({ code: 'email_exists', message: DUPLICATE_EMAIL });
    expect(mailsTo('member@invite.example')).toHaveLength(0);
  });

  it('refuses a second invitation to the same address within a minute', async () => {
    expect((await send({ email: 'soon@invite.example' })).status).toBe(200);
    const answer = await send({ email: 'soon@invite.example' });
    expect(answer.status).toBe(429);
    expect(answer.json.code).toBe('over_email_send_rate_limit');
    expect(mailsTo('soon@invite.example')).toHaveLength(1);
  });

  it('asks for an address, and takes only the service_role key', async () => {
    const missing = await send({});
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      code: 'validation_failed',
      message: 'An email address is required',
    });
    const member = await signedInMember(h.ctx, 'inviter@invite.example');
    const refused = await send({ email: 'friend@invite.example' }, member.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('not_admin');
    expect(await countRows(h.db, 'auth.users', 'email = $1', ['friend@invite.example'])).toBe(0);
  });
});
