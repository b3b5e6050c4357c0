-- A second contact on the finder's page (animals.sql, finder_functions.sql): someone else a finder may reach
-- when the first number does not answer, a household member's phone and/or e-mail or anyone's, each value
-- with its own switch, sent by public_profile only while it is on, as the first contact's values are.

alter table public.animals
  add column second_contact_name text
    constraint animals_second_contact_name_longueur check (char_length(second_contact_name) <= 60),
  add column second_contact_phone text
    constraint animals_second_contact_phone_longueur check (char_length(second_contact_phone) <= 32),
  add column second_contact_email text
    constraint animals_second_contact_email_longueur check (char_length(second_contact_email) <= 254),
  add column show_second_contact_phone boolean not null default false,
  add column show_second_contact_email boolean not null default false;

-- The owner and co-owners edit it; a keeper's update of it is refused by animals_keeper_changes_lost_mode_only.
grant update (
  second_contact_name, second_contact_phone, second_contact_email, show_second_contact_phone,
  show_second_contact_email
) on public.animals to authenticated;

-- Each second-contact value only while its switch is on and it is not blank, with whether it is sent; the name
-- only with one of them.
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
      'show_public_address', contact.address_line is not null,
      'show_second_contact_phone', contact.second_phone is not null,
      'show_second_contact_email', contact.second_email is not null
    )
    || case when contact.phone is null then '{}'::jsonb else jsonb_build_object('public_phone', contact.phone) end
    || case when contact.email is null then '{}'::jsonb else jsonb_build_object('public_email', contact.email) end
    || case when contact.address_line is null then '{}'::jsonb
            else jsonb_build_object('public_address_line', contact.address_line, 'public_city', contact.city) end
    || case when contact.second_phone is null then '{}'::jsonb
            else jsonb_build_object('second_contact_phone', contact.second_phone) end
    || case when contact.second_email is null then '{}'::jsonb
            else jsonb_build_object('second_contact_email', contact.second_email) end
    || case when contact.second_name is null or (contact.second_phone is null and contact.second_email is null)
            then '{}'::jsonb else jsonb_build_object('second_contact_name', contact.second_name) end
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
      btrim(a.public_city) as city,
      case when a.show_second_contact_phone then nullif(btrim(a.second_contact_phone), '') end as second_phone,
      case when a.show_second_contact_email then nullif(btrim(a.second_contact_email), '') end as second_email,
      nullif(btrim(a.second_contact_name), '') as second_name
  ) contact on true
$$;
-- A change of owner clears the second contact with the former owner's other contacts: it was theirs to give.
create or replace function public.accept_animal_invitation(p_token text) returns jsonb
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
      second_contact_name = null, second_contact_phone = null, second_contact_email = null,
      show_second_contact_phone = false, show_second_contact_email = false,
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
-- A change of the second contact is a change of the contacts in the household's history, not of the profile.
create or replace function private.record_animal_activity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- What a finder sees of how to reach the household.
  contacts constant text[] := array[
    'public_phone', 'public_email', 'public_address_line', 'public_city',
    'show_public_phone', 'show_public_email', 'show_public_address',
    'second_contact_name', 'second_contact_phone', 'second_contact_email',
    'show_second_contact_phone', 'show_second_contact_email'
  ];
  -- What is no one's edit of the profile: the loss, what it moves, the cover, the owner, the times.
  not_profile constant text[] := contacts || array[
    'is_lost', 'lost_checklist', 'lost_since', 'last_known_lat', 'last_known_lon', 'last_known_accuracy_m',
    'last_known_at', 'cover_photo_id', 'proprietaire_id', 'date_modification'
  ];
begin
  if new.proprietaire_id is distinct from old.proprietaire_id then
    perform private.record_activity(new.id, 'owner_changed', new.proprietaire_id);
    return null;
  end if;
  if new.is_lost is distinct from old.is_lost then
    perform private.record_activity(new.id, case when new.is_lost then 'lost' else 'found' end);
  end if;
  if (select jsonb_object_agg(key, value) from jsonb_each(to_jsonb(new)) where key = any (contacts))
    is distinct from (select jsonb_object_agg(key, value) from jsonb_each(to_jsonb(old)) where key = any (contacts)) then
    perform private.record_activity(new.id, 'contacts');
  end if;
  if (to_jsonb(new) - not_profile) is distinct from (to_jsonb(old) - not_profile) then
    perform private.record_activity(new.id, 'profile');
  end if;
  return null;
end
$$;