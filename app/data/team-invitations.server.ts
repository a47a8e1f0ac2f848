// Invitations from the team endpoint (docs/decisions/0012, 0028), on the server only: GoTrue's
// invite with the service key, named by who invited and to which agency's website, sent again to
// a pending member at most once in RESEND_AFTER_MINUTES, each recorded in the team's history.
import type { TeamRole } from './team';
import { allUsers, recordTeamEvent, TeamRequestError, type TeamCaller } from './team.server';

/** What an invitation's mail says: who invited them, to which agency's website (its subject). */
export interface InvitationWords {
  /** The page a followed link opens (/login?link=invite on the address the site was reached at). */
  redirectTo: string;
  /** The agency's name, as the site's settings have it. */
  siteName: string;
}

function invitationOptions(caller: TeamCaller, words: InvitationWords) {
  return {
    redirectTo: words.redirectTo,
    data: { invited_by: caller.displayName, site_name: words.siteName },
  };
}

/**
 * Invites an address with a role: GoTrue mails a link that signs them in to choose a password.
 * An address that already has an account (someone who signed up) joins the team at once.
 */
export async function inviteMember(
  caller: TeamCaller,
  input: { email: string; role: TeamRole } & InvitationWords,
): Promise<{ invited: boolean }> {
  const { service } = caller;
  const { data, error } = await service.auth.admin.inviteUserByEmail(
    input.email,
    invitationOptions(caller, input),
  );
  let userId = data.user?.id;
  if (error) {
    if (error.code !== 'email_exists') throw invitationError(error);
    userId = (await allUsers(service)).find(
      (user) => user.email?.toLowerCase() === input.email.toLowerCase(),
    )?.id;
  }
  if (!userId) throw new TeamRequestError(502, 'The invitation did not name an account.');
  const { data: existing } = await service
    .from('team_members')
    .select('role')
    .eq('user_id', userId)
    .maybeSingle();
  if (existing) {
    if (error) throw new TeamRequestError(409, `${input.email} is already on the team.`);
    // A pending member asked again: a new link went out.
    await recordTeamEvent(caller, {
      kind: 'invitation_resent',
      memberId: userId,
      memberEmail: input.email,
    });
    return { invited: true };
  }
  const { error: insertError } = await service
    .from('team_members')
    .insert({ user_id: userId, role: input.role });
  if (insertError) throw new TeamRequestError(502, insertError.message);
  await recordTeamEvent(caller, {
    kind: 'invited',
    memberId: userId,
    memberEmail: input.email,
    detail: input.role,
  });
  return { invited: !error };
}

/** How long after an invitation the same member's can be sent again: a resend cannot mail-bomb. */
export const RESEND_AFTER_MINUTES = 10;

/** GoTrue's refusal in the team page's words. */
function invitationError(error: { status?: number; code?: string; message: string }) {
  if (error.code === 'over_email_send_rate_limit') {
    return new TeamRequestError(
      429,
      `Too many e-mails were sent just now: ${error.message.replace(/\.$/, '')}.`,
    );
  }
  return new TeamRequestError(error.status ?? 502, error.message);
}

/**
 * Sends a pending member's invitation again, with a new link (the earlier ones keep working until
 * one is used). Refused for a member who has accepted, and within RESEND_AFTER_MINUTES of the
 * last invitation.
 */
export async function resendInvitation(
  caller: TeamCaller,
  userId: string,
  words: InvitationWords,
  now: Date = new Date(),
): Promise<{ email: string }> {
  const { service } = caller;
  const { data: row } = await service
    .from('team_members')
    .select('user_id')
    .eq('user_id', userId)
    .maybeSingle();
  if (!row) throw new TeamRequestError(404, 'No such member.');
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error || !data.user.email) throw new TeamRequestError(404, 'No such member.');
  const { user } = data;
  const email = data.user.email;
  if (user.email_confirmed_at) {
    throw new TeamRequestError(409, `${email} has accepted the invitation already.`);
  }
  const sentAt = user.invited_at ? Date.parse(user.invited_at) : Number.NaN;
  const waitMs = sentAt + RESEND_AFTER_MINUTES * 60_000 - now.getTime();
  if (waitMs > 0) {
    const minutes = Math.ceil(waitMs / 60_000);
    throw new TeamRequestError(
      429,
      `An invitation went to ${email} less than ${RESEND_AFTER_MINUTES} minutes ago: ` +
        `you can send it again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
  const { error: inviteError } = await service.auth.admin.inviteUserByEmail(
    email,
    invitationOptions(caller, words),
  );
  if (inviteError) throw invitationError(inviteError);
  await recordTeamEvent(caller, {
    kind: 'invitation_resent',
    memberId: userId,
    memberEmail: email,
  });
  return { email };
}
