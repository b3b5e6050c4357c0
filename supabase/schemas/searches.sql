-- A loss's public search page, /recherche/{id} (docs/decisions/0019-neighbourhood-search.md,
-- docs/product/search.md): made when the animal is marked lost, ended when it is found. Its id is the page's
-- address: 122 random bits, so nobody lists the searches by counting. What the public reads of it is
-- public_search's to decide (the search function's only door); the household reads and words it here.
create table public.searches (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  started_at timestamptz not null default now(),
  found_at timestamptz,
  -- The household's words for this loss ('porte un harnais rouge', 'craintif, ne pas courir après').
  description text constraint searches_description_longueur check (char_length(description) <= 500),
  -- When and roughly where it was last seen, as the public reads it: a place (a street and a commune) and an
  -- area around it (a centre and a radius), never the household's address or an exact point.
  last_seen_at timestamptz,
  last_seen_place text constraint searches_last_seen_place_longueur check (char_length(last_seen_place) <= 120),
  area_lat double precision constraint searches_area_lat_plage check (area_lat between -90 and 90),
  area_lon double precision constraint searches_area_lon_plage check (area_lon between -180 and 180),
  area_radius_m integer constraint searches_area_radius_plage check (area_radius_m between 300 and 5000),
  -- A stolen or fearful animal: its name is not shown (a thief learns nothing, nobody calls it).
  hide_name boolean not null default false,
  constraint searches_area_entiere check (
    (area_lat is null) = (area_lon is null) and (area_lat is null) = (area_radius_m is null)
  ),
  -- Words that go on a public page: no control, line-separator or bidi character, as the animal's name (written
  -- out, not a function of schema private: a check runs with the writer's rights, which on Supabase do not reach
  -- that schema for the service role).
  constraint searches_textes_caracteres check (
    coalesce(last_seen_place, '') !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
    and coalesce(description, '') !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
  ),
  -- The household's thanks, shown once the animal is found ('Retrouvé !') and told to the followers; last
  -- because a migration added it.
  thanks text
    constraint searches_thanks_longueur check (char_length(thanks) <= 300)
    constraint searches_thanks_caracteres
    check (thanks !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'),
  -- The animal's species, kept here by the triggers below: the walks nearest first through the open searches
  -- (found_reports.sql) then read no other table, at any size (docs/budgets.md).
  species text
);

-- One open search per animal; the ended ones stay until forgotten (purge_old_scan_events).
create unique index searches_one_open_per_animal on public.searches (animal_id) where found_at is null;
create index searches_animal_id_idx on public.searches (animal_id, started_at desc);
create index searches_found_at_idx on public.searches (found_at) where found_at is not null;
-- The open searches' areas, for the found reports near them (schemas/found_reports.sql says why GiST on a point).
create index searches_open_area_point_idx on public.searches using gist (point(area_lon, area_lat))
  where found_at is null and area_lat is not null;

-- The household reads its animals' searches and words the open one (a keeper too, while their access lasts:
-- the search is the lost mode's); rows are made and ended by the lost switch alone (below).
alter table public.searches enable row level security;
grant select on public.searches to authenticated;
grant update (description, last_seen_at, last_seen_place, area_lat, area_lon, area_radius_m, hide_name, thanks)
  on public.searches to authenticated;

create policy searches_select_member on public.searches
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy searches_update_member on public.searches
  for update to authenticated
  using (found_at is null and animal_id = any (array(select private.animals_i_see())))
  with check (found_at is null and animal_id = any (array(select private.animals_i_see())));

-- The lost switch opens a search and ends it: a new loss is a new page (the last one's sightings and
-- followers were about another day).
create function private.follow_loss_with_search() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_lost and (tg_op = 'INSERT' or not old.is_lost) then
    insert into public.searches (animal_id) values (new.id) on conflict do nothing;
  elsif tg_op = 'UPDATE' and old.is_lost and not new.is_lost then
    -- A theft's page stays while the theft lasts (thefts.sql ends it).
    update public.searches s set found_at = now()
    where s.animal_id = new.id and s.found_at is null
      and not exists (select 1 from public.thefts t where t.search_id = s.id and t.found_at is null);
  end if;
  return null;
end
$$;
revoke all on function private.follow_loss_with_search() from public, anon, authenticated;

create trigger animals_follow_loss_with_search
  after insert or update of is_lost on public.animals
  for each row execute function private.follow_loss_with_search();

-- A search takes its animal's species when it is made (by the lost switch or a theft's page), and follows it
-- when the household changes it.
create function private.search_takes_species() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.species := (select a.espece from public.animals a where a.id = new.animal_id);
  return new;
end
$$;
revoke all on function private.search_takes_species() from public, anon, authenticated;

create trigger searches_take_species
  before insert on public.searches
  for each row execute function private.search_takes_species();

create function private.searches_follow_species() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.searches set species = new.espece where animal_id = new.id;
  return null;
end
$$;
revoke all on function private.searches_follow_species() from public, anon, authenticated;

create trigger animals_searches_follow_species
  after update of espece on public.animals
  for each row when (new.espece is distinct from old.espece)
  execute function private.searches_follow_species();

-- What a passer-by said on a search page (report-sighting): 'seen' ('Je l'ai vu') or 'with_me' ('Je l'ai avec
-- moi'), where (a place typed, and the phone's position when they shared it), when, and their words. The
-- household reads them, hides one from the page or deletes it; the public reads those not hidden
-- (public_search), never a position nor anything of who said it (client_hash is the functions' own keyed hash,
-- for their limits).
create table public.sightings (
  id uuid primary key default gen_random_uuid(),
  search_id uuid not null references public.searches (id) on delete cascade,
  animal_id uuid not null references public.animals (id) on delete cascade,
  kind text not null constraint sightings_kind_valeurs check (kind in ('seen', 'with_me')),
  seen_at timestamptz not null default now(),
  place text constraint sightings_place_longueur check (char_length(place) <= 120),
  words text constraint sightings_words_longueur check (char_length(words) <= 500),
  lat double precision constraint sightings_lat_plage check (lat between -90 and 90),
  lon double precision constraint sightings_lon_plage check (lon between -180 and 180),
  created_at timestamptz not null default now(),
  hidden_at timestamptz,
  client_hash text,
  -- 'Je l'ai avec moi': the masked conversation it opened with the household (open_sighting_conversation).
  conversation_id uuid references public.conversations (id) on delete set null,
  -- A photo the passer-by joined, for the household alone: a file of the private finder-photos bucket in the
  -- animal's folder, {animal_id}/{uuid}.{ext}, as a finder's message's (storage.sql); removed by the sweep once
  -- no row names it.
  photo_path text
    constraint sightings_photo_path_format
    check (photo_path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$')
    constraint sightings_photo_path_unique unique,
  constraint sightings_photo_in_animal_folder
    check (photo_path is null or starts_with(photo_path, animal_id::text || '/')),
  -- 'Signaler un abus': a member reported it (it is hidden too); the operators count them (operator_status), and
  -- its passer-by sends no more sightings to this search for the day (client_hash is a day's). Last because a
  -- migration added it.
  reported_at timestamptz,
  constraint sightings_position_entiere check ((lat is null) = (lon is null)),
  constraint sightings_textes_caracteres check (
    coalesce(place, '') !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
    and coalesce(words, '') !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
  )
);

create index sightings_search_id_idx on public.sightings (search_id, created_at desc);
create index sightings_animal_id_idx on public.sightings (animal_id, created_at desc);
create index sightings_conversation_id_idx on public.sightings (conversation_id);

-- The household reads every sighting (never who said it), any member hides or shows one, its editors delete one.
alter table public.sightings enable row level security;
grant select (
  id, search_id, animal_id, kind, seen_at, place, words, lat, lon, created_at, hidden_at, conversation_id, photo_path,
  reported_at
) on public.sightings to authenticated;
grant update (hidden_at, reported_at) on public.sightings to authenticated;
grant delete on public.sightings to authenticated;

create policy sightings_select_member on public.sightings
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy sightings_update_member on public.sightings
  for update to authenticated
  using (animal_id = any (array(select private.animals_i_see())))
  with check (animal_id = any (array(select private.animals_i_see())));

create policy sightings_delete_editor on public.sightings
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_edit())));

-- The distance in metres between two points on the Earth (haversine, a sphere of 6,371 km: enough to say
-- 'some 300 m away'). No fixed search_path (every function is qualified, and it is not security definer):
-- PostgreSQL then inlines it into its caller, which measures up to 100 candidates with it; called as a function
-- it cost some 20 µs each, most of a found animal's page at the national size (docs/budgets.md).
create function private.distance_m(p_lat1 double precision, p_lon1 double precision, p_lat2 double precision,
  p_lon2 double precision) returns double precision
language sql
immutable
as $$
  select 2 * 6371000 * pg_catalog.asin(pg_catalog.sqrt(
    pg_catalog.power(pg_catalog.sin(pg_catalog.radians(p_lat2 - p_lat1) / 2), 2)
    + pg_catalog.cos(pg_catalog.radians(p_lat1)) * pg_catalog.cos(pg_catalog.radians(p_lat2))
      * pg_catalog.power(pg_catalog.sin(pg_catalog.radians(p_lon2 - p_lon1) / 2), 2)
  ))
$$;
revoke all on function private.distance_m(double precision, double precision, double precision, double precision)
  from public, anon, authenticated;

-- What anyone may read of a search, by its id: the animal as a passer-by recognises it (never the household's
-- name, address, phone or e-mail, nor the animal's health), the household's words, the last-seen place and
-- its area (its centre rounded to some 100 m, so that the circle never points at a door), and whether it was
-- found. A search found more than 90 days ago is forgotten: not found, as an id that never was.
create function public.public_search(p_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
  select coalesce((
    select jsonb_build_object(
      'status', case when s.found_at is null then 'searching' else 'found' end,
      'id', s.id,
      'name', case when s.hide_name then null else a.nom end,
      'species', a.espece,
      'breed', a.race,
      'color', a.couleur,
      'sex', a.sexe,
      'birth_year', a.annee_naissance,
      'temperament', a.caractere,
      'started_at', s.started_at,
      'found_at', s.found_at,
      'thanks', case when s.found_at is null then null else s.thanks end,
      'description', s.description,
      'last_seen_at', s.last_seen_at,
      'last_seen_place', s.last_seen_place,
      'area', case when s.area_lat is null then null else jsonb_build_object(
        'lat', round(s.area_lat::numeric, 3), 'lon', round(s.area_lon::numeric, 3), 'radius_m', s.area_radius_m
      ) end,
      'photos', coalesce((
        select jsonb_agg(
          jsonb_build_object('id', p.id, 'path', p.path, 'width', p.width, 'height', p.height)
          order by (p.id = a.cover_photo_id) desc, p.position, p.created_at
        )
        from public.animal_photos p where p.animal_id = a.id
      ), '[]'::jsonb),
      -- The latest sightings the household has not hidden, while it searches: when, the place typed, the words,
      -- and how far from the area's centre to the nearest 100 m, never the position itself.
      'sightings', case when s.found_at is null then coalesce((
        select jsonb_agg(
          jsonb_build_object(
            'kind', v.kind, 'seen_at', v.seen_at, 'place', v.place, 'words', v.words,
            'distance_m', case when v.lat is null or s.area_lat is null then null
              else round(private.distance_m(v.lat, v.lon, s.area_lat, s.area_lon) / 100) * 100 end
          ) order by v.seen_at desc
        )
        from (
          select * from public.sightings x where x.search_id = s.id and x.hidden_at is null
          order by x.seen_at desc limit 20
        ) v
      ), '[]'::jsonb) else '[]'::jsonb end
    )
    from public.searches s
    join public.animals a on a.id = s.animal_id
    where s.id = p_id and (s.found_at is null or s.found_at > now() - interval '90 days')
  ), jsonb_build_object('status', 'not_found'))
  );
end
$$;
revoke all on function public.public_search(uuid) from public, anon, authenticated;
grant execute on function public.public_search(uuid) to service_role;

-- For report-sighting: the folder a sighting's photo is stored in before the sighting (the animal's id, as
-- finder_photo_folder's), while its search is open; else null.
create function public.sighting_photo_folder(p_search_id uuid) returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select s.animal_id from public.searches s where s.id = p_search_id and s.found_at is null
$$;
revoke all on function public.sighting_photo_folder(uuid) from public, anon, authenticated;
grant execute on function public.sighting_photo_folder(uuid) to service_role;

-- For report-sighting: stores a sighting on an open search and says whom to tell, as a finder's message does
-- (the household's alert recipients, within the same e-mail limits, owner_mail_answer). A search that ended or
-- never was: 'not_found' (the caller then removes the photo's file); a client whose sighting on it the household
-- reported as abusive today: 'reported'. A time more than 5 minutes ahead is
-- refused (the phone's clock may run a little fast). p_photo_path: the photo's file, already stored in the
-- animal's folder (sighting_photo_folder).
create function public.record_sighting(
  p_search_id uuid,
  p_kind text,
  p_place text,
  p_seen_at timestamptz,
  p_words text,
  p_lat double precision,
  p_lon double precision,
  p_client_hash text,
  p_photo_path text default null
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_search public.searches;
  v_animal public.animals;
  v_sighting_id uuid;
begin
  select * into v_search from public.searches where id = p_search_id and found_at is null;
  if v_search.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p_seen_at > now() + interval '5 minutes' then
    return jsonb_build_object('status', 'seen_in_future');
  end if;
  if exists (
    select 1 from public.sightings v
    where v.search_id = p_search_id and v.client_hash = p_client_hash and v.reported_at is not null
  ) then
    return jsonb_build_object('status', 'reported');
  end if;
  select * into v_animal from public.animals where id = v_search.animal_id;
  if p_photo_path is not null and not exists (
    select 1 from storage.objects o where o.bucket_id = 'finder-photos' and o.name = p_photo_path
  ) then
    raise exception 'sighting photo % is not stored', p_photo_path;
  end if;
  insert into public.sightings (search_id, animal_id, kind, seen_at, place, words, lat, lon, client_hash, photo_path)
  values (
    v_search.id, v_animal.id, p_kind, coalesce(p_seen_at, now()), nullif(btrim(p_place), ''),
    nullif(btrim(p_words), ''), p_lat, p_lon, p_client_hash, p_photo_path
  )
  returning id into v_sighting_id;
  return jsonb_build_object(
    'status', 'recorded',
    'sighting_id', v_sighting_id,
    'code', coalesce((select c.id from public.codes c where c.animal_id = v_animal.id order by c.created_at limit 1), ''),
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'animal_sex', v_animal.sexe,
    'recipients', private.alert_recipients(v_animal.id)
  ) || private.owner_mail_answer(v_animal, p_client_hash);
end
$$;
revoke all on function public.record_sighting(
  uuid, text, text, timestamptz, text, double precision, double precision, text, text
) from public, anon, authenticated;
grant execute on function public.record_sighting(
  uuid, text, text, timestamptz, text, double precision, double precision, text, text
) to service_role;

-- 'Je l'ai avec moi' on a search page opens the masked conversation a medal's finder has
-- (docs/decisions/0017-finder-owner-conversation.md): for report-sighting, once the sighting is stored, a conversation
-- with the household in the passer-by's language, its first message theirs in the inbox (the place and their
-- words, cut at the inbox's 300 characters: the sighting keeps them whole), as 'Je l'ai avec moi'. Answers the
-- passer-by's link token, or null: not a 'with_me' sighting of an open search, one that has its conversation
-- already, or an animal without a medal code to file it under.
create function public.open_sighting_conversation(p_sighting_id uuid, p_language text) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_sighting public.sightings;
  v_code text;
  v_text text;
  v_conversation public.conversations;
begin
  select v.* into v_sighting from public.sightings v
  join public.searches s on s.id = v.search_id and s.found_at is null
  where v.id = p_sighting_id and v.kind = 'with_me' and v.conversation_id is null
  for update of v;
  select c.id into v_code from public.codes c where c.animal_id = v_sighting.animal_id order by c.created_at limit 1;
  if v_sighting.id is null or v_code is null then
    return null;
  end if;
  insert into public.conversations (animal_id, code_id, token, language, search_id)
  values (
    v_sighting.animal_id, v_code, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), p_language,
    v_sighting.search_id
  )
  returning * into v_conversation;
  v_text := nullif(concat_ws(' · ', v_sighting.place, v_sighting.words), '');
  insert into public.finder_messages (animal_id, code_id, message, conversation_id, finder_status)
  values (
    v_sighting.animal_id, v_code,
    case when char_length(v_text) > 300 then left(v_text, 299) || '…' else v_text end,
    v_conversation.id, 'with_me'
  );
  update public.sightings set conversation_id = v_conversation.id where id = v_sighting.id;
  return v_conversation.token;
end
$$;
revoke all on function public.open_sighting_conversation(uuid, text) from public, anon, authenticated;
grant execute on function public.open_sighting_conversation(uuid, text) to service_role;
