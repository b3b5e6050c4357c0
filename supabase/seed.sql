-- Demo data for the local stack: a demo owner (demo@medaille.test / medaille-demo) with two animals,
-- one of them lost, and a few medal codes. Scan /MDL-DEMO-REX or /MDL-DEMO-MIMI, activate MDL-DEMO-FREE1.
-- The photos' files are in supabase/seed-photos/animal-photos/{name}: the bucket's objects_path in
-- config.toml, which the Supabase CLI uploads (seed buckets) and the local stack stores when it seeds.

-- GoTrue reads these token columns as strings: they must be '' rather than NULL, or the demo cannot sign in.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
  'demo@medaille.test', '$2b$10$mpaF6SpvVHdufSDfIzZidewCu.DhoWuXIkZKRRT7XbljWm3rGdtiy', now(),
  '', '', '', '',
  '{"provider": "email", "providers": ["email"]}', '{}', now(), now()
);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values (
  'a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
  '{"sub": "a0000000-0000-4000-8000-000000000001", "email": "demo@medaille.test", "email_verified": true}',
  'email', now(), now()
);

insert into public.animals (
  id, proprietaire_id, nom, espece, race, couleur, annee_naissance, sexe, sterilise, poids_kg,
  informations_importantes, allergies, medications, caractere, informations_veterinaires, puce_ou_tatouage,
  email_proprietaire, telephone_proprietaire,
  public_phone, public_email, public_address_line, public_city,
  show_public_phone, show_public_email, show_public_address, is_lost, lost_since, lost_checklist
) values
(
  'b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
  'Rex', 'dog', 'Berger australien', 'Bleu merle', 2019, 'M', true, 24.5,
  'Très sociable, il viendra vers vous.', 'Poulet', null, 'Joueur et affectueux',
  'Clinique vétérinaire des Lilas, Lyon', '250269604123456',
  'demo@medaille.test', '0600000000',
  '0612345678', 'demo@medaille.test', '3 rue des Lilas', 'Lyon',
  true, false, true, false, null, '{}'
),
(
  'b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001',
  'Mimi', 'cat', 'Européen', 'Tigrée', 2022, 'F', true, 4.2,
  'Craintive, ne pas la poursuivre.', null, 'Un demi-comprimé le matin', 'Timide',
  null, null,
  'demo@medaille.test', '0600000000',
  '0612345678', 'demo@medaille.test', null, null,
  -- Lost as an owner's report makes an animal lost (the trigger that dates a loss runs on updates only): since
  -- two days, its checklist still to do, so that the portal shows 'Perdu depuis', the checklist and the poster.
  true, true, false, true, now() - interval '2 days', '{}'
);

insert into public.animal_photos (id, animal_id, path, width, height, position) values
  ('c0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
   'b0000000-0000-4000-8000-000000000001/demo-1.png', 600, 450, 0),
  ('c0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001',
   'b0000000-0000-4000-8000-000000000001/demo-2.png', 600, 450, 1),
  ('c0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000002',
   'b0000000-0000-4000-8000-000000000002/demo-1.png', 600, 450, 0);

update public.animals set cover_photo_id = 'c0000000-0000-4000-8000-000000000001'
  where id = 'b0000000-0000-4000-8000-000000000001';
update public.animals set cover_photo_id = 'c0000000-0000-4000-8000-000000000003'
  where id = 'b0000000-0000-4000-8000-000000000002';

insert into public.codes (id, used, animal_id) values
  ('MDL-DEMO-REX', true, 'b0000000-0000-4000-8000-000000000001'),
  ('MDL-DEMO-MIMI', true, 'b0000000-0000-4000-8000-000000000002'),
  ('MDL-DEMO-FREE1', false, null),
  ('MDL-DEMO-FREE2', false, null),
  ('MDL-DEMO-FREE3', false, null),
  -- Used but no longer linked to an animal (its animal was deleted): the scan page says 'Code introuvable'.
  ('MDL-DEMO-RETIRED', true, null);
