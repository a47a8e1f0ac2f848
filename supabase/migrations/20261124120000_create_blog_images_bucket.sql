-- Images for the blog (hero images and pictures in posts): a public Storage bucket that anyone may
-- read and signed-in administrators fill. Runs unchanged on hosted Supabase (storage.buckets and
-- storage.objects are Storage's own, with row-level security already on) and on the embedded
-- backend (server/supabase/db/bootstrap.sql creates the same tables).

-- BUCKET

-- 5 MiB of JPEG, PNG, WebP or AVIF; Storage refuses anything else before keeping it.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'blog-images',
  'blog-images',
  true,
  5242880,
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
)
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- RLS

-- A public bucket's files are served to anyone by URL without any policy; this one lets the
-- client APIs (list, download, info) see them too.
create policy "Anyone can read blog images."
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'blog-images');

create policy "Administrators can upload blog images."
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'blog-images');

-- Replacing a file (upload with upsert) is an update of its row.
create policy "Administrators can replace blog images."
  on storage.objects for update
  to authenticated
  using (bucket_id = 'blog-images')
  with check (bucket_id = 'blog-images');

create policy "Administrators can delete blog images."
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'blog-images');
