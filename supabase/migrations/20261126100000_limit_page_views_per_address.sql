-- What one address, and the whole site, can add to the page views in a day (decision 19). The
-- site's server records views through private.record_page_views() instead of inserting them, and
-- the function keeps, per Stockholm day:
--   per address    at most 200 rows and 2,000 views; past them, that address's views are not kept
--   per address    at most 10 distinct values each of utm_source, utm_medium, utm_campaign and
--                  referrer host; a further new value from that address that day is stored as
--                  '(other)'
--   for the site   at most 100,000 rows; past them, no more views are kept that day
-- The address is never stored: the server sends the first 16 hex digits of SHA-256 of the day's
-- salt (private.visit_salts) and the address (an IPv6 address by its /64), meaningless once the
-- salt is deleted at the end of the day; the counters go with it.

-- TABLES

-- What each address added today. The values it introduced are kept with it, to tell a value it
-- already used (kept) from a new one past its allowance (folded into '(other)').
create table private.page_view_address_days (
  day date not null,
  address text not null
    constraint page_view_address_days_address_check check (address ~ '^[0-9a-f]{16}$'),
  stored_rows integer not null default 0,
  stored_views integer not null default 0,
  utm_sources text[] not null default '{}',
  utm_mediums text[] not null default '{}',
  utm_campaigns text[] not null default '{}',
  referrer_hosts text[] not null default '{}',
  primary key (day, address)
);

-- Rows the whole site added each day.
create table private.page_view_site_days (
  day date primary key,
  stored_rows integer not null default 0
);

-- FUNCTIONS

-- A campaign value as one address may store it: a value it used today (in `seen`) as it is; a new
-- one, while it has used fewer than 10, as it is and added to `seen`; any other as '(other)'.
create function private.fold_visit_value(inout seen text[], inout value text)
  language plpgsql
  immutable
  set search_path = ''
as $$
begin
  if value is null or value = any(seen) then
    return;
  elsif cardinality(seen) < 10 then
    seen := seen || value;
  else
    value := '(other)';
  end if;
end;
$$;

revoke all on function private.fold_visit_value(text[], text) from public;

-- Stores a batch of page views (a JSON array of objects with the columns of public.page_views,
-- without id, plus `address`, the day's address key) within the limits above, in the order given.
-- Answers how many rows it stored; views past a limit are left out without an error.
create function private.record_page_views(batch jsonb)
returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v record;
  seen private.page_view_address_days;
  view_day date;
  counted integer;
  source text;
  medium text;
  campaign text;
  referrer text;
  stored integer := 0;
begin
  if batch is null or jsonb_typeof(batch) <> 'array' then
    raise exception 'The page views must be a JSON array.' using errcode = '22023';
  end if;
  for v in
    select * from jsonb_to_recordset(batch) as r(
      viewed_at timestamptz, visitor text, address text, path text, referrer_host text,
      utm_source text, utm_medium text, utm_campaign text, language text, device text,
      views integer)
  loop
    if v.address is null or v.address !~ '^[0-9a-f]{16}$' then
      raise exception 'Each page view needs its address key: 16 hex digits.' using errcode = '22023';
    end if;
    if v.viewed_at is null or v.views is null or v.views < 1 then
      raise exception 'Each page view needs its time and a count of at least 1.'
        using errcode = '22023';
    end if;
    view_day := (v.viewed_at at time zone 'Europe/Stockholm')::date;

    insert into private.page_view_address_days (day, address) values (view_day, v.address)
      on conflict do nothing;
    select * into seen from private.page_view_address_days a
      where a.day = view_day and a.address = v.address
      for update;
    continue when seen.stored_rows >= 200 or seen.stored_views >= 2000;

    insert into private.page_view_site_days (day) values (view_day) on conflict do nothing;
    update private.page_view_site_days s set stored_rows = s.stored_rows + 1
      where s.day = view_day and s.stored_rows < 100000;
    continue when not found;

    -- Each of the four campaign fields, against the values this address used today.
    select * into seen.utm_sources, source
      from private.fold_visit_value(seen.utm_sources, v.utm_source);
    select * into seen.utm_mediums, medium
      from private.fold_visit_value(seen.utm_mediums, v.utm_medium);
    select * into seen.utm_campaigns, campaign
      from private.fold_visit_value(seen.utm_campaigns, v.utm_campaign);
    select * into seen.referrer_hosts, referrer
      from private.fold_visit_value(seen.referrer_hosts, v.referrer_host);

    counted := least(v.views, 2000 - seen.stored_views);
    update private.page_view_address_days a
       set stored_rows = a.stored_rows + 1,
           stored_views = a.stored_views + counted,
           utm_sources = seen.utm_sources,
           utm_mediums = seen.utm_mediums,
           utm_campaigns = seen.utm_campaigns,
           referrer_hosts = seen.referrer_hosts
     where a.day = view_day and a.address = v.address;
    insert into public.page_views
      (viewed_at, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, language,
       device, views)
    values
      (v.viewed_at, v.visitor, v.path, referrer, source, medium, campaign, v.language, v.device,
       counted);
    stored := stored + 1;
  end loop;
  return stored;
end;
$$;

revoke all on function private.record_page_views(jsonb) from public;

-- The retention run of 20261125150000, now also deleting the counters of days that are over.
create or replace function private.delete_old_page_views(as_of timestamptz default now())
returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deleted integer;
  today date := (as_of at time zone 'Europe/Stockholm')::date;
begin
  delete from public.page_views where viewed_at < as_of - interval '26 months';
  get diagnostics deleted = row_count;
  delete from private.visit_salts where day < today;
  delete from private.page_view_address_days where day < today;
  delete from private.page_view_site_days where day < today;
  return deleted;
end;
$$;
