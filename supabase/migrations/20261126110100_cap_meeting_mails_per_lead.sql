-- At most 3 invitations an hour to each of a lead's recipients (the visitor, the agency), whatever
-- the lead does with its call (decision 22). The trigger of 20261125171100 queues each change's
-- invitations as before until the lead's hour holds 3; later ones are held: queued with `held`,
-- due when the oldest of the hour's 3 is an hour old. When a held mail comes due the server sends
-- only what its recipient needs to know then (server/product/leads/meeting-mails.ts): a meeting's latest
-- state (older versions are superseded, as before), nothing about a meeting booked and cancelled
-- while its mails were held, and a move of a meeting never announced as its booking.

-- TABLE

alter table public.meeting_mails
  add column held boolean not null default false;

comment on column public.meeting_mails.held is
  'Queued past the lead''s 3 invitations an hour: due an hour after the first of them, and sent only if it still says something its recipient does not know.';

-- FUNCTIONS

-- queue_meeting_mails of 20261125171100, its invitations counted per lead and held past the cap.
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
