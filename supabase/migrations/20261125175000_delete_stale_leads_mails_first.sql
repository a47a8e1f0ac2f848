-- Retention without deadlocks (the lead's history made one possible). Sending a lead's mail locks
-- the mail's row, and its history trigger (20261125160100_create_lead_events) then takes a
-- key-share lock on the lead to insert the event. Deleting a stale lead took the lead first and its
-- mails (by the cascade) second: the opposite order, so the two could wait for each other. The
-- leads' mails now go first, in the same order a send takes them.

-- FUNCTIONS

create or replace function private.delete_stale_consultations(
  as_of timestamptz default now()
) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
begin
  delete from public.consultation_mails m
    using public.consultations c
    where m.consultation_id = c.id and c.updated_at < as_of - interval '3 years';
  delete from public.consultations where updated_at < as_of - interval '3 years';
  get diagnostics deleted = row_count;
  -- The per-IP counters only matter for an hour.
  delete from private.consultation_rate_limits
    where recent[cardinality(recent)] < as_of - interval '1 hour';
  return deleted;
end;
$$;

revoke all on function private.delete_stale_consultations(timestamptz) from public;
