-- What the finder's server functions need (DESIGN D4): the public profile, storing messages and shared
-- locations, rate limits and the purge of old locations. Only service_role (the functions) may call them.

alter table public.scan_events add column client_hash text;
create index scan_events_cooldown_idx on public.scan_events (code_id, client_hash, created_at desc);

-- Request counters keyed by what is limited and who asks (a hash, never a raw address). A window opens
-- with the first request and lasts p_window_seconds, so a burst cannot straddle two windows.
create table public.rate_limit_hits (
  bucket text primary key,
  window_start timestamptz not null,
  hits integer not null
);
alter table public.rate_limit_hits enable row level security;
create index rate_limit_hits_window_start_idx on public.rate_limit_hits (window_start);

-- Counts one request and says whether the client is still within the limit.
create function public.hit_rate_limit(p_bucket text, p_limit integer, p_window_seconds integer) returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.rate_limit_hits as r (bucket, window_start, hits)
  values (p_bucket, now(), 1)
  on conflict (bucket) do update set
    hits = case when r.window_start <= now() - make_interval(secs => p_window_seconds) then 1 else r.hits + 1 end,
    window_start = case when r.window_start <= now() - make_interval(secs => p_window_seconds) then now()
                        else r.window_start end
  returning hits <= p_limit
$$;

-- The public profile behind a medal code: only what a finder may see. A contact value whose switch is
-- off is left out entirely, and so is an address without both its line and its city; the owner's own
-- e-mail, phone and id never leave.
create function public.public_profile(p_code text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when c.id is null or c.animal_id is null then
      case when c.id is not null and not c.used then jsonb_build_object('status', 'unclaimed', 'code', c.id)
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

-- Stores a finder's message and answers what the e-mail to the owner needs, or null for an unknown code.
create function public.record_finder_message(p_code text, p_message text, p_contact text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals;
begin
  select a.* into v_animal
  from public.codes c join public.animals a on a.id = c.animal_id
  where c.id = v_code;
  if not found then
    return null;
  end if;
  insert into public.finder_messages (animal_id, code_id, message, contact)
  values (v_animal.id, v_code, p_message, p_contact);
  return jsonb_build_object(
    'code', v_code,
    'animal_name', v_animal.nom,
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id)
  );
end
$$;

-- Stores a location a finder shared with consent and makes it the animal's last known location.
-- One share per code and client every 2 minutes; answers the status and what the owner's e-mail needs.
create function public.record_scan(
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
  v_animal public.animals;
  v_last timestamptz;
begin
  select a.* into v_animal
  from public.codes c join public.animals a on a.id = c.animal_id
  where c.id = v_code;
  if not found then
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
  update public.animals
  set last_known_lat = p_lat, last_known_lon = p_lon, last_known_accuracy_m = p_accuracy, last_known_at = now()
  where id = v_animal.id;

  return jsonb_build_object(
    'status', 'recorded',
    'code', v_code,
    'animal_name', v_animal.nom,
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id)
  );
end
$$;

-- Shared locations are kept 90 days; rate-limit windows a day. Scheduled with pg_cron on Supabase.
create function public.purge_old_scan_events() returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_deleted integer;
begin
  delete from public.scan_events where created_at < now() - interval '90 days';
  get diagnostics v_deleted = row_count;
  delete from public.rate_limit_hits where window_start < now() - interval '1 day';
  return v_deleted;
end
$$;

revoke all on function public.hit_rate_limit(text, integer, integer) from public, anon, authenticated;
revoke all on function public.public_profile(text) from public, anon, authenticated;
revoke all on function public.record_finder_message(text, text, text) from public, anon, authenticated;
revoke all on function public.record_scan(text, uuid, double precision, double precision, double precision, text, text)
  from public, anon, authenticated;
revoke all on function public.purge_old_scan_events() from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, integer) to service_role;
grant execute on function public.public_profile(text) to service_role;
grant execute on function public.record_finder_message(text, text, text) to service_role;
grant execute on function public.record_scan(text, uuid, double precision, double precision, double precision, text, text)
  to service_role;
grant execute on function public.purge_old_scan_events() to service_role;
