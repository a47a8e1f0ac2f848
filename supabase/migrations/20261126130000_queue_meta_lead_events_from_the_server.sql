-- Meta's Lead event is queued by the site's own server only (docs/decisions/0015): after the
-- form's action has stored a lead, it inserts the event with the service key when the visitor's
-- consent cookie allows marketing. The public API no longer carries an event's context with a
-- lead: anyone with the anon key could otherwise queue an event with a click ID and source page
-- of their choosing, for a lead nobody consented for. The column, its trigger and its grant go;
-- an insert that still names the column is refused (PGRST204) and stores nothing.

-- TRIGGERS

drop trigger consultations_queue_meta_lead_event on public.consultations;
drop function private.queue_meta_lead_event();

-- TABLE

alter table public.consultations drop column meta_lead_event;

-- RLS

-- Unchanged and restated: visitors neither write nor read events; the service role (the site's
-- server and its outbox) does both.
revoke all on table public.meta_lead_events from anon, authenticated;
grant select on table public.meta_lead_events to authenticated;
grant all on table public.meta_lead_events to service_role;
