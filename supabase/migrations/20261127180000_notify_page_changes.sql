-- Every copy of the server keeps rendered public pages in its page cache. A write to a table those
-- pages show, from whichever client (a copy's data API, the dashboard, psql), notifies the channel
-- `page_changes` once per statement with the table's name, and every copy listening empties its
-- cache (server/product/site/page-changes.ts, docs/decisions/0029-pages-fresh-on-every-copy.md).
-- A table a cached page comes to read gets the same trigger.

-- TRIGGERS

-- The payload is the table's name only: what changed, never the row. NOTIFY is transactional, so a
-- rolled-back write tells no one, and notices of one transaction arrive after its commit.
create function private.notify_page_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform pg_notify('page_changes', tg_table_name);
  return null;
end;
$$;

revoke all on function private.notify_page_change() from public;

create trigger blog_posts_notify_page_change
  after insert or update or delete or truncate on public.blog_posts
  for each statement execute function private.notify_page_change();

create trigger agency_settings_notify_page_change
  after insert or update or delete or truncate on public.agency_settings
  for each statement execute function private.notify_page_change();

create trigger booking_settings_notify_page_change
  after insert or update or delete or truncate on public.booking_settings
  for each statement execute function private.notify_page_change();
