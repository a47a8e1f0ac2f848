-- After `npm run restore -- <backup> --database-url <hosted> --schemas public --replace`: the
-- accounts stay behind (hosted Supabase's auth is its own), so the public rows that name them are
-- treated as if those accounts had been deleted: members removed, lead owners and history authors
-- forgotten. Run in the project's SQL editor (docs/operations.md#moving-to-hosted-supabase).
begin;
-- The rows arrived as a replica's; their history triggers stay off for this clean-up too.
set local session_replication_role = replica;
update public.consultations set owner_id = null
 where owner_id is not null and owner_id not in (select id from auth.users);
update public.lead_events set author_id = null
 where author_id is not null and author_id not in (select id from auth.users);
update public.team_events set actor_id = null
 where actor_id is not null and actor_id not in (select id from auth.users);
update public.team_events set member_id = null
 where member_id is not null and member_id not in (select id from auth.users);
delete from public.team_members where user_id not in (select id from auth.users);
commit;
