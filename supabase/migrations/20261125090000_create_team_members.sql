-- Administrators by role, not by sign-in (docs/decisions/0012). Until now every policy let any
-- signed-in user do everything, so a hosted project with sign-ups on (Supabase's default) handed
-- every lead to whoever signed up. Access now comes from a row in team_members that only an
-- administrator (or SQL) can write:
--   admin   everything: leads and their mails, the blog, images, and the team itself
--   editor  the blog (posts, revisions) and its images; never leads
-- A signed-in user without a row sees and changes nothing but the public site's data.

-- TABLE

create table public.team_members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text not null
    constraint team_members_role_check check (role in ('admin', 'editor')),
  created_at timestamptz not null default now()
);

alter table public.team_members enable row level security;

-- Every user there was before this migration was an administrator (any sign-in was): they keep
-- that. Review the team once after upgrading a hosted project that had sign-ups on.
insert into public.team_members (user_id, role)
select id, 'admin' from auth.users
on conflict (user_id) do nothing;

-- FUNCTIONS

-- The caller's role on the team, read past team_members' own policies (security definer) so
-- those policies can use it too. In a schema of their own that signed-in users may use (policies
-- run as the caller) and that the data API does not serve; `private` stays closed to them.
create schema authz;
create function authz.team_role() returns text
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select m.role from public.team_members m where m.user_id = (select auth.uid())
$$;

create function authz.is_admin() returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(authz.team_role() = 'admin', false)
$$;

-- Admins and editors: who may write the blog.
create function authz.is_team_member() returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select authz.team_role() is not null
$$;

revoke all on function authz.team_role(), authz.is_admin(), authz.is_team_member()
  from public;
grant usage on schema authz to authenticated;
grant execute on function authz.team_role(), authz.is_admin(), authz.is_team_member()
  to authenticated;

-- RLS

revoke all on table public.team_members from anon, authenticated;
grant select, insert, update (role), delete on table public.team_members to authenticated;
grant all on table public.team_members to service_role;

create policy "Members can see their own role, and administrators the whole team."
  on public.team_members for select
  to authenticated
  using (user_id = (select auth.uid()) or (select authz.is_admin()));

create policy "Administrators can add members."
  on public.team_members for insert
  to authenticated
  with check ((select authz.is_admin()));

create policy "Administrators can change a member's role."
  on public.team_members for update
  to authenticated
  using ((select authz.is_admin()))
  with check ((select authz.is_admin()));

create policy "Administrators can remove members."
  on public.team_members for delete
  to authenticated
  using ((select authz.is_admin()));

-- Leads and their mails: administrators only. (select …) runs the check once per statement.
alter policy "Administrators can read consultations."
  on public.consultations using ((select authz.is_admin()));
alter policy "Administrators can update a lead's status and notes."
  on public.consultations using ((select authz.is_admin())) with check ((select authz.is_admin()));
alter policy "Administrators can delete leads."
  on public.consultations using ((select authz.is_admin()));
alter policy "Administrators can see how each lead's mails were delivered."
  on public.consultation_mails using ((select authz.is_admin()));

-- The blog and its images: administrators and editors.
alter policy "Administrators can read every post."
  on public.blog_posts using ((select authz.is_team_member()));
alter policy "Administrators can create posts."
  on public.blog_posts with check ((select authz.is_team_member()));
alter policy "Administrators can update posts."
  on public.blog_posts using ((select authz.is_team_member()))
  with check ((select authz.is_team_member()));
alter policy "Administrators can delete posts."
  on public.blog_posts using ((select authz.is_team_member()));
alter policy "Administrators can read revisions."
  on public.blog_post_revisions using ((select authz.is_team_member()));

alter policy "Administrators can upload blog images."
  on storage.objects with check (bucket_id = 'blog-images' and (select authz.is_team_member()));
alter policy "Administrators can replace blog images."
  on storage.objects using (bucket_id = 'blog-images' and (select authz.is_team_member()))
  with check (bucket_id = 'blog-images' and (select authz.is_team_member()));
alter policy "Administrators can delete blog images."
  on storage.objects using (bucket_id = 'blog-images' and (select authz.is_team_member()));

-- Their names say who may now.
alter policy "Administrators can read every post." on public.blog_posts
  rename to "Team members can read every post.";
alter policy "Administrators can create posts." on public.blog_posts
  rename to "Team members can create posts.";
alter policy "Administrators can update posts." on public.blog_posts
  rename to "Team members can update posts.";
alter policy "Administrators can delete posts." on public.blog_posts
  rename to "Team members can delete posts.";
alter policy "Administrators can read revisions." on public.blog_post_revisions
  rename to "Team members can read revisions.";
alter policy "Administrators can upload blog images." on storage.objects
  rename to "Team members can upload blog images.";
alter policy "Administrators can replace blog images." on storage.objects
  rename to "Team members can replace blog images.";
alter policy "Administrators can delete blog images." on storage.objects
  rename to "Team members can delete blog images.";
