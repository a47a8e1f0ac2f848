// POST /recover: a password reset link (GoTrue's recover.go).
import type { Endpoint } from '../context.ts';
import { assertLinksCanBeMailed, sendLink, throttleMail } from '../mail-links.ts';
import { readJsonBody, requireEmail, send } from '../request.ts';
import { findUserByEmail } from '../users.ts';

// Always 200 {}, so the answer never tells whether an account exists.
export const recover: Endpoint = async (ctx, request) => {
  assertLinksCanBeMailed(ctx, request);
  const body = await readJsonBody(request.req);
  const email = requireEmail(body, 'Password recovery requires an email');
  await throttleMail(ctx, email);
  const record = await findUserByEmail(ctx.db, email);
  if (record && !record.banned) await sendLink(ctx, request, record, 'recovery');
  send(request, 200, {});
};
