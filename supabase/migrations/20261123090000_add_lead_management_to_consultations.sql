-- The agency's leads inbox: a pipeline status and notes that only signed-in
-- administrators may set or read, the server's own receipt and last-activity times, and the
-- visit's attribution (UTM parameters, referrer, landing page) stored with each lead.

-- TABLE

alter table public.consultations
  add column status text not null default 'new'
    constraint consultations_status_check
    check (status in ('new', 'contacted', 'booked', 'won', 'lost')),
  add column notes text
    constraint consultations_notes_check check (char_length(notes) <= 10000),
  -- The server's clock, unlike created_at, which the visitor's browser sets:
  -- the duplicate rule and the inbox order use this one.
  add column received_at timestamptz not null default now(),
  -- Last activity: the insert, then every change an administrator makes. Retention counts from it.
  add column updated_at timestamptz not null default now(),
  add column utm_source text
    constraint consultations_utm_source_check check (char_length(utm_source) <= 300),
  add column utm_medium text
    constraint consultations_utm_medium_check check (char_length(utm_medium) <= 300),
  add column utm_campaign text
    constraint consultations_utm_campaign_check check (char_length(utm_campaign) <= 300),
  add column utm_term text
    constraint consultations_utm_term_check check (char_length(utm_term) <= 300),
  add column utm_content text
    constraint consultations_utm_content_check check (char_length(utm_content) <= 300),
  add column referrer text
    constraint consultations_referrer_check check (char_length(referrer) <= 2048),
  add column landing_page text
    constraint consultations_landing_page_check check (char_length(landing_page) <= 2048);

-- INDEXES

-- The inbox: newest first (a status filter reads the same index: an agency's leads number in the
-- thousands, not millions). Every index is paid for on each insert, so only these two.
create index consultations_received_at_idx on public.consultations (received_at desc);
-- The duplicate rule and the GDPR export look leads up by address, case-insensitively.
create index consultations_email_received_at_idx
  on public.consultations (lower(email), received_at desc);
-- Nothing orders or filters by the browser's created_at any more.
drop index public.consultations_created_at_idx;

-- RLS

-- Visitors (anon) may write only what the form sends; status, notes and the server's times are
-- out of their reach. Column grants, so a hand-made request naming them is refused (42501).
revoke insert, update, delete on table public.consultations from anon, authenticated;
grant insert (
  name, email, phone_number, problems, additional_info, company_name, how_found_us, language,
  created_at, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_page
) on table public.consultations to anon, authenticated;
grant update (status, notes) on table public.consultations to authenticated;
grant delete on table public.consultations to authenticated;

create policy "Administrators can update a lead's status and notes."
  on public.consultations for update
  to authenticated
  using (true)
  with check (true);

create policy "Administrators can delete leads."
  on public.consultations for delete
  to authenticated
  using (true);

-- TRIGGERS

-- Functions the API must never call live in a schema PostgREST does not expose.
create schema if not exists private;
revoke all on schema private from public;

-- Whitespace as JavaScript's trim() sees it: tabs, line breaks and no-break spaces too, which a
-- phone keyboard or a paste can put around an address.
create function private.trim_text(value text) returns text
  language sql
  immutable
as $$
  select pg_catalog.btrim(value, E' \t\n\r\f\u000b\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff')
$$;

-- Whatever the client sends, text is stored trimmed (a phone keyboard's trailing space included),
-- an empty additional_info or attribution field as null, and the times from the server's clock.
create function private.normalize_consultation() returns trigger
  language plpgsql
  security definer -- reaches private.trim_text, which the API roles cannot
  set search_path = ''
as $$
begin
  new.name := private.trim_text(new.name);
  new.email := private.trim_text(new.email);
  new.phone_number := private.trim_text(new.phone_number);
  new.problems := private.trim_text(new.problems);
  new.company_name := private.trim_text(new.company_name);
  new.additional_info := nullif(private.trim_text(new.additional_info), '');
  new.utm_source := nullif(private.trim_text(new.utm_source), '');
  new.utm_medium := nullif(private.trim_text(new.utm_medium), '');
  new.utm_campaign := nullif(private.trim_text(new.utm_campaign), '');
  new.utm_term := nullif(private.trim_text(new.utm_term), '');
  new.utm_content := nullif(private.trim_text(new.utm_content), '');
  new.referrer := nullif(private.trim_text(new.referrer), '');
  new.landing_page := nullif(private.trim_text(new.landing_page), '');
  new.received_at := now();
  new.updated_at := now();
  return new;
end;
$$;

create trigger consultations_normalize
  before insert on public.consultations
  for each row execute function private.normalize_consultation();

create function private.touch_consultation() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger consultations_touch
  before update on public.consultations
  for each row execute function private.touch_consultation();

revoke all on function
  private.trim_text(text), private.normalize_consultation(), private.touch_consultation()
  from public;
