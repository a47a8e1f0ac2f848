// POST /otp: a sign-in link (GoTrue's otp.go, magic_link.go).
import { clientIp } from '../../http.ts';
import type { Endpoint } from '../context.ts';
import { AuthError, rateLimited } from '../errors.ts';
import { assertLinksCanBeMailed, sendLink, throttleMail } from '../mail-links.ts';
import { readJsonBody, requireEmail, send, stringField } from '../request.ts';
import { findUserByEmail } from '../users.ts';

// Sign-in links for existing accounts only; it never creates a user. Like /recover it answers
// 200 {} either way, so it never tells which addresses have accounts (issue 13).
export const otp: Endpoint = async (ctx, request) => {
  assertLinksCanBeMailed(ctx, request);
  const body = await readJsonBody(request.req);
  if (!stringField(body, 'email') && stringField(body, 'phone')) {
    throw new AuthError(422, 'phone_provider_disabled', 'Unsupported phone provider');
  }
  const email = requireEmail(body, 'An email address is required');
  // Asking for unknown addresses counts like a failed sign-in: it is how accounts are probed.
  const ipKey = `sign-in:ip:${clientIp(request.req)}`;
  const byIp = await ctx.throttle.hit(ipKey, ctx.limits.signInFailuresPerIp);
  if (!byIp.allowed) throw rateLimited(byIp.retryAfter);
  await throttleMail(ctx, email);
  const record = await findUserByEmail(ctx.db, email);
  if (record) {
    await ctx.throttle.refund(ipKey);
    if (!record.banned) await sendLink(ctx, request, record, 'magiclink');
  }
  send(request, 200, {});
};
