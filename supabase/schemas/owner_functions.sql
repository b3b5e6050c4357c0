-- What the portal calls with an owner's session (authenticated), besides the tables' own grants and policies.
-- Security definer where a step needs more than the owner's rows (a free code, storage's files, auth.users),
-- each one checking the caller itself; security invoker where row level security decides.

-- A code's status for the scan and activation pages: 'free', 'activated', 'suspended' or 'unknown'; never lists
-- codes. The one thing anonymous callers may run, so limited per client (30 checks per 5 minutes, the rate
-- Supabase Auth allows per address for its own checks) that nobody walks the code space. Over the limit it
-- raises SQLSTATE PT429, which PostgREST answers as HTTP 429.
create function public.code_status(p_code text) returns text
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
revoke all on function public.code_status(text) from public;
grant execute on function public.code_status(text) to anon, authenticated, service_role;

-- Activation (docs/decisions/0003-atomic-activation.md): creates the caller's animal and claims the code in one
-- transaction; the code must exist, be free and not suspended; when several owners claim one code at once, exactly one
-- wins and the others create nothing. Wrong claims are counted, 10 an hour per account and 30 per 5 minutes per client
-- address (code_status's own limit, so that claiming is no better an oracle than checking); past either, every
-- claim is refused before the code is even looked at. A claim that succeeds gives its count back. Answers
-- {success, error, reason, animal_id}: the spec's message, and the refusal's code the portal decides on
-- ('session_expired', 'too_many_attempts', 'code_unavailable', 'code_suspended'; null once activated).
create function public.register_animal_with_code(p_code text, p_animal jsonb) returns jsonb
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
revoke all on function public.register_animal_with_code(text, jsonb) from public;
grant execute on function public.register_animal_with_code(text, jsonb) to authenticated, service_role;

-- A new order of an animal's photos in one transaction (docs/decisions/0010-multi-step-writes-on-server.md): two
-- devices reordering at once end with one of their orders, never a mix, and a browser that dies midway changes nothing.
-- Security invoker: row level security decides what is seen, and only the owner and co-owners reorder (a keeper is
-- refused, 403).
create function public.reorder_animal_photos(p_animal_id uuid, p_photo_ids uuid[]) returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- Orders of one animal queue here; someone else's animal is invisible, hence not found.
  perform 1 from public.animals where id = p_animal_id for update;
  if not found then
    raise sqlstate 'PT404' using message = 'Animal introuvable.';
  end if;
  -- The service role (no user) reorders any animal.
  if (select auth.uid()) is not null then
    if p_animal_id not in (select private.animals_i_edit()) then
      raise sqlstate 'PT403' using message = 'Seuls le propriétaire et les co-propriétaires modifient cet animal.';
    end if;
  end if;
  if (select array_agg(p.id order by p.id) from public.animal_photos p where p.animal_id = p_animal_id)
     is distinct from (select array_agg(x order by x) from unnest(p_photo_ids) x) then
    raise sqlstate 'PT409' using message = 'La liste des photos a changé. Rechargez la page.';
  end if;
  update public.animal_photos p set position = o.ordinality - 1
  from unnest(p_photo_ids) with ordinality o(id, ordinality)
  where p.id = o.id and p.animal_id = p_animal_id and p.position is distinct from o.ordinality - 1;
end
$$;
revoke all on function public.reorder_animal_photos(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_animal_photos(uuid, uuid[]) to authenticated;

-- Deletes one animal of p_owner in the caller's transaction and answers the names of all its files in the
-- animal-photos bucket: its folder {animal_id}/ and the owner's single photo {user_id}/{animal_id}.{ext};
-- then those of its health documents, each prefixed with its bucket ('health-documents/{animal_id}/…'), which
-- no name of animal-photos can start with (they start with an id).
-- Its photo rows, booklet, messages, shared positions and page openings go with it (on delete cascade), and so
-- do the rate-limit windows named after it; its medal is retired. The caller removes the files through the
-- Storage API; one that dies first leaves them to sweep-photos. Null when the owner has no such animal.
create function private.delete_owned_animal(p_owner uuid, p_animal_id uuid) returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_files text[];
begin
  perform 1 from public.animals where id = p_animal_id and proprietaire_id = p_owner for update;
  if not found then
    return null;
  end if;
  -- An upload to the animal's folders that is under way holds these locks (enforce_photo_folder_cap,
  -- enforce_health_document_folder_cap) until it commits: wait for it, so that its file is in the list.
  perform pg_advisory_xact_lock(hashtextextended('storage.objects animal-photos ' || p_animal_id::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('storage.objects health-documents ' || p_animal_id::text, 0));
  select coalesce(array_agg(o.name order by o.name collate "C"), '{}') into v_files
  from storage.objects o
  where o.bucket_id = 'animal-photos'
    and (starts_with(o.name, p_animal_id::text || '/')
      or o.name ~ ('^' || p_owner::text || '/' || p_animal_id::text || '\.[^/]+$'));
  v_files := v_files || coalesce((
    select array_agg('health-documents/' || o.name order by o.name collate "C")
    from storage.objects o
    where o.bucket_id = 'health-documents' and starts_with(o.name, p_animal_id::text || '/')
  ), '{}');
  delete from public.animals where id = p_animal_id;
  delete from public.rate_limit_hits where right(bucket, 37) = ':' || p_animal_id::text;
  return v_files;
end
$$;
revoke all on function private.delete_owned_animal(uuid, uuid) from public, anon, authenticated, service_role;

-- delete-animal's operation (docs/decisions/0010-multi-step-writes-on-server.md): one of the caller's animals. Someone
-- else's is not found; one the caller answers for without owning it is refused (403).
create function public.delete_animal(p_animal_id uuid) returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := (select auth.uid());
  v_files text[];
begin
  if v_owner is null then
    raise sqlstate 'PT401' using message = 'Connectez-vous pour supprimer un animal.';
  end if;
  v_files := private.delete_owned_animal(v_owner, p_animal_id);
  if v_files is null and p_animal_id in (select private.animals_i_see()) then
    raise sqlstate 'PT403' using message = 'Seul le propriétaire peut supprimer cet animal.';
  elsif v_files is null then
    raise sqlstate 'PT404' using message = 'Animal introuvable.';
  end if;
  return v_files;
end
$$;
revoke all on function public.delete_animal(uuid) from public, anon, service_role;
grant execute on function public.delete_animal(uuid) to authenticated;

-- delete-account's first step, with the caller's own token and the e-mail address they typed to confirm
-- (refused unless it is the account's own, whatever the case): every animal of the caller deleted as
-- delete_animal deletes one, in one transaction, and everything else of the user's folder {user_id}/ named
-- too. Answers the user's id (for GoTrue's admin API, which then deletes the account itself), the files to
-- remove through the Storage API, and the deleted animals' ids (their folders of finders' photos go too).
-- Called again after a failure further on, it finds nothing left but the account, and answers its id again.
create function public.delete_my_account_data(p_email text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := (select auth.uid());
  v_animal uuid;
  v_animals uuid[] := '{}';
  v_files text[] := '{}';
begin
  if v_owner is null then
    raise sqlstate 'PT401' using message = 'Connectez-vous pour supprimer votre compte.';
  end if;
  if not exists (
    select 1 from auth.users u where u.id = v_owner and lower(u.email) = lower(btrim(coalesce(p_email, '')))
  ) then
    raise sqlstate 'PT400' using message = 'L''adresse e-mail ne correspond pas à votre compte.';
  end if;
  for v_animal in
    select id from public.animals where proprietaire_id = v_owner order by id for update
  loop
    v_files := v_files || private.delete_owned_animal(v_owner, v_animal);
    v_animals := v_animals || v_animal;
  end loop;
  perform pg_advisory_xact_lock(hashtextextended('storage.objects animal-photos ' || v_owner::text, 0));
  v_files := v_files || coalesce((
    select array_agg(o.name order by o.name collate "C")
    from storage.objects o
    where o.bucket_id = 'animal-photos' and starts_with(o.name, v_owner::text || '/')
      and not (o.name = any (v_files))
  ), '{}');
  delete from public.rate_limit_hits where right(bucket, 37) = ':' || v_owner::text;
  return jsonb_build_object('user_id', v_owner, 'files', to_jsonb(v_files), 'animal_ids', to_jsonb(v_animals));
end
$$;
revoke all on function public.delete_my_account_data(text) from public, anon, service_role;
grant execute on function public.delete_my_account_data(text) to authenticated;

-- Opening the inbox marks the animal's messages read, for any member of its household; answers how many were
-- unread.
create function public.mark_messages_read(p_animal_id uuid) returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.finder_messages m set read_at = now()
  where m.animal_id = p_animal_id and m.read_at is null
    and m.animal_id in (select private.animals_i_see());
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke all on function public.mark_messages_read(uuid) from public, anon;
grant execute on function public.mark_messages_read(uuid) to authenticated;

-- Unread messages per animal of the caller ('Mes animaux' cards), under row level security.
create function public.unread_message_counts() returns table (animal_id uuid, unread integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.animal_id, count(*)::integer from public.finder_messages m where m.read_at is null group by m.animal_id
$$;
revoke all on function public.unread_message_counts() from public, anon;
grant execute on function public.unread_message_counts() to authenticated;

-- An owner or co-owner suspends or resumes the medal of one of their animals (a medal lost, or found by a stranger).
-- An operator's suspension stays until the operator lifts it. Answers the code's new state, or a refusal with
-- its code ('no_medal', 'suspended_by_operator').
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
  from public.codes c
  where c.animal_id = p_animal_id and c.animal_id in (select private.animals_i_edit())
  for update;
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
revoke all on function public.set_my_medal_suspended(uuid, boolean) from public, anon;
grant execute on function public.set_my_medal_suspended(uuid, boolean) to authenticated;
