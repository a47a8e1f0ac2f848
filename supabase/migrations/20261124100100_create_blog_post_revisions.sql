-- Revision history of blog posts (docs/decisions/0008): every save that changes a post keeps the
-- version it replaced, with when and by whom that version was saved, so a writer can look back and
-- restore one. The revisions are written by a trigger, whoever saves and however (the blog manager,
-- a hand-made request to the API), and only signed-in users can read them. They go with their post.

-- TABLE

-- Who saved the post last: the e-mail of the signed-in user, set by the trigger below from the
-- request's token (null for the service role and for SQL run by hand, such as the demo posts).
alter table public.blog_posts add column updated_by text
  constraint blog_posts_updated_by_check check (char_length(updated_by) <= 320);

create table public.blog_post_revisions (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  -- When and by whom this version was saved: the post's updated_at and updated_by at the time.
  saved_at timestamptz not null,
  saved_by text,
  -- When a later save replaced it.
  replaced_at timestamptz not null default now(),
  title text not null,
  slug text not null,
  summary text not null,
  content text not null,
  hero_image_url text,
  author text not null,
  is_published boolean not null,
  language text not null,
  published_date timestamptz
);

alter table public.blog_post_revisions enable row level security;

-- INDEXES

-- A post's revisions, newest first.
create index blog_post_revisions_post_id_saved_at_idx
  on public.blog_post_revisions (post_id, saved_at desc);

-- RLS

revoke all on table public.blog_post_revisions from anon, authenticated;
grant select on table public.blog_post_revisions to authenticated;
grant all on table public.blog_post_revisions to service_role;

create policy "Administrators can read revisions."
  on public.blog_post_revisions for select
  to authenticated
  using (true);

-- TRIGGERS

-- The saver is the token's, never the request's: a client cannot sign a save with another name.
create function private.set_blog_post_saver() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_by := nullif(auth.jwt() ->> 'email', '');
  return new;
end;
$$;

create trigger blog_posts_set_saver
  before insert or update on public.blog_posts
  for each row execute function private.set_blog_post_saver();

-- Runs as its owner: the API roles may read revisions but never write them.
create function private.keep_blog_post_revision() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.blog_post_revisions (
    post_id, saved_at, saved_by, title, slug, summary, content, hero_image_url, author,
    is_published, language, published_date
  ) values (
    old.id, old.updated_at, old.updated_by, old.title, old.slug, old.summary, old.content,
    old.hero_image_url, old.author, old.is_published, old.language, old.published_date
  );
  return null;
end;
$$;

-- Only a change a writer made: moving a post into a translation group is not a new version.
create trigger blog_posts_keep_revision
  after update on public.blog_posts
  for each row
  when (
    (old.title, old.slug, old.summary, old.content, old.hero_image_url, old.author,
      old.is_published, old.language, old.published_date)
    is distinct from
    (new.title, new.slug, new.summary, new.content, new.hero_image_url, new.author,
      new.is_published, new.language, new.published_date)
  )
  execute function private.keep_blog_post_revision();

revoke all on function private.set_blog_post_saver() from public;
revoke all on function private.keep_blog_post_revision() from public;
