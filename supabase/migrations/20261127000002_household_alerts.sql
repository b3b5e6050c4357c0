-- An animal's alerts go to every member of its household who chose them by e-mail (animal_members.alert_email),
-- a keeper until their last day: the finders' functions get 'recipients', a list, instead of 'owner_email'.

-- The addresses an animal's alerts go to (a finder's message or position, its lost page opened): its
-- members who chose them by e-mail, a keeper until their last day, the owner first. Security definer to read
-- auth.users.
create function private.alert_recipients(p_animal_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(u.email order by m.role <> 'owner', u.email), '[]')
  from public.animal_members m
  join auth.users u on u.id = m.user_id
  where m.animal_id = p_animal_id and m.alert_email and u.email is not null
    and (m.access_until is null or m.access_until >= private.today_in_paris())
$$;
revoke all on function private.alert_recipients(uuid) from public, anon, authenticated;

-- Stores a finder's message (with its photo's file, already stored in the animal's folder) and answers what
-- the owner's e-mail needs, naming the animal for the link to its inbox. Null when the code leads to no live
-- animal (any more): the caller then removes the file.
create or replace function public.record_finder_message(
  p_code text,
  p_message text,
  p_contact text,
  p_photo_path text default null,
  p_client_hash text default null
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
begin
  if v_animal.id is null then
    return null;
  end if;
  if p_photo_path is not null and not exists (
    select 1 from storage.objects o where o.bucket_id = 'finder-photos' and o.name = p_photo_path
  ) then
    raise exception 'finder photo % is not stored', p_photo_path;
  end if;
  insert into public.finder_messages (animal_id, code_id, message, contact, photo_path)
  values (v_animal.id, v_code, p_message, p_contact, p_photo_path);
  return jsonb_build_object(
    'code', v_code,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'recipients', private.alert_recipients(v_animal.id)
  ) || private.owner_mail_answer(v_animal, p_client_hash);
end
$$;
revoke all on function public.record_finder_message(text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_finder_message(text, text, text, text, text) to service_role;

-- Stores a location a finder shared with consent; one share per code and client every 2 minutes. It moves the
-- animal's public last known location only while the animal is lost: a stranger cannot plant a false place on
-- the page of an animal that is at home. Every share is still stored for the owner (and e-mailed within the
-- limits above).
create or replace function public.record_scan(
  p_code text,
  p_animal_id uuid,
  p_lat double precision,
  p_lon double precision,
  p_accuracy double precision,
  p_user_agent text,
  p_client_hash text
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
  v_last timestamptz;
begin
  if v_animal.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p_animal_id is not null and p_animal_id <> v_animal.id then
    return jsonb_build_object('status', 'animal_mismatch');
  end if;

  -- Two shares from one client at once must not both pass the cooldown.
  perform pg_advisory_xact_lock(hashtext(v_code || '|' || coalesce(p_client_hash, '')));
  select max(created_at) into v_last from public.scan_events
  where code_id = v_code and client_hash is not distinct from p_client_hash;
  if v_last > now() - interval '2 minutes' then
    return jsonb_build_object(
      'status', 'cooldown',
      'retry_after_seconds', ceil(extract(epoch from v_last + interval '2 minutes' - now()))::int
    );
  end if;

  insert into public.scan_events (animal_id, code_id, lat, lon, accuracy_m, user_agent, consent, client_hash)
  values (v_animal.id, v_code, p_lat, p_lon, p_accuracy, left(p_user_agent, 512), true, p_client_hash);
  if v_animal.is_lost then
    update public.animals
    set last_known_lat = p_lat, last_known_lon = p_lon, last_known_accuracy_m = p_accuracy, last_known_at = now()
    where id = v_animal.id;
  end if;

  return jsonb_build_object(
    'status', 'recorded',
    'code', v_code,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'recipients', private.alert_recipients(v_animal.id)
  ) || private.owner_mail_answer(v_animal, p_client_hash);
end
$$;
revoke all on function public.record_scan(text, uuid, double precision, double precision, double precision, text, text)
  from public, anon, authenticated;
grant execute on function public.record_scan(text, uuid, double precision, double precision, double precision, text, text)
  to service_role;

-- For get_public_profile, after it served a lost animal's page: records the opening (the same client within 5
-- minutes is the same visit) and says whether to e-mail the owner (at most once every 10 minutes per animal,
-- however many finders). Nothing for an animal that is not lost or a code that is not live.
create or replace function public.record_lost_profile_view(p_code text, p_client_hash text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
begin
  if v_animal.id is null or not v_animal.is_lost then
    return jsonb_build_object('recorded', false, 'notify', false);
  end if;
  if exists (
    select 1 from public.profile_views v
    where v.animal_id = v_animal.id and v.client_hash = p_client_hash and v.created_at > now() - interval '5 minutes'
  ) then
    return jsonb_build_object('recorded', false, 'notify', false);
  end if;
  insert into public.profile_views (animal_id, code_id, client_hash) values (v_animal.id, v_code, p_client_hash);
  if not public.hit_rate_limit('lost-view-mail:' || v_animal.id::text, 1, 600) then
    return jsonb_build_object('recorded', true, 'notify', false);
  end if;
  return jsonb_build_object(
    'recorded', true,
    'notify', true,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'recipients', private.alert_recipients(v_animal.id)
  );
end
$$;
revoke all on function public.record_lost_profile_view(text, text) from public, anon, authenticated;
grant execute on function public.record_lost_profile_view(text, text) to service_role;
