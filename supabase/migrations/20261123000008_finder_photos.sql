-- The finder's photo of the animal they found (issue 17): one photo with a message, stored in a private
-- bucket under the animal's folder, {animal_id}/{uuid}.{ext}, that only the animal's owner may read (or
-- delete). Only post_finder_message writes there, with the service role, once it has checked the bytes and
-- the limits; the message row names its file (finder_messages.photo_path).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('finder-photos', 'finder-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

alter table public.finder_messages
  add column photo_path text
    constraint finder_messages_photo_path_format
    check (photo_path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$'),
  add constraint finder_messages_photo_path_unique unique (photo_path),
  -- The file lies in the folder of the message's own animal.
  add constraint finder_messages_photo_in_animal_folder
    check (photo_path is null or starts_with(photo_path, animal_id::text || '/'));

-- True when the object's first folder is one of the caller's animals.
create function private.is_own_animal_folder(object_name text) returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.animals a
    where a.id::text = (storage.foldername(object_name))[1] and a.proprietaire_id = (select auth.uid())
  )
$$;
revoke all on function private.is_own_animal_folder(text) from public;
grant execute on function private.is_own_animal_folder(text) to authenticated;

-- The owner reads the photos finders sent about their animals, and may delete them with their messages.
-- No policy lets anyone else (anon, another owner) read, list or write in this bucket.
create policy finder_photos_objects_select_own on storage.objects
  for select to authenticated
  using (bucket_id = 'finder-photos' and private.is_own_animal_folder(name));

create policy finder_photos_objects_delete_own on storage.objects
  for delete to authenticated
  using (bucket_id = 'finder-photos' and private.is_own_animal_folder(name));

-- The folder a finder's photo for this code goes to: the id of the live code's animal, or null.
create function public.finder_photo_folder(p_code text) returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select (private.animal_of_live_code(upper(btrim(p_code)))).id
$$;
revoke all on function public.finder_photo_folder(text) from public, anon, authenticated;
grant execute on function public.finder_photo_folder(text) to service_role;

-- record_finder_message with the photo's file, already stored, in the animal's folder. Null when the code
-- leads to no live animal (any more): the caller then removes the file. The answer also names the animal,
-- for the link to its inbox in the owner's e-mail.
drop function public.record_finder_message(text, text, text);
create function public.record_finder_message(
  p_code text,
  p_message text,
  p_contact text,
  p_photo_path text default null
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
begin
  if v_animal.id is null then
    return null;
  end if;
  if p_photo_path is not null and not exists (
    select 1 from storage.objects o where o.bucket_id = 'finder-photos' and o.name = p_photo_path
  ) then
    raise exception 'finder photo % is not stored', p_photo_path;
  end if;
  insert into public.finder_messages (animal_id, code_id, message, contact, photo_path)
  values (v_animal.id, v_code, p_message, p_contact, p_photo_path);
  return jsonb_build_object(
    'code', v_code,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id),
    'notify', private.owner_mail_allowed(v_animal.id)
  );
end
$$;
revoke all on function public.record_finder_message(text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_finder_message(text, text, text, text) to service_role;

-- Files of the finder-photos bucket that no message names, oldest name first, at most p_limit: those of an
-- animal that no longer exists (deleted with its account or alone) at once, the others once last written
-- more than an hour ago (a file stored a moment ago may be waiting for its message). For sweep-photos.
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
