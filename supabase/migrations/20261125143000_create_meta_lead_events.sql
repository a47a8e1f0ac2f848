-- Meta's Conversions API (docs/decisions/0015): the agency's own "Lead" event, sent by the server
-- for a visitor who allowed marketing when they sent the form. A transactional outbox like the lead
-- mails: the row is written by a trigger in the lead's own transaction, from what the insert
-- carries (the browser's context, which only a consenting visitor's insert has), and the server
-- drains it with retries. The lead's ID is the event's ID, so Meta counts the pixel's Lead and this
-- one once. Visitors cannot write events: they only say, with their lead, that they allow it. Kept
-- 30 days at most, and gone with the lead.

-- TABLE

create table public.meta_lead_events (
  id uuid primary key default gen_random_uuid(),
  consultation_id uuid not null references public.consultations (id) on delete cascade
    constraint meta_lead_events_one_per_lead unique,
  event_time timestamptz not null default now(),
  -- The page the form was sent from, the visitor's address and browser, and Meta's own cookies
  -- (_fbc, _fbp) when the pixel had set them: what Meta matches the event with, besides the hashed
  -- e-mail address and phone number the server computes from the lead when it sends.
  event_source_url text
    constraint meta_lead_events_event_source_url_check check (char_length(event_source_url) <= 2048),
  client_ip_address text
    constraint meta_lead_events_client_ip_address_check check (char_length(client_ip_address) <= 100),
  client_user_agent text
    constraint meta_lead_events_client_user_agent_check check (char_length(client_user_agent) <= 1000),
  fbc text constraint meta_lead_events_fbc_check check (char_length(fbc) <= 500),
  fbp text constraint meta_lead_events_fbp_check check (char_length(fbp) <= 500),
  -- As consultation_mails: pending (retried with backoff), sent (Meta accepted it), failed (Meta
  -- refused it for good, or it grew older than Meta accepts).
  status text not null default 'pending'
    constraint meta_lead_events_status_check check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

alter table public.meta_lead_events enable row level security;

-- What the insert of a consenting visitor's lead carries for its event: an object with any of
-- event_source_url, client_user_agent, fbc and fbp. Written by anon, read by nobody: the trigger
-- below moves it into the event and empties it, so the lead itself keeps none of it.
alter table public.consultations
  add column meta_lead_event jsonb
    constraint consultations_meta_lead_event_check check (
      meta_lead_event is null
      or (jsonb_typeof(meta_lead_event) = 'object' and pg_column_size(meta_lead_event) <= 8192)
    );

-- INDEXES

create index meta_lead_events_due_idx
  on public.meta_lead_events (next_attempt_at)
  where status = 'pending';
create index meta_lead_events_created_at_idx on public.meta_lead_events (created_at);

-- RLS

-- The form's action names the lead's ID itself (it is the pixel's eventID on the thank-you page),
-- and says whether the visitor allows the event.
grant insert (id, meta_lead_event) on table public.consultations to anon, authenticated;

revoke all on table public.meta_lead_events from anon, authenticated;
grant select on table public.meta_lead_events to authenticated;
grant all on table public.meta_lead_events to service_role;

create policy "Administrators can see how each lead's Meta event was sent."
  on public.meta_lead_events for select
  to authenticated
  using ((select authz.is_admin()));

create policy "Members with an authenticator app confirm it before seeing Meta events."
  on public.meta_lead_events as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));

-- TRIGGERS

create function private.queue_meta_lead_event() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  context jsonb := new.meta_lead_event;
  headers text := nullif(current_setting('request.headers', true), '');
begin
  if context is null then
    return null;
  end if;
  insert into public.meta_lead_events (
    consultation_id, event_source_url, client_ip_address, client_user_agent, fbc, fbp
  ) values (
    new.id,
    left(nullif(context ->> 'event_source_url', ''), 2048),
    -- The visitor's address as the API resolved it (the site's action forwards it), as the
    -- per-IP limit reads it.
    left(nullif(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1)), ''), 100),
    left(nullif(context ->> 'client_user_agent', ''), 1000),
    left(nullif(context ->> 'fbc', ''), 500),
    left(nullif(context ->> 'fbp', ''), 500)
  );
  update public.consultations set meta_lead_event = null where id = new.id;
  return null;
end;
$$;

revoke all on function private.queue_meta_lead_event() from public;

create trigger consultations_queue_meta_lead_event
  after insert on public.consultations
  for each row
  when (new.meta_lead_event is not null)
  execute function private.queue_meta_lead_event();

-- RETENTION

-- Meta takes events up to 7 days old; a row is kept 30 days, then deleted by the server's daily
-- retention job (server/product/leads/retention.ts).
create function private.delete_stale_meta_lead_events(
  as_of timestamptz default now()
) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.meta_lead_events where created_at < as_of - interval '30 days';
  get diagnostics deleted = row_count;
  return deleted;
end;
$$;

revoke all on function private.delete_stale_meta_lead_events(timestamptz) from public;
