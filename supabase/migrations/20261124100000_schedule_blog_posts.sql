-- Scheduled publishing (docs/decisions/0008). A published post whose publication date is still to
-- come is shown nowhere public until that moment: the rule is row-level, so it holds for every
-- reader of the API (the blog lists, post pages, sitemaps and feeds, and any hand-made request),
-- not only for the site's own queries. A draft may keep the publication date it had, so
-- unpublishing and republishing an old post does not move it to today (decision 8).

-- CONSTRAINTS

alter table public.blog_posts drop constraint blog_posts_published_date_check;
-- A published post always has a publication date; a draft may keep one.
alter table public.blog_posts add constraint blog_posts_published_date_check
  check (published_date is not null or not is_published);

-- RLS

drop policy "Anyone can read published posts." on public.blog_posts;

create policy "Anyone can read posts whose publication date has come."
  on public.blog_posts for select
  to anon
  using (is_published and published_date <= now());
