-- The animal's household (DESIGN D16): an animal's owner, co-owners and keepers are rows of
-- public.animal_members, which every policy now reads through private.animals_i_see, animals_i_edit and
-- animals_i_own instead of animals.proprietaire_id; the owners of today's animals become their first rows.
-- Invitations by e-mail, accepting one, leaving and the owner's changes are household.sql's functions.

-- Who answers for an animal (DESIGN D16): its owner, co-owners and keepers. The owner's row mirrors
-- animals.proprietaire_id (animals_owner_is_member below); co-owners ('co_owner') may do everything but delete
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
language sql
stable
security definer
set search_path = ''
as $$
  select m.animal_id from public.animal_members m
  where m.user_id = (select auth.uid()) and m.role = any (p_roles)
    and (m.access_until is null or m.access_until >= private.today_in_paris())
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
-- alert choices. Everything else goes through household.sql's functions.
alter table public.animal_members enable row level security;
grant select on public.animal_members to authenticated;
grant update (alert_email) on public.animal_members to authenticated;

create policy animal_members_select_household on public.animal_members
  for select to authenticated
  using (animal_id in (select private.animals_i_see()));

create policy animal_members_update_own_alerts on public.animal_members
  for update to authenticated
  using (user_id = (select auth.uid()) and animal_id in (select private.animals_i_see()))
  with check (user_id = (select auth.uid()) and animal_id in (select private.animals_i_see()));

-- Today's owners are their animals' first members.
insert into public.animal_members (animal_id, user_id, role)
select id, proprietaire_id, 'owner' from public.animals
on conflict do nothing;

drop policy animals_select_own on public.animals;
drop policy animals_update_own on public.animals;
drop policy animals_delete_own on public.animals;

create policy animals_select_member on public.animals
  for select to authenticated
  using (id in (select private.animals_i_see()));

create policy animals_update_member on public.animals
  for update to authenticated
  using (id in (select private.animals_i_see()))
  with check (id in (select private.animals_i_see()));

create policy animals_delete_owner on public.animals
  for delete to authenticated
  using (id in (select private.animals_i_own()));

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

drop policy animal_photos_select_own on public.animal_photos;
drop policy animal_photos_insert_own on public.animal_photos;
drop policy animal_photos_update_own on public.animal_photos;
drop policy animal_photos_delete_own on public.animal_photos;

create policy animal_photos_select_member on public.animal_photos
  for select to authenticated
  using (animal_id in (select private.animals_i_see()));

create policy animal_photos_insert_editor on public.animal_photos
  for insert to authenticated
  with check (animal_id in (select private.animals_i_edit()));

create policy animal_photos_update_editor on public.animal_photos
  for update to authenticated
  using (animal_id in (select private.animals_i_edit()))
  with check (animal_id in (select private.animals_i_edit()));

create policy animal_photos_delete_editor on public.animal_photos
  for delete to authenticated
  using (animal_id in (select private.animals_i_edit()));

drop policy codes_select_own on public.codes;

create policy codes_select_member on public.codes
  for select to authenticated
  using (animal_id in (select private.animals_i_see()));

drop policy finder_messages_select_own on public.finder_messages;
drop policy finder_messages_delete_own on public.finder_messages;

create policy finder_messages_select_member on public.finder_messages
  for select to authenticated
  using (animal_id in (select private.animals_i_see()));

create policy finder_messages_delete_editor on public.finder_messages
  for delete to authenticated
  using (animal_id in (select private.animals_i_edit()));

drop policy scan_events_select_own on public.scan_events;
drop policy scan_events_delete_own on public.scan_events;

create policy scan_events_select_member on public.scan_events
  for select to authenticated
  using (animal_id in (select private.animals_i_see()));

create policy scan_events_delete_editor on public.scan_events
  for delete to authenticated
  using (animal_id in (select private.animals_i_edit()));

drop policy profile_views_select_own on public.profile_views;
drop policy profile_views_delete_own on public.profile_views;

create policy profile_views_select_member on public.profile_views
  for select to authenticated
  using (animal_id in (select private.animals_i_see()));

create policy profile_views_delete_editor on public.profile_views
  for delete to authenticated
  using (animal_id in (select private.animals_i_edit()));

drop policy animal_photos_objects_select_own on storage.objects;
drop policy animal_photos_objects_insert_own on storage.objects;
drop policy animal_photos_objects_update_own on storage.objects;
drop policy animal_photos_objects_delete_own on storage.objects;
drop policy finder_photos_objects_select_own on storage.objects;
drop policy finder_photos_objects_delete_own on storage.objects;
drop function private.is_own_photo_folder(text);
drop function private.is_own_animal_folder(text);

-- True when the caller's account still exists (a deleted account's token stays valid until it expires, an
-- hour) and the object's first folder is the caller's own user folder or one of the animals of p_animals
-- (the caller's, animals_i_see or animals_i_edit, {animal_id}/...). Security definer to read auth.users.
create function private.is_photo_folder_of(object_name text, p_animals uuid[]) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.users u where u.id = (select auth.uid()))
    and (
      (storage.foldername(object_name))[1] = (select auth.uid())::text
      or (storage.foldername(object_name))[1] = any (p_animals::text[])
    )
$$;
revoke all on function private.is_photo_folder_of(text, uuid[]) from public;
grant execute on function private.is_photo_folder_of(text, uuid[]) to authenticated;

-- The household lists an animal's photos; its owner and co-owners write them.
create policy animal_photos_objects_select_member on storage.objects
  for select to authenticated
  using (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_see())));

create policy animal_photos_objects_insert_editor on storage.objects
  for insert to authenticated
  with check (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_edit())));

create policy animal_photos_objects_update_editor on storage.objects
  for update to authenticated
  using (bucket_id = 'animal-photos' and private.is_photo_folder_of(name, array(select private.animals_i_edit())))
  with check (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_edit())));

create policy animal_photos_objects_delete_editor on storage.objects
  for delete to authenticated
  using (bucket_id = 'animal-photos'
    and private.is_photo_folder_of(name, array(select private.animals_i_edit())));

-- The household reads the photos finders sent about their animals; the owner and co-owners delete them with
-- their messages. No policy lets anyone else (anon, another owner) read, list or write in this bucket.
create policy finder_photos_objects_select_member on storage.objects
  for select to authenticated
  using (bucket_id = 'finder-photos'
    and (storage.foldername(name))[1] = any (array(select private.animals_i_see())::text[]));

create policy finder_photos_objects_delete_editor on storage.objects
  for delete to authenticated
  using (bucket_id = 'finder-photos'
    and (storage.foldername(name))[1] = any (array(select private.animals_i_edit())::text[]));

-- A new order of an animal's photos in one transaction (DESIGN D10): two devices reordering at once end with
-- one of their orders, never a mix, and a browser that dies midway changes nothing. Security invoker: row level
-- security decides what is seen, and only the owner and co-owners reorder (a keeper is refused, 403).
create or replace function public.reorder_animal_photos(p_animal_id uuid, p_photo_ids uuid[]) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- Orders of one animal queue here; someone else's animal is invisible, hence not found.
  perform 1 from public.animals where id = p_animal_id for update;
  if not found then
    raise sqlstate 'PT404' using message = 'Animal introuvable.';
  end if;
  -- The service role (no user) reorders any animal.
  if (select auth.uid()) is not null then
    if p_animal_id not in (select private.animals_i_edit()) then
      raise sqlstate 'PT403' using message = 'Seuls le propriétaire et les co-propriétaires modifient cet animal.';
    end if;
  end if;
  if (select array_agg(p.id order by p.id) from public.animal_photos p where p.animal_id = p_animal_id)
     is distinct from (select array_agg(x order by x) from unnest(p_photo_ids) x) then
    raise sqlstate 'PT409' using message = 'La liste des photos a changé. Rechargez la page.';
  end if;
  update public.animal_photos p set position = o.ordinality - 1
  from unnest(p_photo_ids) with ordinality o(id, ordinality)
  where p.id = o.id and p.animal_id = p_animal_id and p.position is distinct from o.ordinality - 1;
end
$$;
revoke all on function public.reorder_animal_photos(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_animal_photos(uuid, uuid[]) to authenticated;

-- delete-animal's operation (DESIGN D10): one of the caller's animals. Someone else's is not found; one the
-- caller answers for without owning it is refused (403).
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
  if v_files is null and p_animal_id in (select private.animals_i_see()) then
    raise sqlstate 'PT403' using message = 'Seul le propriétaire peut supprimer cet animal.';
  elsif v_files is null then
    raise sqlstate 'PT404' using message = 'Animal introuvable.';
  end if;
  return v_files;
end
$$;
revoke all on function public.delete_animal(uuid) from public, anon, service_role;
grant execute on function public.delete_animal(uuid) to authenticated;

-- Opening the inbox marks the animal's messages read, for any member of its household; answers how many were
-- unread.
create or replace function public.mark_messages_read(p_animal_id uuid) returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.finder_messages m set read_at = now()
  where m.animal_id = p_animal_id and m.read_at is null
    and m.animal_id in (select private.animals_i_see());
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke all on function public.mark_messages_read(uuid) from public, anon;
grant execute on function public.mark_messages_read(uuid) to authenticated;

-- An owner or co-owner suspends or resumes the medal of one of their animals (a medal lost, or found by a stranger).
-- An operator's suspension stays until the operator lifts it. Answers the code's new state, or a refusal with
-- its code ('no_medal', 'suspended_by_operator').
create or replace function public.set_my_medal_suspended(p_animal_id uuid, p_suspended boolean) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code public.codes;
begin
  select c.* into v_code
  from public.codes c
  where c.animal_id = p_animal_id and c.animal_id in (select private.animals_i_edit())
  for update;
  if not found then
    return jsonb_build_object('success', false, 'error', 'Aucune médaille pour cet animal.', 'reason', 'no_medal');
  end if;
  if v_code.suspended_by = 'operator' then
    return jsonb_build_object(
      'success', false, 'error', 'Cette médaille a été suspendue par le support. Contactez-le pour la réactiver.',
      'reason', 'suspended_by_operator'
    );
  end if;
  update public.codes
  set suspended_at = case when p_suspended then coalesce(suspended_at, now()) end,
      suspended_by = case when p_suspended then 'owner' end,
      suspended_reason = null
  where id = v_code.id;
  return jsonb_build_object('success', true, 'error', null, 'reason', null, 'suspended', p_suspended);
end
$$;
revoke all on function public.set_my_medal_suspended(uuid, boolean) from public, anon;
grant execute on function public.set_my_medal_suspended(uuid, boolean) to authenticated;

-- An invitation waiting for its answer: sent by the invite-member function, which alone knows the token (the
-- row keeps its SHA-256 only), and answered by accept_animal_invitation. One per animal and address: inviting
-- again replaces it with a new token. Valid 14 days; accepted or revoked, it is deleted.
create table public.animal_invitations (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  email text not null
    constraint animal_invitations_email_format
    check (email = lower(btrim(email)) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$' and char_length(email) <= 254),
  role text not null constraint animal_invitations_role_valeurs check (role in ('owner', 'co_owner', 'keeper')),
  access_until date,
  token_hash text not null constraint animal_invitations_token_hash_key unique,
  invited_by uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  constraint animal_invitations_fin_gardien check ((role = 'keeper') = (access_until is not null)),
  constraint animal_invitations_animal_email_key unique (animal_id, email)
);
create index animal_invitations_invited_by_idx on public.animal_invitations (invited_by);
-- One transfer at a time: giving the animal to someone else replaces the earlier offer.
create unique index animal_invitations_one_transfer on public.animal_invitations (animal_id) where role = 'owner';

-- The owner sees the invitations of their animals (never the token's hash) and revokes one by deleting it.
alter table public.animal_invitations enable row level security;
grant select (id, animal_id, email, role, access_until, created_at, expires_at) on public.animal_invitations
  to authenticated;
grant delete on public.animal_invitations to authenticated;

create policy animal_invitations_select_owner on public.animal_invitations
  for select to authenticated
  using (animal_id in (select private.animals_i_own()));

create policy animal_invitations_delete_owner on public.animal_invitations
  for delete to authenticated
  using (animal_id in (select private.animals_i_own()));

-- The refusals the household's functions share: {success: false, error, reason}.
create function private.household_refusal(p_reason text) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('success', false, 'reason', p_reason, 'error', case p_reason
    when 'session_expired' then 'Session expirée'
    when 'not_owner' then 'Seul le propriétaire gère les membres de cet animal.'
    when 'too_many_invitations' then 'Trop d''invitations envoyées. Réessayez demain.'
    when 'invalid_email' then 'Adresse e-mail invalide'
    when 'invalid_role' then 'Choisissez co-propriétaire ou gardien·ne.'
    when 'invalid_end_date' then 'La date de fin doit être aujourd''hui ou plus tard.'
    when 'already_member' then 'Cette personne fait déjà partie du foyer de cet animal.'
    when 'invitation_unavailable' then 'Cette invitation n''est plus valable. Demandez-en une nouvelle.'
    when 'email_not_confirmed' then 'Confirmez d''abord votre adresse e-mail.'
    when 'wrong_account' then 'Cette invitation a été envoyée à une autre adresse e-mail.'
    when 'not_member' then 'Cette personne ne fait pas partie du foyer de cet animal.'
    when 'owner_stays' then 'Le propriétaire ne peut pas quitter son animal : donnez-le plutôt à un autre compte.'
  end)
$$;
revoke all on function private.household_refusal(text) from public, anon, authenticated;

-- Checks a member's role and end date: null when they are right.
create function private.household_role_refusal(p_role text, p_access_until date) returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when p_role is null or p_role not in ('co_owner', 'keeper') then private.household_refusal('invalid_role')
    when p_role = 'keeper' and (p_access_until is null or p_access_until < private.today_in_paris())
      then private.household_refusal('invalid_end_date')
  end
$$;
revoke all on function private.household_role_refusal(text, date) from public, anon, authenticated;

-- invite-member's first step, with the owner's own token: the invitation (or, as 'owner', the offer of the
-- animal) is stored or renewed and its token answered, once, for the e-mail; the row keeps only its hash. At
-- most 20 invitations a day per owner, so that nobody uses Médaille to send e-mails to strangers. Answers
-- {success, token, animal_name, inviter_email, email, role, access_until} or a refusal.
create function public.invite_animal_member(p_animal_id uuid, p_email text, p_role text, p_access_until date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_inviter uuid := (select auth.uid());
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_until date := case when p_role = 'keeper' then p_access_until end;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_animal_name text;
begin
  if v_inviter is null then
    return private.household_refusal('session_expired');
  end if;
  select a.nom into v_animal_name from public.animals a
  where a.id = p_animal_id and a.id in (select private.animals_i_own());
  if not found then
    return private.household_refusal('not_owner');
  end if;
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(v_email) > 254 then
    return private.household_refusal('invalid_email');
  end if;
  if p_role is distinct from 'owner' and private.household_role_refusal(p_role, v_until) is not null then
    return private.household_role_refusal(p_role, v_until);
  end if;
  if exists (
    select 1 from public.animal_members m join auth.users u on u.id = m.user_id
    where m.animal_id = p_animal_id and lower(u.email) = v_email
      and (m.access_until is null or m.access_until >= private.today_in_paris())
      and (p_role <> 'owner' or m.role = 'owner')
  ) then
    return private.household_refusal('already_member');
  end if;
  if not public.hit_rate_limit('household-invitations:' || v_inviter::text, 20, 86400) then
    return private.household_refusal('too_many_invitations');
  end if;
  if p_role = 'owner' then
    delete from public.animal_invitations where animal_id = p_animal_id and role = 'owner';
  end if;
  insert into public.animal_invitations (animal_id, email, role, access_until, token_hash, invited_by)
  values (p_animal_id, v_email, p_role, v_until, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), v_inviter)
  on conflict (animal_id, email) do update set
    role = excluded.role, access_until = excluded.access_until, token_hash = excluded.token_hash,
    invited_by = excluded.invited_by, created_at = now(), expires_at = now() + interval '14 days';
  return jsonb_build_object(
    'success', true, 'token', v_token, 'animal_name', v_animal_name,
    'inviter_email', (select u.email from auth.users u where u.id = v_inviter),
    'email', v_email, 'role', p_role, 'access_until', v_until
  );
end
$$;
revoke all on function public.invite_animal_member(uuid, text, text, date) from public, anon, service_role;
grant execute on function public.invite_animal_member(uuid, text, text, date) to authenticated;

-- The invited person accepts, signed in with the account of the invited address, confirmed: a forwarded link
-- opens nothing to anyone else. A keeper's invitation whose last day has passed is no longer valid. A
-- member who had left or whose access ended joins again with the invitation's role. Accepting an animal
-- ('owner') makes the caller its owner: its medal, photos, booklet and history follow, the former owner and
-- every member lose access, pending invitations go, and the finder's page shows no contact until the new
-- owner gives theirs (the former owner's contacts, public and private, are cleared, and so is a photo of
-- theirs kept in their own folder). Answers {success, animal_id, role} or a refusal.
create function public.accept_animal_invitation(p_token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_invitation public.animal_invitations;
  v_email text;
  v_confirmed boolean;
begin
  if v_user is null then
    return private.household_refusal('session_expired');
  end if;
  select * into v_invitation from public.animal_invitations
  where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and expires_at > now()
    and (access_until is null or access_until >= private.today_in_paris())
  for update;
  if not found then
    return private.household_refusal('invitation_unavailable');
  end if;
  select lower(u.email), u.email_confirmed_at is not null into v_email, v_confirmed
  from auth.users u where u.id = v_user;
  if v_email is distinct from v_invitation.email then
    return private.household_refusal('wrong_account');
  end if;
  if not v_confirmed then
    return private.household_refusal('email_not_confirmed');
  end if;
  if exists (
    select 1 from public.animal_members
    where animal_id = v_invitation.animal_id and user_id = v_user and role = 'owner'
  ) then
    delete from public.animal_invitations where id = v_invitation.id;
    return private.household_refusal('already_member');
  end if;
  if v_invitation.role = 'owner' then
    -- The history records the change of owner, not the household's rows it moves (activity.sql).
    perform set_config('medaille.changing_owner', 'on', true);
    update public.animals a set
      proprietaire_id = v_user,
      email_proprietaire = null, telephone_proprietaire = null,
      public_phone = null, public_email = null, public_address_line = null, public_city = null,
      show_public_phone = false, show_public_email = false, show_public_address = false,
      photo_url = case when a.photo_url like '%/animal-photos/' || a.proprietaire_id::text || '/%' then null
        else a.photo_url end
    where a.id = v_invitation.animal_id;
    delete from public.animal_members where animal_id = v_invitation.animal_id and role <> 'owner';
    delete from public.animal_invitations where animal_id = v_invitation.animal_id;
    perform set_config('medaille.changing_owner', '', true);
    return jsonb_build_object(
      'success', true, 'error', null, 'reason', null, 'animal_id', v_invitation.animal_id, 'role', 'owner'
    );
  end if;
  insert into public.animal_members (animal_id, user_id, role, access_until)
  values (v_invitation.animal_id, v_user, v_invitation.role, v_invitation.access_until)
  on conflict (animal_id, user_id) do update set role = excluded.role, access_until = excluded.access_until;
  delete from public.animal_invitations where id = v_invitation.id;
  return jsonb_build_object(
    'success', true, 'error', null, 'reason', null,
    'animal_id', v_invitation.animal_id, 'role', v_invitation.role
  );
end
$$;
revoke all on function public.accept_animal_invitation(text) from public, anon, service_role;
grant execute on function public.accept_animal_invitation(text) to authenticated;

-- The members of an animal the caller sees, with their addresses (what the portal's household shows), owner
-- first: {user_id, email, role, access_until, alert_email, is_me}. An expired keeper's row stays listed, for
-- the owner to extend or remove, and says so by its date.
create function public.animal_household(p_animal_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'user_id', m.user_id, 'email', u.email, 'role', m.role, 'access_until', m.access_until,
    'alert_email', m.alert_email, 'is_me', m.user_id = (select auth.uid())
  ) order by m.role <> 'owner', m.role, u.email), '[]')
  from public.animal_members m
  join auth.users u on u.id = m.user_id
  where m.animal_id = p_animal_id and p_animal_id in (select private.animals_i_see())
$$;
revoke all on function public.animal_household(uuid) from public, anon, service_role;
grant execute on function public.animal_household(uuid) to authenticated;

-- The owner changes a member's role or a keeper's last day.
create function public.set_animal_member_role(
  p_animal_id uuid, p_user_id uuid, p_role text, p_access_until date
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_until date := case when p_role = 'keeper' then p_access_until end;
begin
  if (select auth.uid()) is null then
    return private.household_refusal('session_expired');
  end if;
  if p_animal_id not in (select private.animals_i_own()) then
    return private.household_refusal('not_owner');
  end if;
  if private.household_role_refusal(p_role, v_until) is not null then
    return private.household_role_refusal(p_role, v_until);
  end if;
  update public.animal_members set role = p_role, access_until = v_until
  where animal_id = p_animal_id and user_id = p_user_id and role <> 'owner';
  if not found then
    return private.household_refusal('not_member');
  end if;
  return jsonb_build_object('success', true, 'error', null, 'reason', null);
end
$$;
revoke all on function public.set_animal_member_role(uuid, uuid, text, date) from public, anon, service_role;
grant execute on function public.set_animal_member_role(uuid, uuid, text, date) to authenticated;

-- A member leaves (p_user_id their own id), or the owner removes one. The owner never leaves their animal:
-- they give it away or delete it. An expired keeper may still leave (and so disappear from the list).
create function public.remove_animal_member(p_animal_id uuid, p_user_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_caller uuid := (select auth.uid());
begin
  if v_caller is null then
    return private.household_refusal('session_expired');
  end if;
  if p_user_id is distinct from v_caller and p_animal_id not in (select private.animals_i_own()) then
    return private.household_refusal('not_owner');
  end if;
  if exists (
    select 1 from public.animal_members where animal_id = p_animal_id and user_id = p_user_id and role = 'owner'
  ) then
    return private.household_refusal('owner_stays');
  end if;
  delete from public.animal_members where animal_id = p_animal_id and user_id = p_user_id;
  if not found then
    return private.household_refusal('not_member');
  end if;
  return jsonb_build_object('success', true, 'error', null, 'reason', null);
end
$$;
revoke all on function public.remove_animal_member(uuid, uuid) from public, anon, service_role;
grant execute on function public.remove_animal_member(uuid, uuid) to authenticated;
