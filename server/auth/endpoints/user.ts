// GET and PUT /user: the signed-in user (GoTrue's user.go).
import type { Endpoint } from '../context.ts';
import { authenticate, currentUser } from '../authenticate.ts';
import { AuthError } from '../errors.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../passwords.ts';
import { objectField, readJsonBody, send, stringField } from '../request.ts';
import { endSessions } from '../sessions.ts';
import { mergeUserMetadata, normalizeEmail } from '../users.ts';

export const getUser: Endpoint = async (ctx, request) => {
  const record = await currentUser(ctx, await authenticate(ctx, request));
  send(request, 200, record.user);
};

// PUT /user: password and user_metadata. Changing the address would need a confirmation mail
// flow this site does not use.
export const updateUser: Endpoint = async (ctx, request) => {
  const auth = await authenticate(ctx, request);
  const body = await readJsonBody(request.req);
  const record = await currentUser(ctx, auth);
  const email = stringField(body, 'email');
  if (email && normalizeEmail(email) !== record.user.email) {
    throw new AuthError(422, 'validation_failed', 'Changing the email address is not supported');
  }
  const phone = stringField(body, 'phone');
  if (phone && phone !== record.user.phone) {
    throw new AuthError(422, 'validation_failed', 'Changing the phone number is not supported');
  }
  let newHash: string | undefined;
  if (typeof body.password === 'string') {
    const problem = passwordProblem(body.password);
    if (problem) throw problem;
    if (await verifyPassword(body.password, record.passwordHash)) {
      throw new AuthError(
        422,
        'same_password',
        'New password should be different from the old password.',
      );
    }
    newHash = await hashPassword(body.password);
  }
  const metadata = objectField(body, 'data');

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
  send(request, 200, (await currentUser(ctx, auth)).user);
};
