-- The pipeline: every lead has an owner from the team, and a source the list can sort
-- and filter by. Owners are administrators: editors never see a lead (decision 12), so a lead
-- given to one would be a lead nobody works. The source follows the rule of public.site_insights()
-- (20261125150000): the campaign's utm_source in lower case, else the referring site's host
-- without www., else (direct).

-- TABLE

alter table public.consultations
  -- Removing a member from the team (or deleting their account) leaves their leads unassigned.
  add column owner_id uuid references public.team_members (user_id) on delete set null,
  add column source text not null generated always as (
    coalesce(
      nullif(lower(btrim(utm_source)), ''),
      nullif(regexp_replace(lower(substring(referrer
        from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^/:?#]+)')), '^www\.', ''), ''),
      '(direct)')
  ) stored;

-- INDEXES

-- "Mine" and "unassigned" in the list, and the foreign key's own look-ups when a member leaves.
create index consultations_owner_id_idx on public.consultations (owner_id);

-- RLS

-- Administrators set the owner as they set status and notes (the existing update policy and the
-- second-factor restrictive policy cover the row); visitors never name one (no insert grant).
grant update (owner_id) on table public.consultations to authenticated;

alter policy "Administrators can update a lead's status and notes."
  on public.consultations rename to "Administrators can update a lead's status, notes and owner.";

-- FUNCTIONS

-- Who may own a lead, with the address the list shows, as JSON: the team's administrators. Read past
-- auth.users' privileges (security definer); only administrators past the second factor get an
-- answer, everyone else a 42501.
create function public.lead_owner_choices()
returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if not ((select authz.is_admin()) and (select authz.second_factor_satisfied())) then
    raise exception 'Only administrators can see who may own a lead.'
      using errcode = '42501';
  end if;
  -- [{"user_id": …, "email": …}, …] by address.
  return (
    select coalesce(
             jsonb_agg(jsonb_build_object('user_id', m.user_id, 'email', u.email)
                       order by lower(u.email::text), m.user_id),
             '[]')
      from public.team_members m
      join auth.users u on u.id = m.user_id
     where m.role = 'admin'
  );
end;
$$;

revoke all on function public.lead_owner_choices() from public, anon;
grant execute on function public.lead_owner_choices() to authenticated;

-- TRIGGERS

-- An owner must be an administrator when given the lead: a clear error instead of a lead that no
-- one on the team can open.
create function private.check_lead_owner() returns trigger
  language plpgsql
  security definer -- reads the whole team, whoever the caller is
  set search_path = ''
as $$
begin
  if new.owner_id is not null and not exists (
    select 1 from public.team_members m where m.user_id = new.owner_id and m.role = 'admin'
  ) then
    raise exception 'The owner of a lead must be an administrator on the team.'
      using errcode = '23514';
  end if;
  return new;
end;
$$;

revoke all on function private.check_lead_owner() from public;

create trigger consultations_check_owner
  before insert or update of owner_id on public.consultations
  for each row
  when (new.owner_id is not null)
  execute function private.check_lead_owner();
