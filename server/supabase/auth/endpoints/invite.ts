// POST /invite (service_role key): auth.admin.inviteUserByEmail(email, { redirectTo, data }), as
// GoTrue's invite.go. The invited member follows the mailed link to /verify?type=invite, which
// confirms the address and signs them in, and then chooses a password with PUT /user. Invited
// again before accepting, they get a new link and the invitation's data is updated (who invited
// them names the mail's subject); each invitation counts against the address's and the site's
// mail limits.
import type { Endpoint } from '../context.ts';
import { requireAdmin } from '../authenticate.ts';
import { AuthError } from '../errors.ts';
import { assertLinksCanBeMailed, sendLink, throttleMail, throttleSiteMail } from '../mail-links.ts';
import { objectField, readJsonBody, requireEmail, send } from '../request.ts';
import { createEmailUser, findUserByEmail, findUserById } from '../users.ts';

export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

export const invite: Endpoint = async (ctx, request) => {
  await requireAdmin(ctx, request);
  assertLinksCanBeMailed(ctx, request);
  const body = await readJsonBody(request.req);
  const email = requireEmail(body, 'An email address is required');
  const data = objectField(body, 'data') ?? {};

  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.emailConfirmed) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  await throttleMail(ctx, email);
  await throttleSiteMail(ctx);
  // Invited again before accepting: a new link (the earlier one keeps working until one is used).
  const userId = existing ? existing.user.id : await createEmailUser(ctx.db, email, null, { data });
  if (existing) {
    await ctx.db.query(
      `update auth.users set invited_at = now(), confirmation_sent_at = now(),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb
       where id = $1`,
      [userId, JSON.stringify(data)],
    );
  }
  const record = (await findUserById(ctx.db, userId))!;
  await sendLink(ctx, request, record, 'invite');
  send(request, 200, record.user);
};
