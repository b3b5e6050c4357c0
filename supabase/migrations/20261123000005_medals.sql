-- Medals as the business runs them (issue 15): minted in batches, and suspended when lost or stolen.
-- A suspended code shows the scan page's 'Médaille suspendue' and nothing of its animal, takes no message
-- or position, and cannot be activated; resumed, it is exactly as before (its animal is never touched).

alter table public.codes
  add column batch text constraint codes_batch_longueur check (char_length(batch) between 1 and 100),
  add column suspended_at timestamptz,
  -- Who suspended it: an owner may resume only their own suspension, never the operator's.
  add column suspended_by text constraint codes_suspended_by_valeurs check (suspended_by in ('owner', 'operator')),
  add column suspended_reason text constraint codes_suspended_reason_longueur check (char_length(suspended_reason) <= 500),
  add constraint codes_suspension_complete check ((suspended_at is null) = (suspended_by is null));

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
    when c.suspended_at is not null then 'suspended'
    when c.used or c.animal_id is not null then 'activated'
    else 'free'
  end into v_status
  from (select upper(btrim(p_code)) as id) wanted
  left join public.codes c on c.id = wanted.id;
  return v_status;
end
$$;

-- The finder's path: a suspended code answers 'suspended' and sends no profile data.
create or replace function public.public_profile_for_client(
  p_code text,
  p_client_hash text,
  p_limit_per_minute integer
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
begin
  if not public.hit_rate_limit('profile:' || p_client_hash, p_limit_per_minute, 60) then
    return jsonb_build_object('status', 'rate_limited');
  end if;
  if p_code is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if exists (select 1 from public.codes c where c.id = v_code and c.suspended_at is not null) then
    return jsonb_build_object('status', 'suspended', 'code', v_code);
  end if;
  return public.public_profile(p_code);
end
$$;

-- A live code's animal: the one row a finder's message or position may reach (none while suspended).
create function private.animal_of_live_code(p_code text) returns public.animals
language sql
stable
security definer
set search_path = ''
as $$
  select a.* from public.codes c join public.animals a on a.id = c.animal_id
  where c.id = p_code and c.suspended_at is null
$$;
revoke all on function private.animal_of_live_code(text) from public, anon, authenticated;

create or replace function public.record_finder_message(p_code text, p_message text, p_contact text) returns jsonb
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
    'animal_name', v_animal.nom,
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id),
    'notify', private.owner_mail_allowed(v_animal.id)
  );
end
$$;

-- Activation refuses a suspended code with its own message; everything else as before (DESIGN D3).
create or replace function public.register_animal_with_code(p_code text, p_animal jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := auth.uid();
  v_code text := upper(btrim(p_code));
  v_animal public.animals;
  v_animal_id uuid;
  v_suspended boolean;
begin
  if v_owner is null then
    return jsonb_build_object('success', false, 'error', 'Session expirée', 'animal_id', null);
  end if;

  -- Concurrent claims queue on this row lock; the losers then see the code taken.
  select suspended_at is not null into v_suspended
  from public.codes where id = v_code and not used and animal_id is null for update;
  if not found then
    return jsonb_build_object('success', false, 'error', 'Code invalide ou déjà utilisé', 'animal_id', null);
  end if;
  if v_suspended then
    return jsonb_build_object(
      'success', false, 'error', 'Cette médaille est suspendue. Contactez le support.', 'animal_id', null
    );
  end if;

  v_animal := jsonb_populate_record(null::public.animals, p_animal);
  insert into public.animals (
    proprietaire_id, nom, espece, race, couleur, annee_naissance, sexe, sterilise, poids_kg,
    email_proprietaire, telephone_proprietaire, informations_importantes, allergies, medications,
    caractere, informations_veterinaires, puce_ou_tatouage, photo_url
  ) values (
    v_owner, v_animal.nom, v_animal.espece, v_animal.race, v_animal.couleur, v_animal.annee_naissance,
    v_animal.sexe, coalesce(v_animal.sterilise, false), v_animal.poids_kg,
    v_animal.email_proprietaire, v_animal.telephone_proprietaire, v_animal.informations_importantes,
    v_animal.allergies, v_animal.medications, v_animal.caractere, v_animal.informations_veterinaires,
    v_animal.puce_ou_tatouage, v_animal.photo_url
  )
  returning id into v_animal_id;

  update public.codes set used = true, animal_id = v_animal_id where id = v_code;

  return jsonb_build_object('success', true, 'error', null, 'animal_id', v_animal_id);
end
$$;

-- An owner suspends or resumes the medal of one of their animals (a medal lost, or found by a stranger).
-- An operator's suspension stays until the operator lifts it. Answers the code's new state.
create function public.set_my_medal_suspended(p_animal_id uuid, p_suspended boolean) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code public.codes;
begin
  select c.* into v_code
  from public.codes c join public.animals a on a.id = c.animal_id
  where c.animal_id = p_animal_id and a.proprietaire_id = (select auth.uid())
  for update of c;
  if not found then
    return jsonb_build_object('success', false, 'error', 'Aucune médaille pour cet animal.');
  end if;
  if v_code.suspended_by = 'operator' then
    return jsonb_build_object(
      'success', false, 'error', 'Cette médaille a été suspendue par le support. Contactez-le pour la réactiver.'
    );
  end if;
  update public.codes
  set suspended_at = case when p_suspended then coalesce(suspended_at, now()) end,
      suspended_by = case when p_suspended then 'owner' end,
      suspended_reason = null
  where id = v_code.id;
  return jsonb_build_object('success', true, 'error', null, 'suspended', p_suspended);
end
$$;
revoke all on function public.set_my_medal_suspended(uuid, boolean) from public, anon;
grant execute on function public.set_my_medal_suspended(uuid, boolean) to authenticated;

-- The medals tool (`pnpm medals`), with the service role only.

-- Inserts a batch all at once, or nothing: when a code already exists, nothing is inserted and the
-- colliding codes are answered, so that the tool replaces them with new ones and tries again (a code is
-- never handed out twice).
create function public.mint_medal_codes(p_codes text[], p_batch text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_taken text[];
begin
  if coalesce(cardinality(p_codes), 0) = 0 or cardinality(p_codes) > 10000 then
    raise sqlstate '22023' using message = 'between 1 and 10000 codes at a time';
  end if;
  if (select count(distinct c) from unnest(p_codes) c) <> cardinality(p_codes) then
    raise sqlstate '22023' using message = 'the batch repeats a code';
  end if;
  -- One minting at a time, so that two batches cannot both see a code free.
  perform pg_advisory_xact_lock(hashtext('mint_medal_codes'));
  select coalesce(array_agg(c.id), '{}') into v_taken from public.codes c where c.id = any (p_codes);
  if cardinality(v_taken) > 0 then
    return jsonb_build_object('inserted', 0, 'taken', to_jsonb(v_taken), 'created_at', null);
  end if;
  insert into public.codes (id, batch) select code, p_batch from unnest(p_codes) code;
  return jsonb_build_object('inserted', cardinality(p_codes), 'taken', '[]'::jsonb, 'created_at', now());
end
$$;

-- What the tool shows about one code: its state and batch, whether an animal wears it; nothing of the owner.
create function public.medal_info(p_code text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when c.id is null then null else jsonb_build_object(
    'code', c.id,
    'state', case when c.suspended_at is not null then 'suspended'
                  when c.used or c.animal_id is not null then 'activated' else 'free' end,
    'batch', c.batch,
    'created_at', c.created_at,
    'has_animal', c.animal_id is not null,
    'suspended_at', c.suspended_at,
    'suspended_by', c.suspended_by,
    'suspended_reason', c.suspended_reason
  ) end
  from (select upper(btrim(p_code)) as id) wanted
  left join public.codes c on c.id = wanted.id
$$;

-- The operator suspends (with an optional reason) or resumes a code; null when the code does not exist.
create function public.set_medal_suspended(p_code text, p_suspended boolean, p_reason text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.codes
  set suspended_at = case when p_suspended then coalesce(suspended_at, now()) end,
      suspended_by = case when p_suspended then 'operator' end,
      suspended_reason = case when p_suspended then nullif(btrim(p_reason), '') end
  where id = upper(btrim(p_code));
  return public.medal_info(p_code);
end
$$;

revoke all on function public.mint_medal_codes(text[], text) from public, anon, authenticated;
revoke all on function public.medal_info(text) from public, anon, authenticated;
revoke all on function public.set_medal_suspended(text, boolean, text) from public, anon, authenticated;
grant execute on function public.mint_medal_codes(text[], text) to service_role;
grant execute on function public.medal_info(text) to service_role;
grant execute on function public.set_medal_suspended(text, boolean, text) to service_role;
