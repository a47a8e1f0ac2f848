-- The agency's side of a booked call (docs/decisions/0026):
--   * each call keeps the kind it was booked as: meetings.meeting_link is the video link booking
--     found in booking_settings (null: a phone call). A changed link in Availability applies to new
--     bookings only; an administrator may give a booked call today's link (or, with none set, make
--     it a phone call), which records the change and mails the visitor and the agency ('updated').
--   * an administrator moves or cancels a call from the lead's page, through the data API with
--     their own session: the same bounds as the visitor's (decision 22's trigger counts every
--     caller), the history names them, and the visitor is mailed as for their own move or cancel,
--     a cancel with the administrator's optional note.
-- Existing calls take today's setting, the link every page and mail showed them with until now.

-- TABLE

alter table public.meetings
  add column meeting_link text
    constraint meetings_meeting_link_check
      check (char_length(meeting_link) <= 500
        and meeting_link ~ '^https://[^[:space:]/]+\.[^[:space:]/]+(/[^[:space:]]*)?$'),
  add column cancellation_note text
    constraint meetings_cancellation_note_check check (char_length(cancellation_note) <= 500),
  -- The zone the visitor chose the time in (the booking page's), for the agency to say it in theirs.
  add column visitor_time_zone text
    constraint meetings_visitor_time_zone_check check (char_length(visitor_time_zone) <= 64);

comment on column public.meetings.meeting_link is
  'The video link the call was booked with; null: the agency phones the visitor.';
comment on column public.meetings.cancellation_note is
  'The note an administrator gave the visitor when cancelling the call.';

-- Without touching updated_at: it says when a call was booked or moved (decision 22's fresh holds).
alter table public.meetings disable trigger meetings_touch;
update public.meetings set meeting_link = (select s.meeting_link from public.booking_settings s);
alter table public.meetings enable trigger meetings_touch;

alter table public.lead_events drop constraint lead_events_kind_check;
alter table public.lead_events add constraint lead_events_kind_check check (kind in (
  'received', 'status_changed', 'owner_changed', 'notes_changed',
  'mail_queued', 'mail_sent', 'mail_failed',
  'meeting_booked', 'meeting_moved', 'meeting_cancelled', 'meeting_link_changed'
));

alter table public.meeting_mails drop constraint meeting_mails_change_check;
alter table public.meeting_mails add constraint meeting_mails_change_check
  check (change in ('booked', 'moved', 'cancelled', 'updated'));

-- FUNCTIONS

-- What a booking keeps and what a change may do, for every writer: a new call takes today's link;
-- the link and the note change only as this file's header says. An administrator's move (the
-- authenticated role; the site's server books with the service key) keeps the call's length and
-- buffer as booking_settings has them, and a time to come.
create function private.check_meeting_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  settings public.booking_settings;
  by_member boolean := (select auth.role()) = 'authenticated';
begin
  select * into settings from public.booking_settings s;
  if tg_op = 'INSERT' then
    new.meeting_link := settings.meeting_link;
    new.cancellation_note := null;
    -- A zone the database does not know is dropped rather than refusing the booking over it.
    if not exists (select from pg_catalog.pg_timezone_names where name = new.visitor_time_zone) then
      new.visitor_time_zone := null;
    end if;
    return new;
  end if;
  if new.meeting_link is distinct from old.meeting_link then
    if old.status <> 'active' or new.status <> 'active' then
      raise exception 'Only a booked call''s link can change.'
        using errcode = '23514', constraint = 'meetings_meeting_link_check';
    end if;
    if by_member and new.meeting_link is distinct from settings.meeting_link then
      raise exception 'A booked call can only take the video link Availability has now.'
        using errcode = '23514', constraint = 'meetings_meeting_link_check';
    end if;
  end if;
  if new.cancellation_note is distinct from old.cancellation_note
     and not (old.status = 'active' and new.status = 'cancelled') then
    raise exception 'A note goes with cancelling the call.'
      using errcode = '23514', constraint = 'meetings_cancellation_note_check';
  end if;
  if by_member and new.starts_at is distinct from old.starts_at then
    if new.starts_at <= now() then
      raise exception 'A call can only move to a time to come.'
        using errcode = '23514', constraint = 'meetings_time_check';
    end if;
    if new.ends_at <> new.starts_at + make_interval(mins => coalesce(settings.meeting_minutes, 30))
       or new.busy_until <> new.ends_at + make_interval(mins => coalesce(settings.buffer_minutes, 15))
    then
      raise exception 'A moved call keeps the meeting length and buffer Availability sets.'
        using errcode = '23514', constraint = 'meetings_time_check';
    end if;
  elsif by_member and (new.ends_at is distinct from old.ends_at
                       or new.busy_until is distinct from old.busy_until) then
    raise exception 'A call''s end moves with its start.'
      using errcode = '23514', constraint = 'meetings_time_check';
  end if;
  return new;
end;
$$;

-- raise_meeting_sequence of 20261125171000: a changed link is announced too.
create or replace function private.raise_meeting_sequence() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if (new.starts_at is distinct from old.starts_at or new.status is distinct from old.status
      or new.meeting_link is distinct from old.meeting_link)
     and new.sequence <= old.sequence then
    new.sequence := old.sequence + 1;
  end if;
  return new;
end;
$$;

-- record_meeting of 20261125191000: who did it (null for the visitor and the server), the
-- administrator's note with a cancel, and a changed link.
create or replace function private.record_meeting() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  author uuid := (select auth.uid());
  author_address text := private.current_author_email();
begin
  if tg_op = 'INSERT' then
    if new.status <> 'active' then
      return null;
    end if;
    insert into public.lead_events (consultation_id, kind, author_id, author_email, data)
    values (new.consultation_id, 'meeting_booked', author, author_address,
            jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at));
    update public.consultations
       set status = 'booked'
     where id = new.consultation_id and status in ('new', 'contacted');
  elsif new.status = 'cancelled' and old.status = 'active' then
    insert into public.lead_events (consultation_id, kind, author_id, author_email, data)
    values (new.consultation_id, 'meeting_cancelled', author, author_address,
            jsonb_strip_nulls(jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at,
                                                 'note', new.cancellation_note)));
    -- A lead has one active meeting at most (meetings_one_active_per_lead): this was it.
    update public.consultations c
       set status = coalesce((
         select e.data ->> 'from'
           from public.lead_events e
          where e.consultation_id = c.id
            and e.kind = 'status_changed'
            and e.data ->> 'to' = 'booked'
            and e.data ->> 'from' in ('new', 'contacted')
          order by e.id desc
          limit 1
       ), 'contacted')
     where c.id = new.consultation_id and c.status = 'booked';
  elsif new.status = 'active' and new.starts_at is distinct from old.starts_at then
    insert into public.lead_events (consultation_id, kind, author_id, author_email, data)
    values (new.consultation_id, 'meeting_moved', author, author_address,
            jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at,
                               'previous_starts_at', old.starts_at));
  elsif new.status = 'active' and new.meeting_link is distinct from old.meeting_link then
    insert into public.lead_events (consultation_id, kind, author_id, author_email, data)
    values (new.consultation_id, 'meeting_link_changed', author, author_address,
            jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at,
                               'from', old.meeting_link, 'to', new.meeting_link));
  end if;
  return null;
end;
$$;

-- queue_meeting_mails of 20261126110100: a changed link of a booked call is an 'updated'
-- invitation (a new SEQUENCE, the same time), capped and held as every invitation is.
create or replace function private.queue_meeting_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  change text;
  sent_this_hour integer;
  first_this_hour timestamptz;
  held boolean;
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
  elsif new.status = 'active' and new.meeting_link is distinct from old.meeting_link then
    change := 'updated';
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

  -- One lead's changes take turns, so two at once cannot both find room in its hour.
  perform pg_advisory_xact_lock(hashtextextended('meeting-lead:' || new.consultation_id::text, 0));
  select count(*), min(mm.created_at)
    into sent_this_hour, first_this_hour
    from public.meeting_mails mm
    join public.meetings m on m.id = mm.meeting_id
   where m.consultation_id = new.consultation_id
     and mm.kind = 'visitor_invitation'
     and not mm.held
     and mm.created_at > now() - interval '1 hour';
  held := sent_this_hour >= 3;

  insert into public.meeting_mails (meeting_id, kind, change, sequence, held, next_attempt_at)
  select new.id, recipient.kind, change, new.sequence, held,
         case when held then first_this_hour + interval '1 hour' else now() end
    from (values ('visitor_invitation'), ('agency_invitation')) as recipient (kind);

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

revoke all on function private.check_meeting_change() from public;

-- TRIGGERS

-- Named to fire before meetings_guard (before-triggers fire in name order), so the bounds see
-- the checked row.
create trigger meetings_check_change
  before insert or update on public.meetings
  for each row execute function private.check_meeting_change();

drop trigger meetings_raise_sequence on public.meetings;
create trigger meetings_raise_sequence
  before update of starts_at, status, meeting_link on public.meetings
  for each row execute function private.raise_meeting_sequence();

drop trigger meetings_history_changes on public.meetings;
create trigger meetings_history_changes
  after update of starts_at, status, meeting_link on public.meetings
  for each row execute function private.record_meeting();

drop trigger meetings_queue_mails on public.meetings;
create trigger meetings_queue_mails
  after insert or update of starts_at, status, meeting_link on public.meetings
  for each row execute function private.queue_meeting_mails();

-- RLS

grant update (starts_at, ends_at, busy_until, meeting_link, cancellation_note)
  on table public.meetings to authenticated;

create policy "Administrators can move a booked call or give it today's link."
  on public.meetings for update
  to authenticated
  using ((select authz.is_admin()) and status = 'active')
  with check ((select authz.is_admin()) and status = 'active');
