-- The owner's data rights (issue 16): deleting one's account, with the same server operation that deletes an
-- animal (DESIGN D10), and what a finder sees behind a medal whose animal is gone.
--
-- Medals are retired, not freed: a printed medal belongs to the animal it was given to. Freeing it would let
-- a stranger's new animal answer to an old medal that a finder may still scan, and would let whoever holds
-- an old medal activate it again. So a code whose animal was deleted stays used (codes.animal_id is set to
-- null, `used` stays true): code_status answers 'activated' (the portal's 'Code déjà activé'), and the public
-- profile answers 'retired', which the scan page says in French, with nothing of anyone.

-- Deletes one animal of p_owner in the caller's transaction and answers the names of all its files in the
-- animal-photos bucket: its folder {animal_id}/ and the owner's single photo {user_id}/{animal_id}.{ext}.
-- Its photo rows, messages, shared positions and page openings go with it (on delete cascade), and so do
-- the rate-limit windows named after it ('owner-mail:{id}', 'lost-view-mail:{id}'); its medal is retired.
-- The caller removes the files through the Storage API; one that dies first leaves them to sweep-photos.
create function private.delete_owned_animal(p_owner uuid, p_animal_id uuid) returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_files text[];
begin
  perform 1 from public.animals where id = p_animal_id and proprietaire_id = p_owner for update;
  if not found then
    return null;
  end if;
  -- An upload to the animal's folder that is under way holds this lock (enforce_photo_folder_cap) until it
  -- commits: wait for it, so that its file is in the list.
  perform pg_advisory_xact_lock(hashtextextended('storage.objects animal-photos ' || p_animal_id::text, 0));
  select coalesce(array_agg(o.name order by o.name collate "C"), '{}') into v_files
  from storage.objects o
  where o.bucket_id = 'animal-photos'
    and (starts_with(o.name, p_animal_id::text || '/')
      or o.name ~ ('^' || p_owner::text || '/' || p_animal_id::text || '\.[^/]+$'));
  delete from public.animals where id = p_animal_id;
  delete from public.rate_limit_hits where right(bucket, 37) = ':' || p_animal_id::text;
  return v_files;
end
$$;
revoke all on function private.delete_owned_animal(uuid, uuid) from public, anon, authenticated, service_role;

-- delete-animal's operation, now the shared one above.
create or replace function public.delete_animal(p_animal_id uuid) returns text[]
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
  v_files := private.delete_owned_animal(v_owner, p_animal_id);
  if v_files is null then
    raise sqlstate 'PT404' using message = 'Animal introuvable.';
  end if;
  return v_files;
end
$$;

-- delete-account's first step, with the caller's own token and the e-mail address they typed to confirm
-- (refused unless it is the account's own, whatever the case): every animal of the caller deleted as
-- delete_animal deletes one, in one transaction, and everything else of the user's folder {user_id}/ named
-- too. Answers the user's id (for GoTrue's admin API, which then deletes the account itself), the files to
-- remove through the Storage API, and the deleted animals' ids (their folders of finders' photos go too). Called again after a failure further on, it finds nothing left but
-- the account, and answers its id again.
create function public.delete_my_account_data(p_email text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := (select auth.uid());
  v_animal uuid;
  v_animals uuid[] := '{}';
  v_files text[] := '{}';
begin
  if v_owner is null then
    raise sqlstate 'PT401' using message = 'Connectez-vous pour supprimer votre compte.';
  end if;
  if not exists (
    select 1 from auth.users u where u.id = v_owner and lower(u.email) = lower(btrim(coalesce(p_email, '')))
  ) then
    raise sqlstate 'PT400' using message = 'L''adresse e-mail ne correspond pas à votre compte.';
  end if;
  for v_animal in
    select id from public.animals where proprietaire_id = v_owner order by id for update
  loop
    v_files := v_files || private.delete_owned_animal(v_owner, v_animal);
    v_animals := v_animals || v_animal;
  end loop;
  perform pg_advisory_xact_lock(hashtextextended('storage.objects animal-photos ' || v_owner::text, 0));
  v_files := v_files || coalesce((
    select array_agg(o.name order by o.name collate "C")
    from storage.objects o
    where o.bucket_id = 'animal-photos' and starts_with(o.name, v_owner::text || '/')
      and not (o.name = any (v_files))
  ), '{}');
  delete from public.rate_limit_hits where right(bucket, 37) = ':' || v_owner::text;
  return jsonb_build_object('user_id', v_owner, 'files', to_jsonb(v_files), 'animal_ids', to_jsonb(v_animals));
end
$$;
revoke all on function public.delete_my_account_data(text) from public, anon, service_role;
grant execute on function public.delete_my_account_data(text) to authenticated;

-- What a finder sees behind a code: 'retired' for a medal whose animal was deleted (used, and no animal),
-- instead of 'not_found', which told them to check a QR code that is right.
create or replace function public.public_profile(p_code text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when c.id is null or c.animal_id is null then
      case when c.id is not null and not c.used then jsonb_build_object('status', 'unclaimed', 'code', c.id)
           when c.id is not null then jsonb_build_object('status', 'retired', 'code', c.id)
           else jsonb_build_object('status', 'not_found', 'code', wanted.id) end
    else jsonb_build_object(
      'status', 'claimed',
      'code', c.id,
      'name', a.nom,
      'species', a.espece,
      'breed', a.race,
      'color', a.couleur,
      'sex', a.sexe,
      'sterilized', a.sterilise,
      'weight_kg', a.poids_kg,
      'birth_year', a.annee_naissance,
      'important_info', a.informations_importantes,
      'allergies', a.allergies,
      'meds', a.medications,
      'temperament', a.caractere,
      'vet_info', a.informations_veterinaires,
      'chip_or_tattoo', a.puce_ou_tatouage,
      'is_lost', a.is_lost,
      'photo_url', a.photo_url,
      'cover_photo_id', a.cover_photo_id,
      'last_known_location', case when a.last_known_lat is null then null else jsonb_build_object(
        'lat', a.last_known_lat, 'lon', a.last_known_lon, 'accuracy_m', a.last_known_accuracy_m, 'at', a.last_known_at
      ) end,
      'photos', coalesce((
        select jsonb_agg(
          jsonb_build_object('id', p.id, 'path', p.path, 'position', p.position, 'width', p.width, 'height', p.height)
          order by (p.id = a.cover_photo_id) desc, p.position, p.created_at
        )
        from public.animal_photos p where p.animal_id = a.id
      ), '[]'::jsonb),
      'show_public_phone', contact.phone is not null,
      'show_public_email', contact.email is not null,
      'show_public_address', contact.address_line is not null
    )
    || case when contact.phone is null then '{}'::jsonb else jsonb_build_object('public_phone', contact.phone) end
    || case when contact.email is null then '{}'::jsonb else jsonb_build_object('public_email', contact.email) end
    || case when contact.address_line is null then '{}'::jsonb
            else jsonb_build_object('public_address_line', contact.address_line, 'public_city', contact.city) end
  end
  from (select upper(btrim(p_code)) as id) wanted
  left join public.codes c on c.id = wanted.id
  left join public.animals a on a.id = c.animal_id
  left join lateral (
    select
      case when a.show_public_phone then nullif(btrim(a.public_phone), '') end as phone,
      case when a.show_public_email then nullif(btrim(a.public_email), '') end as email,
      case when a.show_public_address and nullif(btrim(a.public_city), '') is not null
           then nullif(btrim(a.public_address_line), '') end as address_line,
      btrim(a.public_city) as city
  ) contact on true
$$;
