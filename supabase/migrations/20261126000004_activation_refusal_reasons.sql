-- register_animal_with_code names why it refused in `reason`, beside its French `error`, so that a caller
-- decides on a code and not on the words: 'session_expired' (no user), 'too_many_attempts' (the claims
-- throttle), 'code_unavailable' (unknown, already used or retired), 'code_suspended'; null once activated.
-- Nothing else changes: the same checks in the same order, the same French texts.
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
    return jsonb_build_object(
      'success', false, 'error', 'Session expirée', 'reason', 'session_expired', 'animal_id', null
    );
  end if;

  v_account_bucket := 'claim-failures:' || v_owner::text;
  v_client_bucket := 'claim-failures:client:' || v_client;
  if not public.hit_rate_limit(v_account_bucket, 10, 3600)
    or (v_client is not null and not public.hit_rate_limit(v_client_bucket, 30, 300)) then
    return jsonb_build_object(
      'success', false, 'error', 'Trop de tentatives. Réessayez plus tard.', 'reason', 'too_many_attempts',
      'animal_id', null
    );
  end if;

  -- Concurrent claims queue on this row lock; the losers then see the code taken.
  select suspended_at is not null into v_suspended
  from public.codes where id = v_code and not used and animal_id is null for update;
  if not found then
    return jsonb_build_object(
      'success', false, 'error', 'Code invalide ou déjà utilisé', 'reason', 'code_unavailable', 'animal_id', null
    );
  end if;
  if v_suspended then
    return jsonb_build_object(
      'success', false, 'error', 'Cette médaille est suspendue. Contactez le support.', 'reason', 'code_suspended',
      'animal_id', null
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

  return jsonb_build_object('success', true, 'error', null, 'reason', null, 'animal_id', v_animal_id);
end
$$;
