-- Limits per client and per owner (DESIGN D9). Who a client is comes from the gateway: hosted Supabase's
-- (Cloudflare) sets cf-connecting-ip to the connecting address and replaces any value a client sent; the
-- local stack does the same from its socket. PostgREST hands the request's headers to SQL as
-- request.headers.

-- A random salt of this database, so that the hashes standing for clients reveal no address.
create table private.client_hash_salt (salt text not null);
insert into private.client_hash_salt (salt) select gen_random_uuid()::text || gen_random_uuid()::text;
revoke all on private.client_hash_salt from public, anon, authenticated;

-- The calling client as the gateway named it, hashed; 'unknown' outside an HTTP request (SQL run directly).
create function private.request_client_hash() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    md5(s.salt || (nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip')),
    'unknown'
  )
  from private.client_hash_salt s
$$;
revoke all on function private.request_client_hash() from public, anon, authenticated;

-- code_status stays the one thing anonymous callers may run, now limited per client so that nobody walks
-- the code space: 30 checks per 5 minutes (the rate Supabase Auth allows per address for its own checks).
-- Over the limit it raises SQLSTATE PT429, which PostgREST answers as HTTP 429.
create or replace function public.code_status(p_code text) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_status text;
begin
  if not public.hit_rate_limit('code-status:' || private.request_client_hash(), 30, 300) then
    raise sqlstate 'PT429' using message = 'Trop de vérifications de code. Réessayez dans quelques minutes.';
  end if;
  select case
    when c.id is null then 'unknown'
    when c.used or c.animal_id is not null then 'activated'
    else 'free'
  end into v_status
  from (select upper(btrim(p_code)) as id) wanted
  left join public.codes c on c.id = wanted.id;
  return v_status;
end
$$;

-- E-mails to one owner about one animal, from finders' messages and shared positions together: at most
-- 10 an hour, whoever sends them. Beyond that the message or position is still stored for the owner, but
-- no e-mail goes out, so a flood cannot bury the owner's inbox nor silence a real finder.
create function private.owner_mail_allowed(p_animal_id uuid) returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select public.hit_rate_limit('owner-mail:' || p_animal_id::text, 10, 3600)
$$;
revoke all on function private.owner_mail_allowed(uuid) from public, anon, authenticated;

create or replace function public.record_finder_message(p_code text, p_message text, p_contact text) returns jsonb
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
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id),
    'notify', private.owner_mail_allowed(v_animal.id)
  );
end
$$;

-- A shared position moves the animal's public last known location only while the animal is lost: a
-- stranger cannot plant a false place on the page of an animal that is at home. Every share is still
-- stored for the owner (and e-mailed within the owner's limit above).
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
  if v_animal.is_lost then
    update public.animals
    set last_known_lat = p_lat, last_known_lon = p_lon, last_known_accuracy_m = p_accuracy, last_known_at = now()
    where id = v_animal.id;
  end if;

  return jsonb_build_object(
    'status', 'recorded',
    'code', v_code,
    'animal_name', v_animal.nom,
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id),
    'notify', private.owner_mail_allowed(v_animal.id)
  );
end
$$;

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
