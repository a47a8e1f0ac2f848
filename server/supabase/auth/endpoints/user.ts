// GET and PUT /user: the signed-in user (GoTrue's user.go).
import type { Endpoint } from '../context.ts';
import { authenticate, currentUser } from '../authenticate.ts';
import { checkedNewEmail, startEmailChange } from '../email-change.ts';
import { AuthError } from '../errors.ts';
import { assertLinksCanBeMailed, sendEmailChangeLinks, throttleMail } from '../mail-links.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../passwords.ts';
import { objectField, readJsonBody, send, stringField } from '../request.ts';
import { endSessions } from '../sessions.ts';
import { mergeUserMetadata } from '../users.ts';

export const getUser: Endpoint = async (ctx, request) => {
  const record = await currentUser(ctx, await authenticate(ctx, request));
  send(request, 200, record.user);
};

// PUT /user: password, user_metadata and the address. A new address is only asked for here: it
// takes effect once the links mailed to it and to the current address are both opened.
export const updateUser: Endpoint = async (ctx, request) => {
  const auth = await authenticate(ctx, request);
  const body = await readJsonBody(request.req);
  const record = await currentUser(ctx, auth);
  const email = await checkedNewEmail(ctx.db, stringField(body, 'email'), record.user.email);
  const phone = stringField(body, 'phone');
  if (phone && phone !== record.user.phone) {
    throw new AuthError(422, 'validation_failed', 'Changing the phone number is not supported');
  }
  const password = typeof body.password === 'string' ? body.password : undefined;
  // As GoTrue: with an authenticator app, a session that skipped it changes neither.
  const hasSecondFactor = record.user.factors?.some((factor) => factor.status === 'verified');
  if (hasSecondFactor && auth.aal !== 'aal2' && (email || password)) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  let newHash: string | undefined;
  if (password !== undefined) {
    const problem = passwordProblem(password, ctx.settings.minimumPasswordLength);
    if (problem) throw problem;
    if (await verifyPassword(password, record.passwordHash)) {
      throw new AuthError(
        422,
        'same_password',
        'New password should be different from the old password.',
      );
    }
    newHash = await hashPassword(password);
  }
  const metadata = objectField(body, 'data');
  if (email) {
    assertLinksCanBeMailed(ctx, request);
    await throttleMail(ctx, email);
    await throttleMail(ctx, record.user.email);
  }

  await ctx.db.transaction(async (tx) => {
    if (newHash) {
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
        [auth.userId, newHash],
      );
      // As GoTrue: a new password signs out every other session of the user.
      await endSessions(tx, 'others', auth.sessionId, auth.userId);
    }
    if (metadata) await mergeUserMetadata(tx, auth.userId, 'raw_user_meta_data', metadata);
  });
  if (email) {
    // Mailed after the transaction, as GoTrue does, so a slow mail server holds no transaction.
    const tokens = await startEmailChange(ctx.db, auth.userId, email);
    await sendEmailChangeLinks(ctx, request, {
      current: record.user.email,
      next: email,
      ...tokens,
    });
  }
  send(request, 200, (await currentUser(ctx, auth)).user);
};
