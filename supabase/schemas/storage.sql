-- Médaille's files in Supabase Storage (docs/product/photos.md). Two buckets, JPEG/PNG/WebP only:
-- - animal-photos, public (a single object downloads without a key; nobody may list the bucket, no policy lets
--   anon select): an animal's photos in {animal_id}/, an owner's own in {user_id}/ ({user_id}/{animal_id}.{ext},
--   or photos staged before an activation). 10 MB a file.
-- - finder-photos, private: the photo a finder sent with a message, {animal_id}/{uuid}.{ext}, that only the
--   animal's owner may read or delete. Only post_finder_message writes there, with the service role, once it
--   has checked the bytes and the limits. 5 MB a file.
-- - found-photos, public (as animal-photos, never listed): the photos of an animal found without a medal,
--   {folder}/{uuid}.jpg, which report-found alone writes, re-encoded as JPEG without metadata. 5 MB a file.
-- Stored files are removed through the Storage API only (delete-animal, delete-account, sweep-photos): hosted
-- Supabase forbids deleting rows of storage.objects in SQL, which would leave the bytes behind.
--
-- The buckets are rows, not schema: `supabase db diff` writes no migration for a change here; write its insert
-- or update into the migration by hand.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('animal-photos', 'animal-photos', true, 10485760, array['image/jpeg', 'image/png', 'image/webp']),
  ('finder-photos', 'finder-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('found-photos', 'found-photos', true, 5242880, array['image/jpeg'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- True when the caller's account still exists (a deleted account's token stays valid until it expires, an
-- hour) and the object's first folder is the caller's own user folder or one of the animals of p_animals
-- (the caller's, animals_i_see or animals_i_edit, {animal_id}/...). Security definer to read auth.users.
create function private.is_photo_folder_of(object_name text, p_animals uuid[]) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.users u where u.id = (select auth.uid()))
    and (
      (storage.foldername(object_name))[1] = (select auth.uid())::text
      or (storage.foldername(object_name))[1] = any (p_animals::text[])
    )
$$;
revoke all on function private.is_photo_folder_of(text, uuid[]) from public;
grant execute on function private.is_photo_folder_of(text, uuid[]) to authenticated;

-- The household lists an animal's photos; its owner and co-owners write them.
create policy animal_photos_objects_select_member on storage.objects
  for select to authenticated
  using (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_see())));

create policy animal_photos_objects_insert_editor on storage.objects
  for insert to authenticated
  with check (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_edit())));

create policy animal_photos_objects_update_editor on storage.objects
  for update to authenticated
  using (bucket_id = 'animal-photos' and private.is_photo_folder_of(name, array(select private.animals_i_edit())))
  with check (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_edit())));

create policy animal_photos_objects_delete_editor on storage.objects
  for delete to authenticated
  using (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_edit())));

-- Storage that cannot be filled: each top-level folder of the animal-photos bucket holds at most 8 files,
-- whatever rows exist (8 photos per animal, or staged for one). Replacing a file (upsert) keeps the count, so
-- a full folder can still be updated; a removed file frees its place.
--
-- A trigger rather than a policy: hosted Storage checks the policies with a trial insert made as the caller
-- and rolled back, stores the bytes, then writes the row as its own privileged role, which no policy binds. A
-- trigger runs for both inserts, and the lock it takes holds until the real insert commits, so uploads racing
-- for a folder's last place are counted one after the other. The error is SQLSTATE 42501, which Storage
-- answers as its AccessDenied (403) with this message.
create function private.enforce_photo_folder_cap() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  folder_cap constant integer := 8;
  folder text := (storage.foldername(new.name))[1];
begin
  if new.bucket_id <> 'animal-photos' or folder is null then
    return new;
  end if;
  -- A rename within its folder leaves the count as it was.
  if tg_op = 'UPDATE' and old.bucket_id = new.bucket_id
    and (storage.foldername(old.name))[1] is not distinct from folder then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('storage.objects animal-photos ' || folder, 0));
  -- Replacing a file of the folder (insert ... on conflict do update): no new file.
  if tg_op = 'INSERT' and exists (
    select 1 from storage.objects o where o.bucket_id = new.bucket_id and o.name = new.name
  ) then
    return new;
  end if;
  if (
    select count(*) from storage.objects o
    where o.bucket_id = new.bucket_id and starts_with(o.name, folder || '/')
  ) >= folder_cap then
    raise exception using
      errcode = 'insufficient_privilege',
      message = format('The folder %s/ already holds %s files, the most it may hold', folder, folder_cap);
  end if;
  return new;
end
$$;
revoke all on function private.enforce_photo_folder_cap() from public, anon, authenticated;

create trigger animal_photos_objects_folder_cap
  before insert or update of bucket_id, name on storage.objects
  for each row execute function private.enforce_photo_folder_cap();

-- The household reads the photos finders sent about their animals (with a message, or a sighting on a search
-- page); the owner and co-owners delete them with their messages. No policy lets anyone else (anon, another owner) read, list or write in this bucket.
create policy finder_photos_objects_select_member on storage.objects
  for select to authenticated
  using (bucket_id = 'finder-photos'
    and (storage.foldername(name))[1] = any (array(select private.animals_i_see())::text[]));

create policy finder_photos_objects_delete_editor on storage.objects
  for delete to authenticated
  using (bucket_id = 'finder-photos'
    and (storage.foldername(name))[1] = any (array(select private.animals_i_edit())::text[]));

-- The sweep (sweep-photos, with the service role) removes through the Storage API the files these two name.

-- Files of the animal-photos bucket that nothing uses, oldest name first, at most p_limit: no photo row has
-- their path, and they are not the single photo {user_id}/{animal_id}.{ext} of an existing animal of that
-- user. Only files last written more than an hour ago: a file uploaded a moment ago may be waiting for its row.
create function public.orphan_photo_files(p_limit integer default 1000) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(orphan.name order by orphan.name collate "C"), '{}')
  from (
    select o.name
    from storage.objects o
    left join lateral regexp_match(
      o.name,
      '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[^/]+$'
    ) single_photo(parts) on true
    where o.bucket_id = 'animal-photos'
      and greatest(o.created_at, o.updated_at) < now() - interval '1 hour'
      and not exists (select 1 from public.animal_photos p where p.path = o.name)
      and not exists (
        select 1 from public.animals a
        where a.id = single_photo.parts[2]::uuid and a.proprietaire_id = single_photo.parts[1]::uuid
      )
    order by o.name collate "C"
    limit greatest(p_limit, 0)
  ) orphan
$$;
revoke all on function public.orphan_photo_files(integer) from public, anon, authenticated;
grant execute on function public.orphan_photo_files(integer) to service_role;

-- Files of the finder-photos bucket that no message nor sighting names, oldest name first, at most p_limit: those of an
-- animal that no longer exists (deleted with its account or alone) at once, the others once last written
-- more than an hour ago (a file stored a moment ago may be waiting for its message).
create function public.orphan_finder_photo_files(p_limit integer default 1000) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(orphan.name order by orphan.name collate "C"), '{}')
  from (
    select o.name
    from storage.objects o
    where o.bucket_id = 'finder-photos'
      and not exists (select 1 from public.finder_messages m where m.photo_path = o.name)
      and not exists (select 1 from public.sightings v where v.photo_path = o.name)
      and (
        greatest(o.created_at, o.updated_at) < now() - interval '1 hour'
        or not exists (select 1 from public.animals a where a.id::text = (storage.foldername(o.name))[1])
      )
    order by o.name collate "C"
    limit greatest(p_limit, 0)
  ) orphan
$$;
revoke all on function public.orphan_finder_photo_files(integer) from public, anon, authenticated;
grant execute on function public.orphan_finder_photo_files(integer) to service_role;

-- Files of the found-photos bucket that no found report names, oldest name first, at most p_limit, once last
-- written more than an hour ago (report-found stores the files, then the report that names them).
create function public.orphan_found_photo_files(p_limit integer default 1000) returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(orphan.name order by orphan.name collate "C"), '{}')
  from (
    select o.name
    from storage.objects o
    where o.bucket_id = 'found-photos'
      and not exists (select 1 from public.found_report_photos p where p.path = o.name)
      and greatest(o.created_at, o.updated_at) < now() - interval '1 hour'
    order by o.name collate "C"
    limit greatest(p_limit, 0)
  ) orphan
$$;
revoke all on function public.orphan_found_photo_files(integer) from public, anon, authenticated;
grant execute on function public.orphan_found_photo_files(integer) to service_role;
