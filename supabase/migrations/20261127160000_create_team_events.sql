-- The team's history: who invited whom, sent an invitation again, changed a role, removed a
-- member or reset a member's two-factor sign-in, and when (docs/team.md). Written by the site's
-- server with the service key after the change it records (app/data/team.server.ts), and by
-- `npm run reset-two-factor` on the server; administrators read it on the Team page. Nobody writes
-- it through the API.
--   invited, invitation_resent, role_changed (detail: the new role), removed, two_factor_reset

-- TABLE

create table public.team_events (
  id bigint generated always as identity primary key,
  kind text not null
    constraint team_events_kind_check check (kind in (
      'invited', 'invitation_resent', 'role_changed', 'removed', 'two_factor_reset'
    )),
  -- Who did it and their address then, so the history still names a colleague who has left; both
  -- null for the server's own command.
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text constraint team_events_actor_email_check check (char_length(actor_email) <= 320),
  -- Whom it was done to, kept by address after their account is gone.
  member_id uuid references auth.users (id) on delete set null,
  member_email text not null
    constraint team_events_member_email_check check (char_length(member_email) <= 320),
  detail text constraint team_events_detail_check check (char_length(detail) <= 200),
  created_at timestamptz not null default now()
);

alter table public.team_events enable row level security;

-- INDEXES

create index team_events_created_at_idx on public.team_events (created_at desc, id desc);
create index team_events_actor_id_idx on public.team_events (actor_id);
create index team_events_member_id_idx on public.team_events (member_id);

-- RLS

revoke all on table public.team_events from anon, authenticated;
grant select on table public.team_events to authenticated;
grant all on table public.team_events to service_role;

create policy "Administrators can read the team's history."
  on public.team_events for select
  to authenticated
  using ((select authz.is_admin()));

create policy "Members with an authenticator app confirm it before seeing the team's history."
  on public.team_events as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));
