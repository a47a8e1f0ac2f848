-- Leads from the "book a free strategy call" form.

-- TABLE

create table public.consultations (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint consultations_name_check check (char_length(btrim(name)) between 1 and 200),
  email text not null
    constraint consultations_email_check check (
      char_length(email) <= 320 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'
    ),
  phone_number text not null
    constraint consultations_phone_number_check check (char_length(btrim(phone_number)) between 1 and 50),
  problems text not null
    constraint consultations_problems_check check (char_length(btrim(problems)) between 20 and 5000),
  additional_info text
    constraint consultations_additional_info_check check (char_length(additional_info) <= 5000),
  company_name text not null
    constraint consultations_company_name_check check (char_length(btrim(company_name)) between 1 and 200),
  how_found_us text not null
    constraint consultations_how_found_us_check
    check (how_found_us in ('Facebook', 'LinkedIn', 'Google', 'Friend Referral')),
  language text not null default 'english'
    constraint consultations_language_check check (language in ('english', 'swedish')),
  created_at timestamptz not null default now()
);

alter table public.consultations enable row level security;

-- INDEXES

create index consultations_created_at_idx on public.consultations (created_at desc);

-- RLS

revoke all on table public.consultations from anon, authenticated;
grant insert on table public.consultations to anon, authenticated;
grant select on table public.consultations to authenticated;
grant all on table public.consultations to service_role;

create policy "Anyone can submit a consultation."
  on public.consultations for insert
  to anon, authenticated
  with check (true);

create policy "Administrators can read consultations."
  on public.consultations for select
  to authenticated
  using (true);
