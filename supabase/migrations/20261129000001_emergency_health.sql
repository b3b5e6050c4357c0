-- What a finder may see of the health booklet (schemas/booklet.sql, finder_functions.sql): the owner shows a
-- vaccination or a treatment to whoever finds the animal, and public_profile sends those still current.

alter table public.health_records add column shown_to_finder boolean not null default false
  constraint health_records_visible_soins check (not shown_to_finder or kind in ('vaccination', 'treatment'));
grant insert (shown_to_finder), update (shown_to_finder) on public.health_records to authenticated;

-- The public profile behind a medal code: only what a finder may see. Its answer's shape is declared once,
-- in @medaille/domain's public-profile.ts, and checked against this function by
-- tests/database/public-profile-shape.test.ts. A contact value whose switch is off is left out entirely, and
-- so is an address without both its line and its city; the second contact's name goes only with a value of it
-- that is sent; the owner's own e-mail, phone and id never leave, nor anything of the health booklet but what
-- its owner chose to show. A medal whose animal was deleted is 'retired', not 'not_found' (which would tell the
-- finder to check a right QR code).
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
      -- What the owner chose to show of the health booklet (booklet.sql), while it is current: a finder
      -- learns of a treatment in progress or a valid vaccine, never a note, a visit, a weight or a document.
      'emergency_health', coalesce((
        select jsonb_agg(
          jsonb_build_object('kind', r.kind, 'label', r.label, 'given_on', r.given_on, 'next_due_on', r.next_due_on)
          order by r.kind = 'treatment' desc, r.given_on desc, r.label
        )
        from public.health_records r
        where r.animal_id = a.id and r.shown_to_finder
          and (r.next_due_on is null or r.next_due_on >= private.today_in_paris())
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
revoke all on function public.public_profile(text) from public, anon, authenticated;
grant execute on function public.public_profile(text) to service_role;
