-- The owner's RPCs name why they refused in `reason`, beside their French `error`, so that the portal decides
-- on a code and not on the words. Nothing else changes: the same checks in the same order, the same texts.

-- register_animal_with_code: 'session_expired' (no user), 'too_many_attempts' (the claims throttle),
-- 'code_unavailable' (unknown, already used or retired), 'code_suspended'; null once activated.
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

-- set_my_medal_suspended: 'no_medal' (no medal on an animal of the caller's), 'suspended_by_operator' (only the
-- support lifts it); null once done.
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
  from public.codes c join public.animals a on a.id = c.animal_id
  where c.animal_id = p_animal_id and a.proprietaire_id = (select auth.uid())
  for update of c;
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
