-- Medal codes: their status for the scan and activation pages, and the atomic activation (DESIGN D3).

-- 'free', 'activated' or 'unknown' for one code; never lists codes. A used code without an animal
-- counts as activated here; the scan page learns the finer outcome from get_public_profile.
create function public.code_status(p_code text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when c.id is null then 'unknown'
    when c.used or c.animal_id is not null then 'activated'
    else 'free'
  end
  from (select upper(btrim(p_code)) as id) wanted
  left join public.codes c on c.id = wanted.id
$$;

-- Creates the caller's animal and claims the code in one transaction: the code must exist and be free;
-- when several owners claim one code at once, exactly one wins and the others create nothing.
-- Answers {success, error, animal_id} with the spec's messages.
create function public.register_animal_with_code(p_code text, p_animal jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := auth.uid();
  v_code text := upper(btrim(p_code));
  v_animal public.animals;
  v_animal_id uuid;
begin
  if v_owner is null then
    return jsonb_build_object('success', false, 'error', 'Session expirée', 'animal_id', null);
  end if;

  -- Concurrent claims queue on this row lock; the losers then see the code taken.
  perform 1 from public.codes where id = v_code and not used and animal_id is null for update;
  if not found then
    return jsonb_build_object('success', false, 'error', 'Code invalide ou déjà utilisé', 'animal_id', null);
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

revoke all on function public.code_status(text) from public;
revoke all on function public.register_animal_with_code(text, jsonb) from public;
grant execute on function public.code_status(text) to anon, authenticated, service_role;
grant execute on function public.register_animal_with_code(text, jsonb) to authenticated, service_role;
