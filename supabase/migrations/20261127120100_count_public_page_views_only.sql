-- The statistics count a visitor's views of public pages only (docs/decisions/0025-numbers-the-
-- owner-can-trust.md). The site's server stopped reporting the framework's own requests (the
-- route manifest, `.data` requests), the agency's pages and error pages as views; this keeps them
-- out of the database whichever writer sends them, and deletes those already stored. Deleting a
-- day's views forgets its rollups and queues it to be rolled up again
-- (20261126100100_roll_up_page_views), so every report reads the day without them.
-- A lead that names no source of its own (no campaign, no other site: a visitor who refused
-- cookies loses the landing page's campaign when they move on) takes the source of the same
-- visitor's first counted view that day, found by the day's visitor hash, so the funnel joins
-- the lead to the visit it came from.

-- FUNCTIONS

-- Whether a path is one of the site's public pages as the statistics count them: not the
-- framework's requests, not the agency's own pages, not a file.
create function private.is_public_page_path(path text) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select path like '/%'
     and path not like '/\_\_%'
     and path not like '%.data'
     and path !~ '^(/sv)?/(admin|login)(/|$)'
     and path !~ '^(/sv)?/blog/preview/'
     and path !~ '\.[A-Za-z0-9]{1,8}$'
$$;

revoke all on function private.is_public_page_path(text) from public;

-- Leaves out a view of anything but a public page (a before-insert trigger: nothing is stored).
create function private.skip_non_page_views() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if not private.is_public_page_path(new.path) then
    return null;
  end if;
  return new;
end;
$$;

revoke all on function private.skip_non_page_views() from public;

-- The source of the lead's visit, when the lead names none: the first view today (in any day
-- whose salt is still kept, the latest first) of the visitor with this address and browser.
create function private.take_visit_source() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  ip text;
  agent text;
  landing record;
begin
  if headers is null
     or nullif(btrim(new.utm_source), '') is not null
     or nullif(btrim(new.referrer), '') is not null then
    return new;
  end if;
  ip := nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), '');
  agent := left(coalesce(nullif(headers ->> 'x-visitor-user-agent', ''), headers ->> 'user-agent'), 512);
  if ip is null or agent is null then
    return new;
  end if;
  select v.utm_source, v.utm_medium, v.utm_campaign, v.referrer_host, v.path
    into landing
    from private.visit_salts s
    join public.page_views v
      on v.visitor = left(encode(sha256(convert_to(
           s.salt || E'\n' || ip || E'\n' || agent, 'UTF8')), 'hex'), 16)
   where v.viewed_at > now() - interval '2 days'
   order by s.day desc, v.viewed_at, v.id
   limit 1;
  if not found then
    return new;
  end if;
  new.utm_source := landing.utm_source;
  new.utm_medium := coalesce(new.utm_medium, landing.utm_medium);
  new.utm_campaign := coalesce(new.utm_campaign, landing.utm_campaign);
  if landing.utm_source is null and landing.referrer_host is not null then
    new.referrer := 'https://' || landing.referrer_host || '/';
  end if;
  new.landing_page := coalesce(new.landing_page, landing.path);
  return new;
end;
$$;

revoke all on function private.take_visit_source() from public;

-- TRIGGERS

create trigger page_views_public_pages_only
  before insert on public.page_views
  for each row execute function private.skip_non_page_views();

-- Before-insert triggers fire in name order: after consultations_guard has kept or dropped it.
create trigger consultations_take_visit_source
  before insert on public.consultations
  for each row execute function private.take_visit_source();

-- DATA

delete from public.page_views where not private.is_public_page_path(path);
