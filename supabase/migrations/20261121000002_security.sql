-- Who may see and change what (DESIGN D1, D4). Supabase grants everything in public to the API roles
-- by default: start from nothing, then grant back exactly what the product needs.

revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from public, anon, authenticated;

alter table public.animals enable row level security;
alter table public.animal_photos enable row level security;
alter table public.codes enable row level security;
alter table public.finder_messages enable row level security;
alter table public.scan_events enable row level security;

-- anon gets no table at all: finders reach public data only through get_public_profile.

-- Animals: an owner reads, edits and deletes their own. Animals are created only with a medal code,
-- through register_animal_with_code. The owner, the id and the finder-reported location are not
-- client-writable, so an animal cannot be moved to another owner.
grant select, delete on public.animals to authenticated;
grant update (
  nom, espece, race, couleur, annee_naissance, sexe, sterilise, poids_kg,
  informations_importantes, allergies, medications, caractere, informations_veterinaires, puce_ou_tatouage,
  photo_url, cover_photo_id, email_proprietaire, telephone_proprietaire,
  public_phone, public_email, public_address_line, public_city,
  show_public_phone, show_public_email, show_public_address, is_lost
) on public.animals to authenticated;

create policy animals_select_own on public.animals
  for select to authenticated
  using (proprietaire_id = (select auth.uid()));

create policy animals_update_own on public.animals
  for update to authenticated
  using (proprietaire_id = (select auth.uid()))
  with check (proprietaire_id = (select auth.uid()));

create policy animals_delete_own on public.animals
  for delete to authenticated
  using (proprietaire_id = (select auth.uid()));

-- Photos: rows of the owner's own animals. animal_id is fixed once written; only the order changes.
grant select, delete on public.animal_photos to authenticated;
grant insert (animal_id, path, width, height, position) on public.animal_photos to authenticated;
grant update (position) on public.animal_photos to authenticated;

create policy animal_photos_select_own on public.animal_photos
  for select to authenticated
  using (exists (
    select 1 from public.animals a where a.id = animal_photos.animal_id and a.proprietaire_id = (select auth.uid())
  ));

create policy animal_photos_insert_own on public.animal_photos
  for insert to authenticated
  with check (exists (
    select 1 from public.animals a where a.id = animal_photos.animal_id and a.proprietaire_id = (select auth.uid())
  ));

create policy animal_photos_update_own on public.animal_photos
  for update to authenticated
  using (exists (
    select 1 from public.animals a where a.id = animal_photos.animal_id and a.proprietaire_id = (select auth.uid())
  ))
  with check (exists (
    select 1 from public.animals a where a.id = animal_photos.animal_id and a.proprietaire_id = (select auth.uid())
  ));

create policy animal_photos_delete_own on public.animal_photos
  for delete to authenticated
  using (exists (
    select 1 from public.animals a where a.id = animal_photos.animal_id and a.proprietaire_id = (select auth.uid())
  ));

-- Codes: an owner sees the codes linked to their animals (the codes(id) embedding). Claiming a code
-- happens only in register_animal_with_code; code status comes from code_status().
grant select on public.codes to authenticated;

create policy codes_select_own on public.codes
  for select to authenticated
  using (exists (
    select 1 from public.animals a where a.id = codes.animal_id and a.proprietaire_id = (select auth.uid())
  ));

-- What finders sent: readable by the animal's owner; written only by the server functions (service_role).
grant select on public.finder_messages, public.scan_events to authenticated;

create policy finder_messages_select_own on public.finder_messages
  for select to authenticated
  using (exists (
    select 1 from public.animals a where a.id = finder_messages.animal_id and a.proprietaire_id = (select auth.uid())
  ));

create policy scan_events_select_own on public.scan_events
  for select to authenticated
  using (exists (
    select 1 from public.animals a where a.id = scan_events.animal_id and a.proprietaire_id = (select auth.uid())
  ));
