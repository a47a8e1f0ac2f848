// POST /otp: a sign-in link (GoTrue's otp.go, magic_link.go).
import type { Endpoint } from '../context.ts';
import { AuthError } from '../errors.ts';
import { assertLinksCanBeMailed, sendLinkAfterAnswer, throttleLinkRequest } from '../mail-links.ts';
import { readJsonBody, requireEmail, send, stringField } from '../request.ts';
import { findUserIdByEmail } from '../users.ts';

// Sign-in links for existing accounts only; it never creates a user. Like /recover it answers
// 200 {} either way, before the link is stored and mailed, so neither the answer nor its timing
// tells which addresses have accounts.
export const otp: Endpoint = async (ctx, request) => {
  assertLinksCanBeMailed(ctx, request);
  const body = await readJsonBody(request.req);
  if (!stringField(body, 'email') && stringField(body, 'phone')) {
    throw new AuthError(422, 'phone_provider_disabled', 'Unsupported phone provider');
  }
  const email = requireEmail(body, 'An email address is required');
  await throttleLinkRequest(ctx, request, email);
  const userId = await findUserIdByEmail(ctx.db, email);
  send(request, 200, {});
  if (userId) sendLinkAfterAnswer(ctx, request, userId, 'magiclink');
};
