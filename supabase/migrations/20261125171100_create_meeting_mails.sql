-- The strategy call's mails, a transactional outbox like the lead mails: a trigger on
-- public.meetings writes them in the meeting's own transaction, and the server drains them with
-- retries (server/product/leads/meeting-mails.ts). Booking, moving and cancelling each queue an invitation
-- to the visitor and one to the agency, carrying the meeting's iCalendar invitation (REQUEST,
-- CANCEL once cancelled) at the meeting's SEQUENCE then; booking and moving queue the visitor's
-- reminders, due 24 hours and 1 hour before the call (none whose time has passed). A mail whose
-- SEQUENCE is older than the meeting's when it is sent is not sent: it is settled as superseded
-- (a move's or cancel's trigger supersedes the pending reminders at once).

-- TABLE

create table public.meeting_mails (
  id uuid primary key default gen_random_uuid(),
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  kind text not null
    constraint meeting_mails_kind_check check (kind in (
      'visitor_invitation', 'agency_invitation', 'reminder_24h', 'reminder_1h'
    )),
  -- What an invitation announces; reminders have none.
  change text
    constraint meeting_mails_change_check check (change in ('booked', 'moved', 'cancelled')),
  -- The meeting's SEQUENCE when the mail was queued.
  sequence integer not null
    constraint meeting_mails_sequence_check check (sequence >= 0),
  -- As consultation_mails, and superseded: the meeting changed before it went out.
  status text not null default 'pending'
    constraint meeting_mails_status_check
    check (status in ('pending', 'sent', 'failed', 'superseded')),
  attempts integer not null default 0,
  -- A reminder is due at its time before the call; an invitation at once.
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint meeting_mails_change_of_invitations
    check ((kind in ('visitor_invitation', 'agency_invitation')) = (change is not null)),
  constraint meeting_mails_one_per_version unique (meeting_id, kind, sequence)
);

alter table public.meeting_mails enable row level security;

-- INDEXES

create index meeting_mails_due_idx
  on public.meeting_mails (next_attempt_at)
  where status = 'pending';

-- RLS

revoke all on table public.meeting_mails from anon, authenticated;
grant select on table public.meeting_mails to authenticated;
grant all on table public.meeting_mails to service_role;

create policy "Administrators can see how each meeting's mails were delivered."
  on public.meeting_mails for select
  to authenticated
  using ((select authz.is_admin()));

create policy "Members with an authenticator app confirm it before seeing meeting mails."
  on public.meeting_mails as restrictive
  for all
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));

-- TRIGGERS

create function private.queue_meeting_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  change text;
begin
  if tg_op = 'INSERT' then
    if new.status <> 'active' then
      return null;
    end if;
    change := 'booked';
  elsif new.status = 'cancelled' and old.status = 'active' then
    change := 'cancelled';
  elsif new.status = 'active' and new.starts_at is distinct from old.starts_at then
    change := 'moved';
  else
    return null;
  end if;

  if tg_op = 'UPDATE' then
    update public.meeting_mails
       set status = 'superseded', locked_until = null
     where meeting_id = new.id
       and kind in ('reminder_24h', 'reminder_1h')
       and status = 'pending'
       and sequence < new.sequence;
  end if;

  insert into public.meeting_mails (meeting_id, kind, change, sequence)
  values (new.id, 'visitor_invitation', change, new.sequence),
         (new.id, 'agency_invitation', change, new.sequence);

  if change <> 'cancelled' then
    insert into public.meeting_mails (meeting_id, kind, sequence, next_attempt_at)
    select new.id, reminder.kind, new.sequence, new.starts_at - reminder.ahead
      from (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour'))
           as reminder (kind, ahead)
     where new.starts_at - reminder.ahead > now();
  end if;
  return null;
end;
$$;

revoke all on function private.queue_meeting_mails() from public;

-- Named after meetings_history_* so the history's events come first in the transaction.
create trigger meetings_queue_mails
  after insert or update of starts_at, status on public.meetings
  for each row execute function private.queue_meeting_mails();
