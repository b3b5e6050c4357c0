-- Two abuse holes: activation as an unthrottled code oracle, and per-animal e-mail caps that a
-- couple of addresses could use up to silence a lost animal's owner.

-- Activation counts wrong claims (an unknown, already used or suspended code): 10 an hour per account, and
-- 30 per 5 minutes per client address (code_status's own limit, so that claiming is no better an oracle than
-- checking). Past either, every claim is refused, a right code too, before the code is even looked at. A
-- claim that succeeds gives its count back: an owner activating many medals is never refused. The address
-- is the gateway's cf-connecting-ip, read as code_status reads it; SQL run directly has none and is
-- counted per account only. The counters' rows stay locked until the claim commits, so parallel guesses
-- of one account or address queue and are all counted.
create or replace function public.register_animal_with_code(p_code text, p_animal jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := auth.uid();
  v_code text := upper(btrim(p_code));
  v_client text := nullif(private.request_client_hash(), 'unknown');
  v_account_bucket text;
  v_client_bucket text;
  v_animal public.animals;
  v_animal_id uuid;
  v_suspended boolean;
begin
  if v_owner is null then
    return jsonb_build_object('success', false, 'error', 'Session expirée', 'animal_id', null);
  end if;

  v_account_bucket := 'claim-failures:' || v_owner::text;
  v_client_bucket := 'claim-failures:client:' || v_client;
  if not public.hit_rate_limit(v_account_bucket, 10, 3600)
    or (v_client is not null and not public.hit_rate_limit(v_client_bucket, 30, 300)) then
    return jsonb_build_object('success', false, 'error', 'Trop de tentatives. Réessayez plus tard.', 'animal_id', null);
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
  update public.rate_limit_hits set hits = hits - 1 where bucket in (v_account_bucket, v_client_bucket);

  return jsonb_build_object('success', true, 'error', null, 'animal_id', v_animal_id);
end
$$;

-- E-mails to one owner about one animal (finders' messages and shared positions together), per client:
-- each client's first 3 an hour are mailed (a message, a position and one more), and at most 10 clients an
-- hour are, so that a few addresses cannot use up the animal's e-mails (2 addresses did, with the one cap of
-- 10 that all senders shared). Past the 10th client, the owner gets one digest an
-- hour instead ('digest'), which says how many messages wait. Beyond all that, everything is still stored,
-- just not mailed ('none'). Window names end with the animal's id: they go with the animal.
create function private.owner_mail_decision(p_animal_id uuid, p_client_hash text) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_animal_bucket text := 'owner-mail:' || p_animal_id::text;
  v_client_bucket text := 'owner-mail:' || coalesce(p_client_hash, 'unknown') || ':' || p_animal_id::text;
begin
  -- One decision at a time per animal: two messages of a new client must not take two of its places.
  perform pg_advisory_xact_lock(hashtext(v_animal_bucket));
  if exists (
    select 1 from public.rate_limit_hits where bucket = v_client_bucket and window_start > now() - interval '1 hour'
  ) then
    return case when public.hit_rate_limit(v_client_bucket, 3, 3600) then 'mail' else 'none' end;
  end if;
  if public.hit_rate_limit(v_animal_bucket, 10, 3600) then
    perform public.hit_rate_limit(v_client_bucket, 3, 3600);
    return 'mail';
  end if;
  return case when public.hit_rate_limit('owner-digest:' || p_animal_id::text, 1, 3600) then 'digest' else 'none' end;
end
$$;
revoke all on function private.owner_mail_decision(uuid, text) from public, anon, authenticated;

-- What the functions need to mail the owner after a message or a position: the e-mail ('notify'), or the
-- digest ('digest', with the animal's unread messages), or neither.
create function private.owner_mail_answer(p_animal public.animals, p_client_hash text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_decision text := private.owner_mail_decision(p_animal.id, p_client_hash);
begin
  return jsonb_build_object(
    'notify', v_decision = 'mail',
    'digest', v_decision = 'digest',
    'unread_messages', case when v_decision = 'digest' then (
      select count(*)::integer from public.finder_messages m where m.animal_id = p_animal.id and m.read_at is null
    ) end
  );
end
$$;
revoke all on function private.owner_mail_answer(public.animals, text) from public, anon, authenticated;

-- record_finder_message with the sending client (post_finder_message's hash of it), for the e-mail limits.
drop function public.record_finder_message(text, text, text, text);
create function public.record_finder_message(
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
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id)
  ) || private.owner_mail_answer(v_animal, p_client_hash);
end
$$;
revoke all on function public.record_finder_message(text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_finder_message(text, text, text, text, text) to service_role;

-- record_scan under the same e-mail limits, and naming the animal for the digest's link.
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
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id)
  ) || private.owner_mail_answer(v_animal, p_client_hash);
end
$$;

-- The old cap, shared by every sender, is no longer used.
drop function private.owner_mail_allowed(uuid);
