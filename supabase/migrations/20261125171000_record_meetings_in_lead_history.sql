-- A booked, moved or cancelled strategy call in the lead's history, written by a
-- trigger on public.meetings in the meeting's own transaction, as the lead's other events are.
-- Booking also moves the lead to 'booked' (from new or contacted; won and lost stay), which the
-- status trigger of 20261125160100 records as any status change.
--   meeting_booked     data: meeting_id, starts_at
--   meeting_moved      data: meeting_id, starts_at, previous_starts_at
--   meeting_cancelled  data: meeting_id, starts_at

-- TABLE

alter table public.lead_events drop constraint lead_events_kind_check;
alter table public.lead_events add constraint lead_events_kind_check check (kind in (
  'received', 'status_changed', 'owner_changed', 'notes_changed',
  'mail_queued', 'mail_sent', 'mail_failed',
  'meeting_booked', 'meeting_moved', 'meeting_cancelled'
));

-- TRIGGERS

-- Every change the invitations announce raises SEQUENCE; the site's server raises it itself, and
-- this keeps a hand-made update from sending calendars a change they would ignore.
create function private.raise_meeting_sequence() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if (new.starts_at is distinct from old.starts_at or new.status is distinct from old.status)
     and new.sequence <= old.sequence then
    new.sequence := old.sequence + 1;
  end if;
  return new;
end;
$$;

create trigger meetings_raise_sequence
  before update of starts_at, status on public.meetings
  for each row execute function private.raise_meeting_sequence();

create function private.record_meeting() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'active' then
      return null;
    end if;
    insert into public.lead_events (consultation_id, kind, data)
    values (new.consultation_id, 'meeting_booked',
            jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at));
    update public.consultations
       set status = 'booked'
     where id = new.consultation_id and status in ('new', 'contacted');
  elsif new.status = 'cancelled' and old.status = 'active' then
    insert into public.lead_events (consultation_id, kind, data)
    values (new.consultation_id, 'meeting_cancelled',
            jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at));
  elsif new.status = 'active' and new.starts_at is distinct from old.starts_at then
    insert into public.lead_events (consultation_id, kind, data)
    values (new.consultation_id, 'meeting_moved',
            jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at,
                               'previous_starts_at', old.starts_at));
  end if;
  return null;
end;
$$;

revoke all on function private.raise_meeting_sequence(), private.record_meeting() from public;

create trigger meetings_history_booked
  after insert on public.meetings
  for each row execute function private.record_meeting();

create trigger meetings_history_changes
  after update of starts_at, status on public.meetings
  for each row execute function private.record_meeting();
