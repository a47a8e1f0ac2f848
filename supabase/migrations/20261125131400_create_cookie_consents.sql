-- The visitors' cookie choices (docs/decisions/0014): proof of consent, as GDPR art. 7(1) asks,
-- with nothing personal beyond a random consent ID the visitor's browser keeps (cookie_consent_id).
-- One row per choice made: accepting, rejecting, choosing, loading a sign-up frame or withdrawing.
-- Anyone may record a choice; nobody reads them through the API (the agency reads them in the
-- database). Kept two years from the choice, as the privacy policy says.

-- TABLE

create table public.cookie_consents (
  id bigint generated always as identity primary key,
  consent_id uuid not null,
  analytics boolean not null,
  marketing boolean not null,
  preferences boolean not null,
  -- Which text of the privacy policy the choice was made under (a digest of it).
  policy_version text not null
    constraint cookie_consents_policy_version_check check (policy_version ~ '^[0-9a-f]{8,64}$'),
  language text not null
    constraint cookie_consents_language_check check (language in ('en', 'sv')),
  -- Where the choice was made: the banner, the cookie settings page or a sign-up frame's button.
  source text not null
    constraint cookie_consents_source_check check (source in ('banner', 'settings', 'frame')),
  created_at timestamptz not null default now()
);

alter table public.cookie_consents enable row level security;

-- INDEXES

create index cookie_consents_consent_id_idx on public.cookie_consents (consent_id);
create index cookie_consents_created_at_idx on public.cookie_consents (created_at);

-- RLS

revoke all on table public.cookie_consents from anon, authenticated;
grant insert on table public.cookie_consents to anon, authenticated;
grant all on table public.cookie_consents to service_role;

-- A record is made now: nobody can backdate or postdate a choice.
create policy "Anyone can record a cookie choice made now."
  on public.cookie_consents for insert
  to anon, authenticated
  with check (created_at = now());

-- TRIGGERS

-- Retention without a scheduler: each new record deletes those past two years.
create function private.delete_old_cookie_consents() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from public.cookie_consents where created_at < now() - interval '2 years';
  return null;
end;
$$;

revoke all on function private.delete_old_cookie_consents() from public;

create trigger cookie_consents_retention
  after insert on public.cookie_consents
  for each statement execute function private.delete_old_cookie_consents();
