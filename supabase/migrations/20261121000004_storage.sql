-- The animal-photos bucket (SPEC section 7): 10 MB, JPEG/PNG/WebP, public download of single objects.
-- No policy lets anon select, so nobody can list the bucket; owners write only in their folders.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('animal-photos', 'animal-photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

-- True when the object's first folder is one of the caller's animals ({animal_id}/...) or the caller's
-- own user folder ({user_id}/{animal_id}.{ext}, the single-photo upload).
create function private.is_own_photo_folder(object_name text) returns boolean
language sql
stable
set search_path = ''
as $$
  select (storage.foldername(object_name))[1] = (select auth.uid())::text
    or exists (
      select 1 from public.animals a
      where a.id::text = (storage.foldername(object_name))[1] and a.proprietaire_id = (select auth.uid())
    )
$$;

revoke all on function private.is_own_photo_folder(text) from public;
grant execute on function private.is_own_photo_folder(text) to authenticated;

create policy animal_photos_objects_select_own on storage.objects
  for select to authenticated
  using (bucket_id = 'animal-photos' and private.is_own_photo_folder(name));

create policy animal_photos_objects_insert_own on storage.objects
  for insert to authenticated
  with check (bucket_id = 'animal-photos' and private.is_own_photo_folder(name));

create policy animal_photos_objects_update_own on storage.objects
  for update to authenticated
  using (bucket_id = 'animal-photos' and private.is_own_photo_folder(name))
  with check (bucket_id = 'animal-photos' and private.is_own_photo_folder(name));

create policy animal_photos_objects_delete_own on storage.objects
  for delete to authenticated
  using (bucket_id = 'animal-photos' and private.is_own_photo_folder(name));
