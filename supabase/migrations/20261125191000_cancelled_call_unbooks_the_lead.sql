-- A cancelled call no longer leaves its lead 'booked' in the pipeline: when the lead's
-- meeting is cancelled, a lead still 'booked' goes back to the status booking found it in
-- (new or contacted, read from its history; contacted when the history does not say), so the
-- agency sees it needs a follow-up. A lead moved on by hand (won, lost) stays where it is, and
-- booking again makes it 'booked' again. The status trigger of 20261125160100 records the change.

-- FUNCTIONS

-- record_meeting of 20261125171000, its cancel branch extended.
create or replace function private.record_meeting() returns trigger
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
    insert into public.lead_events (consultation_id, kind, data)
    values (new.consultation_id, 'meeting_moved',
            jsonb_build_object('meeting_id', new.id, 'starts_at', new.starts_at,
                               'previous_starts_at', old.starts_at));
  end if;
  return null;
end;
$$;
