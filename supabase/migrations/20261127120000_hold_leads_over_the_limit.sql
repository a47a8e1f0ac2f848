-- A lead over a limit is kept for the agency, marked held, instead of refused
-- (docs/decisions/0024-held-leads.md). Per lead written through the API by a visitor or a member:
--   a visitor (one address and one e-mail)   5 an hour, as before
--   one address (an IPv6 address by its /64)  30 an hour, for the many visitors behind an office's
--                                             or a mobile operator's shared address
-- Past either, the lead is stored held: no mails are queued, and an administrator releases it
-- (its mails are queued then) or deletes it. Held leads are themselves bounded:
--   per address   20 a day
--   in total      200 a day
-- Past those, the insert fails with PT429 (HTTP 429), and the site gives the visitor the agency's
-- phone and e-mail with the form as they typed it. The service role, migrations and psql are not
-- counted, as in private.count_write_from_address.

-- TABLE

alter table public.consultations
  add column held boolean not null default false;

comment on column public.consultations.held is
  'Stored past a per-visitor or per-address limit: not mailed until an administrator releases it.';

-- One row per lead the API stored in the last day: its address, its visitor and whether it was
-- held. Kept apart from the lead (the address is never stored with it) and deleted after a day.
create table private.consultation_arrivals (
  id bigint generated always as identity primary key,
  address text not null,
  visitor text not null,
  held boolean not null,
  arrived_at timestamptz not null default now()
);

-- INDEXES

create index consultation_arrivals_address_idx
  on private.consultation_arrivals (address, arrived_at);
create index consultation_arrivals_arrived_at_idx on private.consultation_arrivals (arrived_at);

-- RLS

-- Administrators release a held lead (held → false); nothing can hold a lead again.
grant update (held) on table public.consultations to authenticated;

-- FUNCTIONS

-- The address as the limits count it: an IPv6 address by its /64 (one subscriber's network), an
-- IPv4 address (or an IPv4-mapped IPv6 one) as itself, anything else as it was given.
create function private.address_group(address text) returns text
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  mapped text := substring(address from '^::[fF]{4}:(\d+\.\d+\.\d+\.\d+)$');
begin
  if mapped is not null then
    return mapped;
  elsif address like '%:%' then
    return pg_catalog.network(pg_catalog.set_masklen(address::inet, 64))::text;
  end if;
  return address;
exception when others then
  return address;
end;
$$;

revoke all on function private.address_group(text) from public;

-- Whether this API write of a lead is within the limits (false: store it held); raises PT429
-- past the bound of held leads. Counts the lead it decides on.
create function private.admit_consultation(email text) returns boolean
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  api_role text := coalesce(
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '');
  ip text;
  this_visitor text;
  from_visitor integer;
  from_address integer;
  held_from_address integer;
  held_in_all integer;
  hold boolean;
begin
  if headers is null or api_role not in ('anon', 'authenticated') then
    return true;
  end if;
  ip := private.address_group(coalesce(
    nullif(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1)), ''), 'unknown'));
  this_visitor := encode(sha256(convert_to(ip || E'\n' || lower(email), 'UTF8')), 'hex');
  -- Two leads from one address take turns, so neither passes a count the other fills.
  perform pg_advisory_xact_lock(hashtextextended('consultation-address:' || ip, 0));
  delete from private.consultation_arrivals a where a.arrived_at < now() - interval '1 day';

  select count(*) filter (where a.visitor = this_visitor
                            and a.arrived_at > now() - interval '1 hour'),
         count(*) filter (where a.arrived_at > now() - interval '1 hour'),
         count(*) filter (where a.held)
    into from_visitor, from_address, held_from_address
    from private.consultation_arrivals a
   where a.address = ip and (a.held or a.arrived_at > now() - interval '1 hour');
  hold := from_visitor >= 5 or from_address >= 30;

  if hold then
    -- Held leads of every address take turns for the total.
    perform pg_advisory_xact_lock(hashtextextended('consultation-held', 0));
    select count(*) into held_in_all from private.consultation_arrivals a where a.held;
    if held_from_address >= 20 or held_in_all >= 200 then
      raise exception using
        errcode = 'PT429',
        message = 'Too many requests from your network. Please try again later.';
    end if;
  end if;

  insert into private.consultation_arrivals (address, visitor, held) values (ip, this_visitor, hold);
  return not hold;
end;
$$;

revoke all on function private.admit_consultation(text) from public;

-- The lead guard of 20261125190000: the duplicate rule as before, then the limits above.
create or replace function private.guard_consultation() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  address text := lower(private.trim_text(new.email));
begin
  -- One row per address and problem text in ten minutes. The advisory lock makes two identical
  -- requests arriving together wait for each other instead of both passing the check.
  perform pg_advisory_xact_lock(hashtextextended('consultation-email:' || address, 0));
  if exists (
    select 1 from public.consultations c
    where lower(c.email) = address
      and c.problems = private.trim_text(new.problems)
      and c.received_at > now() - interval '10 minutes'
  ) then
    return null; -- nothing stored, no error: the visitor sees the same success
  end if;
  new.held := not private.admit_consultation(address);
  return new;
end;
$$;

-- A held lead may be released, never held again.
create function private.check_lead_release() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.held and not old.held then
    raise exception 'A lead can be released, not held again.' using errcode = '22023';
  end if;
  return new;
end;
$$;

revoke all on function private.check_lead_release() from public;

-- TRIGGERS

create trigger consultations_check_release
  before update of held on public.consultations
  for each row execute function private.check_lead_release();

-- A held lead's mails wait for its release.
drop trigger consultations_queue_mails on public.consultations;

create trigger consultations_queue_mails
  after insert on public.consultations
  for each row
  when (not new.held)
  execute function private.queue_consultation_mails();

create trigger consultations_released_queue_mails
  after update of held on public.consultations
  for each row
  when (old.held and not new.held)
  execute function private.queue_consultation_mails();
