-- Photo operations on the server (DESIGN D10): where a new photo goes and which one is the cover, deleting
-- an animal with the names of all its files, and the files a sweep may remove. Stored files are removed
-- through the Storage API only (the functions delete-animal and sweep-photos): hosted Supabase forbids
-- deleting rows of storage.objects in SQL, which would leave the bytes behind. Reading them is allowed.

-- One position rule for every client: a new photo goes after the animal's last one (0 for the first),
-- whatever position was sent. Under the lock on the animal that enforce_photo_limit takes too, so two
-- photos added at once are numbered one after the other and never share a position.
create function private.place_new_photo_last() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.animals where id = new.animal_id for update;
  new.position := coalesce((select max(p.position) + 1 from public.animal_photos p where p.animal_id = new.animal_id), 0);
  return new;
end
$$;

-- SPEC: the first photo becomes the cover. Any new photo of an animal without a cover does (the cover may
-- have been deleted); an animal that has one keeps it. After the insert, as the cover must be a stored photo.
create function private.make_new_photo_cover() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.animals set cover_photo_id = new.id where id = new.animal_id and cover_photo_id is null;
  return null;
end
$$;

revoke all on function private.place_new_photo_last() from public, anon, authenticated;
revoke all on function private.make_new_photo_cover() from public, anon, authenticated;

create trigger animal_photos_place_last
  before insert on public.animal_photos
  for each row execute function private.place_new_photo_last();

create trigger animal_photos_first_is_cover
  after insert on public.animal_photos
  for each row execute function private.make_new_photo_cover();

-- The sweep looks up every stored file among the rows' paths.
create index animal_photos_path_idx on public.animal_photos (path);

-- Deletes one of the caller's animals in one transaction (its photo rows, messages and shared positions go
-- with it; its medal code stays used and leads nowhere, as when an owner deleted it row by row) and answers
-- the names of all its files in the animal-photos bucket: its folder {animal_id}/ and the owner's single
-- photo {user_id}/{animal_id}.{ext}. The caller removes them through the Storage API; a caller that dies
-- before doing so leaves them to the sweep below. Someone else's animal is not found, as for
-- reorder_animal_photos.
create function public.delete_animal(p_animal_id uuid) returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := (select auth.uid());
  v_files text[];
begin
  if v_owner is null then
    raise sqlstate 'PT401' using message = 'Connectez-vous pour supprimer un animal.';
  end if;
  perform 1 from public.animals where id = p_animal_id and proprietaire_id = v_owner for update;
  if not found then
    raise sqlstate 'PT404' using message = 'Animal introuvable.';
  end if;
  -- An upload to the animal's folder that is under way holds this lock (enforce_photo_folder_cap) until it
  -- commits: wait for it, so that its file is in the list.
  perform pg_advisory_xact_lock(hashtextextended('storage.objects animal-photos ' || p_animal_id::text, 0));
  select coalesce(array_agg(o.name order by o.name collate "C"), '{}') into v_files
  from storage.objects o
  where o.bucket_id = 'animal-photos'
    and (starts_with(o.name, p_animal_id::text || '/')
      or o.name ~ ('^' || v_owner::text || '/' || p_animal_id::text || '\.[^/]+$'));
  delete from public.animals where id = p_animal_id;
  return v_files;
end
$$;

revoke all on function public.delete_animal(uuid) from public, anon, service_role;
grant execute on function public.delete_animal(uuid) to authenticated;

-- Files of the animal-photos bucket that nothing uses, oldest name first, at most p_limit: no photo row has
-- their path, and they are not the single photo {user_id}/{animal_id}.{ext} of an existing animal of that
-- user. Only files last written more than an hour ago: a file uploaded a moment ago may be waiting for its
-- row. For the sweep-photos function, which removes them through the Storage API.
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
