// /admin/team: the members with their roles, last sign-in and two-factor state, and the team's
// history; an administrator invites a colleague by e-mail, sends a pending invitation again,
// resets the two-factor sign-in of a member who lost their app, changes a role and removes a
// member. The server's team endpoint does the work (it holds the service key); an administrator
// cannot change or remove themselves, so the team always keeps one.
import { useCallback, useState, type FormEvent } from 'react';
import {
  changeMemberRole,
  inviteMember,
  loadTeam,
  removeMember,
  resendInvitation,
  resetMemberTwoFactor,
  teamRoles,
  type TeamMember,
  type TeamRole,
} from '~/data/team';
import type { AppSupabaseClient } from '~/data/supabase';
import { LoadingStatus } from '~/ui/loading-status';
import { AdminField } from '~/admin/admin-field';
import { useLoaded } from '~/admin/use-loaded';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { roleNames, teamCopy as copy } from './copy';
import { TeamHistory } from './team-history';
import { looksLikeEmail, Notice, SubmitRow, useAction } from '~/admin/use-action';
import './team.css';

export function TeamManager({ client, userId }: { client: AppSupabaseClient; userId: string }) {
  const team = useLoaded(() => loadTeam(client), [client]);
  const members = team.value?.members;
  const loadError = team.error && copy.loadFailed(team.error.message);
  const action = useAction();

  // After a change the list is read again inside the action, so a failure reads as the change's.
  const { setValue: setTeam } = team;
  const reload = useCallback(async () => setTeam(await loadTeam(client)), [client, setTeam]);

  /** One change to a member: made, the list read again, then said (or the failure said). */
  function act<T>(write: () => Promise<T>, said: (result: T) => string) {
    void action.run(async () => {
      const result = await write();
      await reload();
      return said(result);
    }, copy.members.failed);
  }

  const resend = (member: TeamMember) =>
    act(() => resendInvitation(client, member.userId), copy.members.resent);

  function resetTwoFactor(member: TeamMember) {
    if (!window.confirm(copy.members.confirmReset(member.email))) return;
    act(
      () => resetMemberTwoFactor(client, member.userId),
      () => copy.members.reset(member.email),
    );
  }

  const change = (member: TeamMember, role: TeamRole) =>
    act(
      () => changeMemberRole(client, member.userId, role),
      () => copy.members.changed(member.email, role),
    );

  function remove(member: TeamMember) {
    if (!window.confirm(copy.members.confirmRemove(member.email))) return;
    act(
      () => removeMember(client, member.userId),
      () => copy.members.removed(member.email),
    );
  }

  return (
    <div className="admin-sections">
      <div className="admin__heading-row">
        <h1>{copy.heading}</h1>
      </div>
      <p>{copy.intro}</p>
      <InviteForm client={client} onInvited={reload} />
      <section className="admin-section" aria-labelledby="team-members">
        <h2 id="team-members">{copy.members.heading}</h2>
        {loadError && (
          <p role="alert" className="admin-notice">
            {loadError}
          </p>
        )}
        {!members && !loadError && <LoadingStatus text={copy.loading} />}
        {members && (
          <div className="team-table-wrap">
            <table className="team-table">
              <caption>{copy.members.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{copy.members.member}</th>
                  <th scope="col">{copy.members.role}</th>
                  <th scope="col">{copy.members.lastSignIn}</th>
                  <th scope="col">{copy.members.twoFactor}</th>
                  <th scope="col">{copy.members.actions}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((member) => (
                  <MemberRow
                    key={member.userId}
                    member={member}
                    self={member.userId === userId}
                    busy={action.busy}
                    onChange={(role) => change(member, role)}
                    onRemove={() => remove(member)}
                    onResend={() => resend(member)}
                    onResetTwoFactor={() => resetTwoFactor(member)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Notice notice={action.notice} />
      </section>
      {team.value && <TeamHistory events={team.value.history} />}
    </div>
  );
}

function MemberRow({
  member,
  self,
  busy,
  onChange,
  onRemove,
  onResend,
  onResetTwoFactor,
}: {
  member: TeamMember;
  self: boolean;
  busy: boolean;
  onChange: (role: TeamRole) => void;
  onRemove: () => void;
  onResend: () => void;
  onResetTwoFactor: () => void;
}) {
  const labels = copy.members;
  const timeZone = useAdminTimeZone();
  return (
    <tr>
      <th scope="row">
        {member.email} {self && <span className="admin-field__optional">{labels.you}</span>}
      </th>
      <td data-label={labels.role}>
        {self ? (
          roleNames[member.role]
        ) : (
          <select
            aria-label={labels.roleOf(member.email)}
            value={member.role}
            disabled={busy}
            onChange={(event) => onChange(event.target.value as TeamRole)}
          >
            {teamRoles.map((role) => (
              <option key={role} value={role}>
                {roleNames[role]}
              </option>
            ))}
          </select>
        )}
      </td>
      <td data-label={labels.lastSignIn}>
        {member.pending
          ? labels.pending(member.invitedAt && formatAdminDateTime(member.invitedAt, timeZone))
          : member.lastSignInAt
            ? formatAdminDateTime(member.lastSignInAt, timeZone)
            : labels.never}
      </td>
      <td data-label={labels.twoFactor}>{member.twoFactor ? labels.on : labels.off}</td>
      <td className="team-actions">
        {member.pending && (
          <button
            type="button"
            className="admin-button admin-button--secondary"
            aria-label={labels.resendLabel(member.email)}
            disabled={busy}
            onClick={onResend}
          >
            {labels.resend}
          </button>
        )}
        {!self && member.twoFactor && (
          <button
            type="button"
            className="admin-button admin-button--secondary"
            aria-label={labels.resetLabel(member.email)}
            disabled={busy}
            onClick={onResetTwoFactor}
          >
            {labels.resetTwoFactor}
          </button>
        )}
        {!self && (
          <button
            type="button"
            className="admin-button admin-button--danger"
            aria-label={labels.removeLabel(member.email)}
            disabled={busy}
            onClick={onRemove}
          >
            {labels.remove}
          </button>
        )}
      </td>
    </tr>
  );
}

function InviteForm({
  client,
  onInvited,
}: {
  client: AppSupabaseClient;
  onInvited: () => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('editor');
  const [emailError, setEmailError] = useState<string | null>(null);
  const action = useAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    const valid = looksLikeEmail(address);
    setEmailError(valid ? null : copy.invite.invalid);
    if (!valid) return;
    void action.run(async () => {
      const invited = await inviteMember(client, { email: address, role });
      setEmail('');
      await onInvited();
      return invited ? copy.invite.sent(address) : copy.invite.joined(address, role);
    }, copy.members.failed);
  }

  return (
    <section className="admin-section" aria-labelledby="team-invite">
      <h2 id="team-invite">{copy.invite.heading}</h2>
      <form className="admin-stack admin-narrow" noValidate onSubmit={submit}>
        <AdminField label={copy.invite.email} error={emailError}>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </AdminField>
        <AdminField label={copy.invite.role}>
          {(control) => (
            <select
              {...control}
              name="role"
              value={role}
              onChange={(event) => setRole(event.target.value as TeamRole)}
            >
              {teamRoles.map((option) => (
                <option key={option} value={option}>
                  {roleNames[option]}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <SubmitRow action={action} label={copy.invite.button} busyLabel={copy.invite.busy} />
      </form>
    </section>
  );
}
