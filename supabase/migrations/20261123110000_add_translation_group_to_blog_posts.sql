-- Translations of posts: posts that share a translation_group are one article in two
-- languages. The post pages name each other in hreflang, the sitemaps list them as alternates, and
-- the header's language toggle leads from one to the other.
--
-- A group holds at most one post per language. A post that joins a group takes its language's
-- place there, and the post that held it leaves the group, so the blog manager links a post to a
-- new counterpart with plain updates and a link is never left pointing at two posts.

-- TABLE

alter table public.blog_posts add column translation_group uuid;

-- INDEXES

-- One post per language in a group; also finds a post's twin.
create unique index blog_posts_translation_group_language_key
  on public.blog_posts (translation_group, language)
  where translation_group is not null;

-- TRIGGERS

-- Runs as the caller: only someone who may update posts can move one out of its group.
create function private.take_translation_place() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.translation_group is not null then
    update public.blog_posts
      set translation_group = null
      where translation_group = new.translation_group
        and language = new.language
        and id <> new.id;
  end if;
  return new;
end;
$$;

create trigger blog_posts_take_translation_place
  before insert or update of translation_group, language on public.blog_posts
  for each row execute function private.take_translation_place();

revoke all on function private.take_translation_place() from public;
