-- The agency's own details: the company behind the site as the privacy policy, the
-- footer, the structured data and the lead mails name it, and the newsletter provider's form ids.
-- One row, written by an administrator in /admin/settings. Until it exists the site uses the
-- environment's values (AGENCY_*, NEWSLETTER_*), then app/config/site.ts's placeholders.
-- Everything here is shown on the public pages, so anyone may read it; only administrators write.

-- TABLE

create table public.agency_settings (
  -- Always true: the table holds one row at most.
  id boolean primary key default true
    constraint agency_settings_single_row check (id),
  legal_name text not null
    constraint agency_settings_legal_name_check check (char_length(legal_name) between 1 and 200),
  -- Organisationsnummer NNNNNN-NNNN; the last digit is a Luhn check digit, which the trigger checks.
  organisation_number text not null
    constraint agency_settings_organisation_number_check
      check (organisation_number ~ '^[0-9]{6}-[0-9]{4}$'),
  street_address text not null
    constraint agency_settings_street_address_check
      check (char_length(street_address) between 1 and 200),
  postal_code text not null
    constraint agency_settings_postal_code_check check (postal_code ~ '^[0-9]{3} [0-9]{2}$'),
  city text not null
    constraint agency_settings_city_check check (char_length(city) between 1 and 100),
  contact_email text not null
    constraint agency_settings_contact_email_check
      check (char_length(contact_email) <= 254
        and contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  phone text
    constraint agency_settings_phone_check check (phone ~ '^\+?[0-9][0-9 ()-]{4,28}[0-9]$'),
  facebook_url text
    constraint agency_settings_facebook_url_check
      check (char_length(facebook_url) <= 500 and facebook_url ~ '^https://[^[:space:]/]+\.[^[:space:]/]+(/[^[:space:]]*)?$'),
  linkedin_url text
    constraint agency_settings_linkedin_url_check
      check (char_length(linkedin_url) <= 500 and linkedin_url ~ '^https://[^[:space:]/]+\.[^[:space:]/]+(/[^[:space:]]*)?$'),
  instagram_url text
    constraint agency_settings_instagram_url_check
      check (char_length(instagram_url) <= 500 and instagram_url ~ '^https://[^[:space:]/]+\.[^[:space:]/]+(/[^[:space:]]*)?$'),
  -- MailerLite's account and form ids are digits; they become segments of the frame's URL.
  mailerlite_account_id text
    constraint agency_settings_mailerlite_account_id_check
      check (mailerlite_account_id ~ '^[0-9]{1,20}$'),
  newsletter_form_id_en text
    constraint agency_settings_newsletter_form_id_en_check
      check (newsletter_form_id_en ~ '^[0-9]{1,20}$'),
  newsletter_form_id_sv text
    constraint agency_settings_newsletter_form_id_sv_check
      check (newsletter_form_id_sv ~ '^[0-9]{1,20}$'),
  guide_form_id_en text
    constraint agency_settings_guide_form_id_en_check check (guide_form_id_en ~ '^[0-9]{1,20}$'),
  guide_form_id_sv text
    constraint agency_settings_guide_form_id_sv_check check (guide_form_id_sv ~ '^[0-9]{1,20}$'),
  updated_at timestamptz not null default now()
);

alter table public.agency_settings enable row level security;

-- FUNCTIONS

-- Trims what the client sends (an empty optional field becomes null), stamps the time, and
-- refuses an organisation number whose check digit is wrong, with a message that says so (the
-- format itself is the column's check constraint).
create function private.normalize_agency_settings() returns trigger
  language plpgsql
  security definer -- reaches private.trim_text, which the API roles cannot
  set search_path = ''
as $$
declare
  digits text;
  total int := 0;
  product int;
begin
  new.legal_name := private.trim_text(new.legal_name);
  new.organisation_number := private.trim_text(new.organisation_number);
  new.street_address := private.trim_text(new.street_address);
  new.postal_code := private.trim_text(new.postal_code);
  new.city := private.trim_text(new.city);
  new.contact_email := private.trim_text(new.contact_email);
  new.phone := nullif(private.trim_text(new.phone), '');
  new.facebook_url := nullif(private.trim_text(new.facebook_url), '');
  new.linkedin_url := nullif(private.trim_text(new.linkedin_url), '');
  new.instagram_url := nullif(private.trim_text(new.instagram_url), '');
  new.mailerlite_account_id := nullif(private.trim_text(new.mailerlite_account_id), '');
  new.newsletter_form_id_en := nullif(private.trim_text(new.newsletter_form_id_en), '');
  new.newsletter_form_id_sv := nullif(private.trim_text(new.newsletter_form_id_sv), '');
  new.guide_form_id_en := nullif(private.trim_text(new.guide_form_id_en), '');
  new.guide_form_id_sv := nullif(private.trim_text(new.guide_form_id_sv), '');
  new.updated_at := now();

  if new.organisation_number ~ '^[0-9]{6}-[0-9]{4}$' then
    digits := replace(new.organisation_number, '-', '');
    -- Luhn over all ten digits: every other digit from the first doubled, the sum a multiple of ten.
    for i in 1..10 loop
      product := substr(digits, i, 1)::int * (case when i % 2 = 1 then 2 else 1 end);
      total := total + product / 10 + product % 10;
    end loop;
    if total % 10 <> 0 then
      raise exception 'The organisation number % has the wrong check digit.', new.organisation_number
        using errcode = 'check_violation',
              constraint = 'agency_settings_organisation_number_check_digit',
              table = 'agency_settings',
              column = 'organisation_number';
    end if;
  end if;
  return new;
end;
$$;

revoke all on function private.normalize_agency_settings() from public;

-- TRIGGERS

create trigger agency_settings_normalize
  before insert or update on public.agency_settings
  for each row execute function private.normalize_agency_settings();

-- RLS

revoke all on table public.agency_settings from anon, authenticated;
grant select on table public.agency_settings to anon, authenticated;
grant insert, update on table public.agency_settings to authenticated;
grant all on table public.agency_settings to service_role;

create policy "Anyone can read the agency's details."
  on public.agency_settings for select
  to anon, authenticated
  using (id);

create policy "Administrators can save the agency's details."
  on public.agency_settings for insert
  to authenticated
  with check ((select authz.is_admin()));

create policy "Administrators can change the agency's details."
  on public.agency_settings for update
  to authenticated
  using ((select authz.is_admin()))
  with check ((select authz.is_admin()));

-- Supabase's MFA pattern, as for the leads and the team: a member with an authenticator app
-- confirms the session (aal2) before changing what every page shows.
create policy "Members with an authenticator app confirm it before saving the agency's details."
  on public.agency_settings as restrictive
  for insert
  to authenticated
  with check ((select authz.second_factor_satisfied()));

create policy "Members with an authenticator app confirm it before changing the agency's details."
  on public.agency_settings as restrictive
  for update
  to authenticated
  using ((select authz.second_factor_satisfied()))
  with check ((select authz.second_factor_satisfied()));
