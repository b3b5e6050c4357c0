-- An owner's animal: what the portal edits and what a finder may see of it (docs/product/animals.md,
-- scan-page.md, limits.md).
-- Limits are those of docs/product/limits.md; constraint names are stable so that callers map them to French messages
-- (@medaille/domain's databaseErrorMessage). Created only with a medal code (register_animal_with_code).
create table public.animals (
  id uuid primary key default gen_random_uuid(),
  proprietaire_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The name goes into e-mails and page titles: no control character (tab and line breaks among them), line
  -- or paragraph separator, nor bidi embedding, override or isolate (hasLineOrBidiCharacters of @medaille/domain).
  nom text not null constraint animals_nom_requis check (char_length(btrim(nom)) between 1 and 100)
    constraint animals_nom_caracteres
      check (nom !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'),
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
  -- One of the animal's own photos (animals_cover_photo_fk, in animal_photos.sql).
  cover_photo_id uuid,
  -- The owner's own contacts: never shown to finders.
  email_proprietaire text constraint animals_email_proprietaire_longueur check (char_length(email_proprietaire) <= 254),
  telephone_proprietaire text constraint animals_telephone_proprietaire_longueur
    check (char_length(telephone_proprietaire) <= 32),
  -- The contacts a finder sees, each only while its switch is on (public_profile).
  public_phone text constraint animals_public_phone_longueur check (char_length(public_phone) <= 32),
  public_email text constraint animals_public_email_longueur check (char_length(public_email) <= 254),
  public_address_line text constraint animals_public_address_line_longueur check (char_length(public_address_line) <= 120),
  public_city text constraint animals_public_city_longueur check (char_length(public_city) <= 80),
  show_public_phone boolean not null default false,
  show_public_email boolean not null default false,
  show_public_address boolean not null default false,
  is_lost boolean not null default false,
  -- The last location a finder shared while the animal was lost (record_scan), shown under DERNIÈRE
  -- LOCALISATION; forgotten once it is found.
  last_known_lat double precision constraint animals_last_known_lat_plage check (last_known_lat between -90 and 90),
  last_known_lon double precision constraint animals_last_known_lon_plage check (last_known_lon between -180 and 180),
  last_known_accuracy_m double precision constraint animals_last_known_accuracy_positive check (last_known_accuracy_m >= 0),
  last_known_at timestamptz,
  date_creation timestamptz not null default now(),
  date_modification timestamptz not null default now(),
  -- One loss: since when, and which items of the owner's checklist are done (remembered for this loss only).
  lost_since timestamptz,
  lost_checklist text[] not null default '{}'
    constraint animals_lost_checklist_valeurs
    check (lost_checklist <@ array['icad', 'fourriere', 'veterinaires', 'affiche']::text[]),
  -- Someone else a finder may reach when the first number does not answer (a household member or anyone the
  -- owner chooses), each value only while its own switch is on (public_profile); the name says whom the
  -- finder calls. Last in the table because a migration added them (ALTER TABLE appends).
  second_contact_name text constraint animals_second_contact_name_longueur check (char_length(second_contact_name) <= 60),
  second_contact_phone text constraint animals_second_contact_phone_longueur
    check (char_length(second_contact_phone) <= 32),
  second_contact_email text constraint animals_second_contact_email_longueur
    check (char_length(second_contact_email) <= 254),
  show_second_contact_phone boolean not null default false,
  show_second_contact_email boolean not null default false
);

create index animals_proprietaire_id_idx on public.animals (proprietaire_id, date_creation desc);
create index animals_cover_photo_id_idx on public.animals (cover_photo_id, id);

-- Who answers for an animal (docs/decisions/0016-household.md): its owner, co-owners and keepers. The owner's row
-- mirrors animals.proprietaire_id (animals_owner_is_member below); co-owners ('co_owner') may do everything but delete
-- the animal, change its members or give it away; keepers ('keeper') see the animal, its inbox and history,
-- get its alerts and change nothing but its lost mode, until their last day, access_until, inclusive, in
-- Paris's calendar. Each member's alert choices go with their row. Joined by accepting an invitation
-- (household.sql); every change of a row is one of household.sql's functions, checked there.
create table public.animal_members (
  animal_id uuid not null references public.animals (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null constraint animal_members_role_valeurs check (role in ('owner', 'co_owner', 'keeper')),
  access_until date,
  -- The animal's alerts by e-mail (a finder's message, a shared position, its lost page opened).
  alert_email boolean not null default true,
  created_at timestamptz not null default now(),
  -- The health booklet's reminders by e-mail (a due date 7 days ahead, and on the day; booklet.sql).
  reminders_email boolean not null default true,
  primary key (animal_id, user_id),
  constraint animal_members_fin_gardien check ((role = 'keeper') = (access_until is not null))
);
create unique index animal_members_one_owner on public.animal_members (animal_id) where role = 'owner';
create index animal_members_user_id_idx on public.animal_members (user_id, animal_id);

-- Today in France: a keeper's last day ends at midnight in Paris, wherever the database runs.
create function private.today_in_paris() returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'Europe/Paris')::date
$$;
revoke all on function private.today_in_paris() from public, anon;
grant execute on function private.today_in_paris() to authenticated;

-- The animals the caller answers for in one of p_roles; a keeper past their last day, none. Security definer
-- so that the policies of animal_members itself can use it without recursing.
create function private.member_animals(p_roles text[]) returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select m.animal_id from public.animal_members m
  where m.user_id = (select auth.uid()) and m.role = any (p_roles)
    and (m.access_until is null or m.access_until >= private.today_in_paris());
end
$$;
revoke all on function private.member_animals(text[]) from public, anon;
grant execute on function private.member_animals(text[]) to authenticated;

-- The three sets every policy is written with (the README's table of who may do what).
create function private.animals_i_see() returns setof uuid
language sql stable set search_path = ''
as $$ select private.member_animals(array['owner', 'co_owner', 'keeper']) $$;
create function private.animals_i_edit() returns setof uuid
language sql stable set search_path = ''
as $$ select private.member_animals(array['owner', 'co_owner']) $$;
create function private.animals_i_own() returns setof uuid
language sql stable set search_path = ''
as $$ select private.member_animals(array['owner']) $$;
revoke all on function private.animals_i_see() from public, anon;
revoke all on function private.animals_i_edit() from public, anon;
revoke all on function private.animals_i_own() from public, anon;
grant execute on function private.animals_i_see() to authenticated;
grant execute on function private.animals_i_edit() to authenticated;
grant execute on function private.animals_i_own() to authenticated;

-- The owner is a member like the others, so that one rule reads every role.
create function private.add_owner_as_member() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.animal_members (animal_id, user_id, role) values (new.id, new.proprietaire_id, 'owner');
  return null;
end
$$;
revoke all on function private.add_owner_as_member() from public, anon, authenticated;

create trigger animals_owner_is_member
  after insert on public.animals
  for each row execute function private.add_owner_as_member();

-- A new owner (a transfer accepted, or the service role) takes the owner's row; a row they had as another
-- member goes.
create function private.move_owner_row() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.animal_members where animal_id = new.id and user_id = new.proprietaire_id;
  update public.animal_members set user_id = new.proprietaire_id, access_until = null
  where animal_id = new.id and role = 'owner';
  return null;
end
$$;
revoke all on function private.move_owner_row() from public, anon, authenticated;

create trigger animals_new_owner_is_member
  after update of proprietaire_id on public.animals
  for each row when (old.proprietaire_id is distinct from new.proprietaire_id)
  execute function private.move_owner_row();

-- Members read the rows of the animals they see (who else answers for it); a member changes only their own
-- alert and reminder choices. Everything else goes through household.sql's functions.
alter table public.animal_members enable row level security;
grant select on public.animal_members to authenticated;
grant update (alert_email, reminders_email) on public.animal_members to authenticated;

create policy animal_members_select_household on public.animal_members
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy animal_members_update_own_alerts on public.animal_members
  for update to authenticated
  using (user_id = (select auth.uid()) and animal_id = any (array(select private.animals_i_see())))
  with check (user_id = (select auth.uid()) and animal_id = any (array(select private.animals_i_see())));

-- Members read and edit the animal, a keeper only its lost mode (animals_keeper_changes_lost_mode_only); its
-- owner alone deletes it. The owner, the id and the finder-reported location are not client-writable, so an
-- animal cannot be moved to another owner. anon gets nothing: finders reach public data only through
-- get_public_profile.
alter table public.animals enable row level security;
grant select, delete on public.animals to authenticated;
grant update (
  nom, espece, race, couleur, annee_naissance, sexe, sterilise, poids_kg,
  informations_importantes, allergies, medications, caractere, informations_veterinaires, puce_ou_tatouage,
  photo_url, cover_photo_id, email_proprietaire, telephone_proprietaire,
  public_phone, public_email, public_address_line, public_city,
  show_public_phone, show_public_email, show_public_address, is_lost, lost_checklist,
  second_contact_name, second_contact_phone, second_contact_email, show_second_contact_phone,
  show_second_contact_email
) on public.animals to authenticated;

create policy animals_select_member on public.animals
  for select to authenticated
  using (id = any (array(select private.animals_i_see())));

create policy animals_update_member on public.animals
  for update to authenticated
  using (id = any (array(select private.animals_i_see())))
  with check (id = any (array(select private.animals_i_see())));

create policy animals_delete_owner on public.animals
  for delete to authenticated
  using (id = any (array(select private.animals_i_own())));

-- What a keeper may change: the lost switch and the loss's checklist (and what those move by themselves).
-- Everyone else's updates are the policies', grants' and functions' to decide.
create function private.keep_keepers_to_lost_mode() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lost_mode constant text[] := array[
    'is_lost', 'lost_checklist', 'lost_since', 'last_known_lat', 'last_known_lon', 'last_known_accuracy_m',
    'last_known_at', 'date_modification'
  ];
begin
  if new.id in (select private.member_animals(array['keeper']))
    and (to_jsonb(new) - lost_mode) is distinct from (to_jsonb(old) - lost_mode) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Un·e gardien·ne ne peut changer que le mode perdu.';
  end if;
  return new;
end
$$;
revoke all on function private.keep_keepers_to_lost_mode() from public, anon, authenticated;

create trigger animals_keeper_changes_lost_mode_only
  before update on public.animals
  for each row execute function private.keep_keepers_to_lost_mode();

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
revoke all on function public.touch_date_modification() from public;

create trigger animals_touch_date_modification
  before update on public.animals
  for each row execute function public.touch_date_modification();

-- Once found, the animal's page no longer shows where it was last seen: that place was for finders.
create function private.forget_public_location() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.is_lost and not new.is_lost then
    new.last_known_lat := null;
    new.last_known_lon := null;
    new.last_known_accuracy_m := null;
    new.last_known_at := null;
  end if;
  return new;
end
$$;
revoke all on function private.forget_public_location() from public, anon, authenticated;

create trigger animals_forget_public_location
  before update of is_lost on public.animals
  for each row execute function private.forget_public_location();

-- A loss starts with an empty checklist and ends by forgetting it.
create function private.track_loss() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_lost and not old.is_lost then
    new.lost_since := now();
    new.lost_checklist := '{}';
  elsif old.is_lost and not new.is_lost then
    new.lost_since := null;
    new.lost_checklist := '{}';
  end if;
  return new;
end
$$;
revoke all on function private.track_loss() from public, anon, authenticated;

create trigger animals_track_loss
  before update of is_lost on public.animals
  for each row execute function private.track_loss();

-- A phone as the portal saves it (@medaille/domain's e164Phone, with libphonenumber-js): the number its owner
-- meant, in E.164, France by default ('+33 (0)6 12 34 56 78' was called as +330612345678). Here, for
-- what reaches the table another way (the API called directly) and for the rows saved before: their common
-- forms ('06 12 34 56 78', '+33 (0)6 12 34 56 78', '+33 06 …', '0033 6 …', '+44 20 7946 0958'); anything else
-- is left as it is, and the finder's page links it as before.
create function private.phone_e164(p_phone text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(p_phone);
  v_digits text;
  v_number text;
begin
  if v_text is null or v_text !~ '^\+?[0-9[:space:]./()-]+$' then
    return p_phone;
  end if;
  -- After an international prefix, '(0)' is the trunk prefix, which nobody dials from abroad.
  if v_text ~ '^(\+|00)' then
    v_text := regexp_replace(v_text, '\([[:space:]]*0[[:space:]]*\)', '', 'g');
  end if;
  v_digits := regexp_replace(v_text, '[^0-9]', '', 'g');
  v_number := case
    when v_text like '+%' then '+' || v_digits
    when v_digits like '00%' then '+' || substr(v_digits, 3)
    when v_digits ~ '^0[1-9][0-9]{8}$' then '+33' || substr(v_digits, 2)
  end;
  -- France's trunk 0 written after its country code ('+33 06 …').
  v_number := regexp_replace(v_number, '^\+330([1-9][0-9]{8})$', '+33\1');
  if v_number ~ '^\+33[1-9][0-9]{8}$' or (v_number !~ '^\+33' and v_number ~ '^\+[1-9][0-9]{6,14}$') then
    return v_number;
  end if;
  return p_phone;
end
$$;
revoke all on function private.phone_e164(text) from public, anon, authenticated;

create function private.store_phones_e164() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.telephone_proprietaire := private.phone_e164(new.telephone_proprietaire);
  new.public_phone := private.phone_e164(new.public_phone);
  new.second_contact_phone := private.phone_e164(new.second_contact_phone);
  return new;
end
$$;
revoke all on function private.store_phones_e164() from public, anon, authenticated;

-- After animals_keeper_changes_lost_mode_only (triggers run by name): a keeper's update is judged as sent.
create trigger animals_phones_e164
  before insert or update of telephone_proprietaire, public_phone, second_contact_phone on public.animals
  for each row execute function private.store_phones_e164();
