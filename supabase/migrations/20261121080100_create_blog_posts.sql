-- The blog: Markdown posts in English or Swedish, managed by signed-in administrators.

-- TABLE

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null
    constraint blog_posts_slug_check check (slug ~ '^[a-z0-9-]+$' and char_length(slug) <= 200),
  title text not null
    constraint blog_posts_title_check check (char_length(btrim(title)) between 1 and 300),
  summary text not null
    constraint blog_posts_summary_check check (char_length(btrim(summary)) between 1 and 1000),
  content text not null
    constraint blog_posts_content_check check (char_length(btrim(content)) between 1 and 100000),
  hero_image_url text
    constraint blog_posts_hero_image_url_check
    check (char_length(hero_image_url) <= 2048 and hero_image_url ~* '^https?://[^[:space:]]+$'),
  author text not null default 'Nordic Lead Agency Team'
    constraint blog_posts_author_check check (char_length(btrim(author)) between 1 and 200),
  is_published boolean not null default true,
  language text not null default 'english'
    constraint blog_posts_language_check check (language in ('english', 'swedish')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  published_date timestamptz,
  constraint blog_posts_slug_key unique (slug),
  -- A published post always has a publication date; a draft never does.
  constraint blog_posts_published_date_check check (is_published = (published_date is not null))
);

alter table public.blog_posts enable row level security;

-- INDEXES

-- The public lists: published posts of one language, newest first. Slug lookups use the
-- unique constraint's index.
create index blog_posts_published_language_date_idx
  on public.blog_posts (language, published_date desc)
  where is_published;

create index blog_posts_updated_at_idx on public.blog_posts (updated_at desc);

-- RLS

revoke all on table public.blog_posts from anon, authenticated;
grant select on table public.blog_posts to anon;
grant select, insert, update, delete on table public.blog_posts to authenticated;
grant all on table public.blog_posts to service_role;

create policy "Anyone can read published posts."
  on public.blog_posts for select
  to anon
  using (is_published);

create policy "Administrators can read every post."
  on public.blog_posts for select
  to authenticated
  using (true);

create policy "Administrators can create posts."
  on public.blog_posts for insert
  to authenticated
  with check (true);

create policy "Administrators can update posts."
  on public.blog_posts for update
  to authenticated
  using (true)
  with check (true);

create policy "Administrators can delete posts."
  on public.blog_posts for delete
  to authenticated
  using (true);
