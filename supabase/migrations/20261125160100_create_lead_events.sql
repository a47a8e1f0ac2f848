-- A lead's history: what happened to it and who did it, written by triggers in the same
-- transaction as the change itself, so the timeline can neither miss a change nor show one that
-- was rolled back. Administrators read it; nobody writes it through the API. Gone with the lead.
--   received        the visitor sent the form
--   status_changed  data: from, to
--   owner_changed   data: from, to (user ids), from_email, to_email
--   notes_changed   data: notes (the whole text as saved; null when emptied)
--   mail_queued     data: mail_id, mail_kind
--   mail_sent       data: mail_id, mail_kind, attempts
--   mail_failed     data: mail_id, mail_kind, error
-- Meetings (booked, moved, cancelled) come with the booking, which widens lead_events_kind_check.

-- TABLE

create table public.lead_events (
  -- An identity rather than a uuid: events of one transaction share created_at, and the id keeps
  -- them in the order they happened.
  id bigint generated always as identity primary key,
  consultation_id uuid not null references public.consultations (id) on delete cascade,
  kind text not null
    constraint lead_events_kind_check check (kind in (
      'received', 'status_changed', 'owner_changed', 'notes_changed',
      'mail_queued', 'mail_sent', 'mail_failed'
    )),
  -- Who did it (auth.uid()), and their address then, so the timeline still names a colleague who
  -- has left; both null for what the visitor or the server did.
  author_id uuid references auth.users (id) on delete set null,
  author_email text,
  data jsonb not null default '{}'
    constraint lead_events_data_check check (jsonb_typeof(data) = 'object'),
  created_at timestamptz not null default now()
);

alter table public.lead_events enable row level security;

-- INDEXES

create index lead_events_consultation_id_idx on public.lead_events (consultation_id, id);
create index lead_events_author_id_idx on public.lead_events (author_id);

-- RLS

revoke all on table public.lead_events from anon, authenticated;
grant select on table public.lead_events to authenticated;
grant all on table public.lead_events to service_role;

create policy "Administrators can read the history of every lead."
  on public.lead_events for select
  to authenticated
  using ((select authz.is_admin()));

create policy "Members with an authenticator app confirm it before seeing lead history."
  on public.lead_events as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));

-- TRIGGERS

-- The caller's address as auth has it now; null for the visitor, the server and the service role.
create function private.current_author_email() returns text
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select u.email::text from auth.users u where u.id = (select auth.uid())
$$;

create function private.record_lead_received() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.lead_events (consultation_id, kind, data, created_at)
  values (new.id, 'received', jsonb_build_object('source', new.source), new.received_at);
  return null;
end;
$$;

-- Named to fire before consultations_queue_mails (triggers of one event fire in name order), so
-- the receipt comes before its mails in the history.
create trigger consultations_history_received
  after insert on public.consultations
  for each row execute function private.record_lead_received();

create function private.record_lead_changes() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  author uuid := (select auth.uid());
  author_address text := private.current_author_email();
begin
  if new.status is distinct from old.status then
    insert into public.lead_events (consultation_id, kind, author_id, author_email, data)
    values (new.id, 'status_changed', author, author_address,
            jsonb_build_object('from', old.status, 'to', new.status));
  end if;
  if new.owner_id is distinct from old.owner_id then
    insert into public.lead_events (consultation_id, kind, author_id, author_email, data)
    values (new.id, 'owner_changed', author, author_address, jsonb_build_object(
      'from', old.owner_id,
      'to', new.owner_id,
      'from_email', (select u.email::text from auth.users u where u.id = old.owner_id),
      'to_email', (select u.email::text from auth.users u where u.id = new.owner_id)));
  end if;
  if new.notes is distinct from old.notes then
    insert into public.lead_events (consultation_id, kind, author_id, author_email, data)
    values (new.id, 'notes_changed', author, author_address,
            jsonb_build_object('notes', new.notes));
  end if;
  return null;
end;
$$;

create trigger consultations_history_changes
  after update of status, owner_id, notes on public.consultations
  for each row execute function private.record_lead_changes();

create function private.record_lead_mail() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.lead_events (consultation_id, kind, data, created_at)
    values (new.consultation_id, 'mail_queued',
            jsonb_build_object('mail_id', new.id, 'mail_kind', new.kind), new.created_at);
  elsif new.status = 'sent' then
    insert into public.lead_events (consultation_id, kind, data)
    values (new.consultation_id, 'mail_sent',
            jsonb_build_object('mail_id', new.id, 'mail_kind', new.kind, 'attempts', new.attempts));
  elsif new.status = 'failed' then
    insert into public.lead_events (consultation_id, kind, data)
    values (new.consultation_id, 'mail_failed',
            jsonb_build_object('mail_id', new.id, 'mail_kind', new.kind, 'error', new.last_error));
  end if;
  return null;
end;
$$;

create trigger consultation_mails_history_queued
  after insert on public.consultation_mails
  for each row execute function private.record_lead_mail();

create trigger consultation_mails_history_delivery
  after update of status on public.consultation_mails
  for each row
  when (new.status is distinct from old.status)
  execute function private.record_lead_mail();

revoke all on function
  private.current_author_email(), private.record_lead_received(), private.record_lead_changes(),
  private.record_lead_mail()
  from public;

-- The history there is already, from the rows themselves: each lead's receipt, its mails, and
-- its notes as they stand (who wrote them is not known).
insert into public.lead_events (consultation_id, kind, data, created_at)
select c.id, 'received', jsonb_build_object('source', c.source), c.received_at
  from public.consultations c;

insert into public.lead_events (consultation_id, kind, data, created_at)
select m.consultation_id, 'mail_queued', jsonb_build_object('mail_id', m.id, 'mail_kind', m.kind),
       m.created_at
  from public.consultation_mails m;

insert into public.lead_events (consultation_id, kind, data, created_at)
select m.consultation_id, 'mail_sent',
       jsonb_build_object('mail_id', m.id, 'mail_kind', m.kind, 'attempts', m.attempts), m.sent_at
  from public.consultation_mails m
 where m.status = 'sent' and m.sent_at is not null;

insert into public.lead_events (consultation_id, kind, data, created_at)
select m.consultation_id, 'mail_failed',
       jsonb_build_object('mail_id', m.id, 'mail_kind', m.kind, 'error', m.last_error), m.created_at
  from public.consultation_mails m
 where m.status = 'failed';

insert into public.lead_events (consultation_id, kind, data, created_at)
select c.id, 'notes_changed', jsonb_build_object('notes', c.notes), c.updated_at
  from public.consultations c
 where c.notes is not null;
