-- Médaille's tables: medal codes, animals, their photos, and what finders send.
-- Limits follow SPEC sections 5 and 9; constraint names are stable so callers can map them to French
-- messages (see @medaille/domain's databaseErrorMessage).

create table public.animals (
  id uuid primary key default gen_random_uuid(),
  proprietaire_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  nom text not null constraint animals_nom_requis check (char_length(btrim(nom)) between 1 and 100),
  espece text constraint animals_espece_longueur check (char_length(espece) <= 100),
  race text constraint animals_race_longueur check (char_length(race) <= 100),
  couleur text constraint animals_couleur_longueur check (char_length(couleur) <= 100),
  -- The upper bound moves with the calendar; it only ever widens, so existing rows stay valid.
  annee_naissance integer constraint animals_annee_naissance_plage
    check (annee_naissance between 1900 and date_part('year', current_date)),
  sexe text constraint animals_sexe_valeurs check (sexe in ('M', 'F')),
  sterilise boolean not null default false,
  poids_kg numeric(4, 1) constraint animals_poids_kg_positif check (poids_kg >= 0),
  informations_importantes text constraint animals_informations_importantes_longueur
    check (char_length(informations_importantes) <= 2000),
  allergies text constraint animals_allergies_longueur check (char_length(allergies) <= 2000),
  medications text constraint animals_medications_longueur check (char_length(medications) <= 2000),
  caractere text constraint animals_caractere_longueur check (char_length(caractere) <= 2000),
  informations_veterinaires text constraint animals_informations_veterinaires_longueur
    check (char_length(informations_veterinaires) <= 2000),
  puce_ou_tatouage text constraint animals_puce_ou_tatouage_longueur check (char_length(puce_ou_tatouage) <= 100),
  photo_url text constraint animals_photo_url_longueur check (char_length(photo_url) <= 2048),
  cover_photo_id uuid,
  email_proprietaire text constraint animals_email_proprietaire_longueur check (char_length(email_proprietaire) <= 254),
  telephone_proprietaire text constraint animals_telephone_proprietaire_longueur
    check (char_length(telephone_proprietaire) <= 32),
  public_phone text constraint animals_public_phone_longueur check (char_length(public_phone) <= 32),
  public_email text constraint animals_public_email_longueur check (char_length(public_email) <= 254),
  public_address_line text constraint animals_public_address_line_longueur check (char_length(public_address_line) <= 120),
  public_city text constraint animals_public_city_longueur check (char_length(public_city) <= 80),
  show_public_phone boolean not null default false,
  show_public_email boolean not null default false,
  show_public_address boolean not null default false,
  is_lost boolean not null default false,
  -- The last location a finder shared (record-scan), shown under DERNIÈRE LOCALISATION.
  last_known_lat double precision constraint animals_last_known_lat_plage check (last_known_lat between -90 and 90),
  last_known_lon double precision constraint animals_last_known_lon_plage check (last_known_lon between -180 and 180),
  last_known_accuracy_m double precision constraint animals_last_known_accuracy_positive check (last_known_accuracy_m >= 0),
  last_known_at timestamptz,
  date_creation timestamptz not null default now(),
  date_modification timestamptz not null default now()
);

create index animals_proprietaire_id_idx on public.animals (proprietaire_id, date_creation desc);
create index animals_cover_photo_id_idx on public.animals (cover_photo_id, id);

create table public.animal_photos (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  -- Files live in the animal's own folder of the animal-photos bucket.
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

alter table public.animals
  add constraint animals_cover_photo_fk foreign key (cover_photo_id, id)
  references public.animal_photos (id, animal_id) on delete set null (cover_photo_id);

create table public.codes (
  id text primary key constraint codes_id_format check (id ~ '^MDL-[A-Z0-9-]+$' and char_length(id) <= 64),
  used boolean not null default false,
  animal_id uuid constraint codes_animal_id_key unique references public.animals (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint codes_animal_implique_used check (animal_id is null or used)
);

-- A finder's message to the owner (post_finder_message).
create table public.finder_messages (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  code_id text not null references public.codes (id) on delete cascade,
  message text constraint finder_messages_message_longueur check (char_length(message) <= 300),
  contact text constraint finder_messages_contact_longueur check (char_length(contact) <= 254),
  created_at timestamptz not null default now(),
  constraint finder_messages_non_vide check (message is not null or contact is not null)
);

create index finder_messages_animal_id_idx on public.finder_messages (animal_id, created_at desc);
create index finder_messages_code_id_idx on public.finder_messages (code_id);

-- A location a finder shared with consent (record-scan).
create table public.scan_events (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  code_id text not null references public.codes (id) on delete cascade,
  lat double precision not null constraint scan_events_lat_plage check (lat between -90 and 90),
  lon double precision not null constraint scan_events_lon_plage check (lon between -180 and 180),
  accuracy_m double precision constraint scan_events_accuracy_positive check (accuracy_m >= 0),
  user_agent text constraint scan_events_user_agent_longueur check (char_length(user_agent) <= 512),
  consent boolean not null constraint scan_events_consentement check (consent),
  created_at timestamptz not null default now()
);

create index scan_events_animal_id_idx on public.scan_events (animal_id, created_at desc);
create index scan_events_code_id_idx on public.scan_events (code_id);
create index scan_events_created_at_idx on public.scan_events (created_at);

-- Keeps date_modification true whatever the client sends.
create function public.touch_date_modification() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.date_modification := now();
  return new;
end
$$;

create trigger animals_touch_date_modification
  before update on public.animals
  for each row execute function public.touch_date_modification();

-- At most 8 photos per animal, whatever the client does (SPEC section 9).
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

create trigger animal_photos_enforce_limit
  before insert on public.animal_photos
  for each row execute function public.enforce_photo_limit();
