-- Two-factor sign-in guards the leads (docs/decisions/0012). A member who has set up an
-- authenticator app must have confirmed this session with it (the JWT's aal claim is aal2) before
-- the database shows or changes a lead, a lead's mail, or the team. A member without an app keeps
-- aal1 access. This is the pattern of Supabase's MFA guide ("Enforce rules for MFA logins"):
-- restrictive policies, AND-ed with every permissive one, so no other policy can let an aal1
-- session past.

-- FUNCTIONS

-- Read past auth.mfa_factors' privileges (security definer): only whether the caller has a
-- verified factor leaves the function.
create function authz.second_factor_satisfied() returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), 'aal1') = 'aal2'
    or not exists (
      select 1
      from auth.mfa_factors f
      where f.user_id = (select auth.uid())
        and f.status = 'verified'
    )
$$;

revoke all on function authz.second_factor_satisfied() from public;
grant execute on function authz.second_factor_satisfied() to authenticated;

-- RLS

create policy "Members with an authenticator app confirm it before seeing leads."
  on public.consultations as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));

create policy "Members with an authenticator app confirm it before seeing lead mails."
  on public.consultation_mails as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));

-- Every member reads their own role at aal1 (the admin pages ask for the code after that); only
-- changing the team needs the second step.
create policy "Members with an authenticator app confirm it before adding members."
  on public.team_members as restrictive
  for insert
  to authenticated
  with check ((select authz.second_factor_satisfied()));

create policy "Members with an authenticator app confirm it before changing roles."
  on public.team_members as restrictive
  for update
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));

create policy "Members with an authenticator app confirm it before removing members."
  on public.team_members as restrictive
  for delete
  to authenticated
  using ((select authz.second_factor_satisfied()));
