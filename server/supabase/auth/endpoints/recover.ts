// POST /recover: a password reset link (GoTrue's recover.go).
import type { Endpoint } from '../context.ts';
import { assertLinksCanBeMailed, sendLinkAfterAnswer, throttleLinkRequest } from '../mail-links.ts';
import { readJsonBody, requireEmail, send } from '../request.ts';
import { findUserIdByEmail } from '../users.ts';

// Always 200 {} (or the same 429 for every address), answered before the link is stored and
// mailed, so neither the answer nor its timing tells whether an account exists.
export const recover: Endpoint = async (ctx, request) => {
  assertLinksCanBeMailed(ctx, request);
  const body = await readJsonBody(request.req);
  const email = requireEmail(body, 'Password recovery requires an email');
  await throttleLinkRequest(ctx, request, email);
  const userId = await findUserIdByEmail(ctx.db, email);
  send(request, 200, {});
  if (userId) sendLinkAfterAnswer(ctx, request, userId, 'recovery');
};
