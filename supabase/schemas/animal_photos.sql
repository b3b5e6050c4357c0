-- An animal's photos (docs/product/photos.md, docs/decisions/0010-multi-step-writes-on-server.md): at most 8, in the
-- owner's order, the first one the cover.
-- Their files live in the animal's own folder of the animal-photos bucket (storage.sql).
create table public.animal_photos (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  path text not null constraint animal_photos_path_dossier
    check (starts_with(path, animal_id::text || '/') and char_length(path) <= 512),
  width integer constraint animal_photos_width_positive check (width > 0),
  height integer constraint animal_photos_height_positive check (height > 0),
  position integer not null default 0 constraint animal_photos_position_positive check (position >= 0),
  created_at timestamptz not null default now(),
  -- Lets animals.cover_photo_id point only at one of the animal's own photos.
  constraint animal_photos_id_animal_key unique (id, animal_id)
);

create index animal_photos_animal_id_idx on public.animal_photos (animal_id, position);
-- The sweep looks up every stored file among the rows' paths.
create index animal_photos_path_idx on public.animal_photos (path);

-- The cover is one of the animal's own photos; deleting it leaves the animal without a cover.
alter table public.animals
  add constraint animals_cover_photo_fk foreign key (cover_photo_id, id)
  references public.animal_photos (id, animal_id) on delete set null (cover_photo_id);

-- Every member of the household sees an animal's photos; its owner and co-owners add, reorder and delete them.
-- animal_id is fixed once written; only the order changes (reorder_animal_photos, in owner_functions.sql).
alter table public.animal_photos enable row level security;
grant select, delete on public.animal_photos to authenticated;
grant insert (animal_id, path, width, height, position) on public.animal_photos to authenticated;
grant update (position) on public.animal_photos to authenticated;

create policy animal_photos_select_member on public.animal_photos
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy animal_photos_insert_editor on public.animal_photos
  for insert to authenticated
  with check (animal_id = any (array(select private.animals_i_edit())));

create policy animal_photos_update_editor on public.animal_photos
  for update to authenticated
  using (animal_id = any (array(select private.animals_i_edit())))
  with check (animal_id = any (array(select private.animals_i_edit())));

create policy animal_photos_delete_editor on public.animal_photos
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_edit())));

-- At most 8 photos per animal, whatever the client does (docs/product/limits.md).
create function public.enforce_photo_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Lock the animal so that concurrent uploads are counted one after the other.
  perform 1 from public.animals where id = new.animal_id for update;
  if (select count(*) from public.animal_photos where animal_id = new.animal_id) >= 8 then
    raise exception using
      errcode = 'check_violation',
      constraint = 'animal_photos_maximum',
      message = 'Maximum 8 photos autorisées';
  end if;
  return new;
end
$$;
revoke all on function public.enforce_photo_limit() from public;

create trigger animal_photos_enforce_limit
  before insert on public.animal_photos
  for each row execute function public.enforce_photo_limit();

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
revoke all on function private.place_new_photo_last() from public, anon, authenticated;

create trigger animal_photos_place_last
  before insert on public.animal_photos
  for each row execute function private.place_new_photo_last();

-- docs/product/photos.md: the first photo becomes the cover. Any new photo of an animal without a cover does (the cover
-- may have been deleted); an animal that has one keeps it. After the insert, as the cover must be a stored photo.
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
revoke all on function private.make_new_photo_cover() from public, anon, authenticated;

create trigger animal_photos_first_is_cover
  after insert on public.animal_photos
  for each row execute function private.make_new_photo_cover();
