-- A transactional outbox for the mails every lead sends (docs/decisions/0005): the notification to
-- the agency and the confirmation to the visitor are rows written by a trigger in the same
-- transaction as the lead, so a stored lead always has its two mails and a refused one has none.
-- The server drains the table with retries and backoff; the inbox shows each mail's delivery state.

-- TABLE

create table public.consultation_mails (
  id uuid primary key default gen_random_uuid(),
  consultation_id uuid not null references public.consultations (id) on delete cascade,
  kind text not null
    constraint consultation_mails_kind_check
    check (kind in ('agency_notification', 'visitor_confirmation')),
  -- pending: not yet delivered (retried with backoff); sent: accepted by the mail server or
  -- written to the local outbox; failed: refused for good (the recipient address was rejected).
  status text not null default 'pending'
    constraint consultation_mails_status_check check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A server that claims a row holds it until then; a server killed mid-send lets it go again.
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint consultation_mails_one_per_kind unique (consultation_id, kind)
);

alter table public.consultation_mails enable row level security;

-- INDEXES

create index consultation_mails_due_idx
  on public.consultation_mails (next_attempt_at)
  where status = 'pending';

-- RLS

revoke all on table public.consultation_mails from anon, authenticated;
grant select on table public.consultation_mails to authenticated;
grant all on table public.consultation_mails to service_role;

create policy "Administrators can see how each lead's mails were delivered."
  on public.consultation_mails for select
  to authenticated
  using (true);

-- TRIGGERS

create function private.queue_consultation_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.consultation_mails (consultation_id, kind)
  values (new.id, 'agency_notification'), (new.id, 'visitor_confirmation');
  return null;
end;
$$;

create trigger consultations_queue_mails
  after insert on public.consultations
  for each row execute function private.queue_consultation_mails();

revoke all on function private.queue_consultation_mails() from public;
