-- Storage that cannot be filled: each top-level folder of the animal-photos bucket holds at most 8 files,
-- whatever rows exist. {animal_id}/ holds an animal's photos (SPEC section 9: 8 per animal, as the
-- animal_photos trigger counts rows); {user_id}/ holds an owner's own photos ({user_id}/{animal_id}.{ext},
-- or photos staged before an activation, 8 at most like the animal they are for). Replacing a file
-- (upsert) keeps the count, so a full folder can still be updated; a removed file frees its place.
--
-- A trigger rather than a policy: hosted Storage checks the policies with a trial insert made as the
-- caller and rolled back, stores the bytes, then writes the row as its own privileged role, which no
-- policy binds. A trigger runs for both inserts, and the lock it takes holds until the real insert
-- commits, so uploads racing for a folder's last place are counted one after the other.
-- The error is SQLSTATE 42501, which Storage answers as its AccessDenied (403) with this message.

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
