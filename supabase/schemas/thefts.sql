-- A stolen animal (docs/product/theft.md, docs/decisions/0019-neighbourhood-search.md): declared by its owner or
-- a co-owner, with when, where and the complaint's reference. Its medal's page stays word for word what it was
-- (nothing here reaches public_profile), while every opening of it alerts the household at once
-- (stolen_view_alert). The household may give it a public search page, its name hidden at first.
-- 'Retrouvé' ends it, as it ends a loss.
create table public.thefts (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  stolen_at timestamptz not null,
  place text constraint thefts_place_longueur check (char_length(place) <= 120),
  complaint_reference text
    constraint thefts_complaint_reference_longueur check (char_length(complaint_reference) <= 60),
  declared_at timestamptz not null default now(),
  found_at timestamptz,
  -- The search page made for the theft (set_theft_page), or none; a loss's own page is never the theft's.
  search_id uuid references public.searches (id) on delete set null,
  -- A theft is declared once it has happened (the phone's clock may run a little fast).
  constraint thefts_stolen_at_passe check (stolen_at <= declared_at + interval '5 minutes'),
  constraint thefts_textes_caracteres check (
    coalesce(place, '') !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
    and coalesce(complaint_reference, '') !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
  )
);

create unique index thefts_one_open_per_animal on public.thefts (animal_id) where found_at is null;
create index thefts_search_id_idx on public.thefts (search_id) where search_id is not null;

-- The household sees it (a keeper too, while their access lasts); the owner and co-owners declare it, word it
-- and end it ('Retrouvé': found_at, which the database dates itself).
alter table public.thefts enable row level security;
grant select on public.thefts to authenticated;
grant insert (animal_id, stolen_at, place, complaint_reference) on public.thefts to authenticated;
grant update (stolen_at, place, complaint_reference, found_at) on public.thefts to authenticated;

create policy thefts_select_member on public.thefts
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy thefts_insert_editor on public.thefts
  for insert to authenticated
  with check (animal_id = any (array(select private.animals_i_edit())));

create policy thefts_update_editor on public.thefts
  for update to authenticated
  using (found_at is null and animal_id = any (array(select private.animals_i_edit())))
  with check (animal_id = any (array(select private.animals_i_edit())));

-- The database dates the declaration and the return, whatever the client sent.
create function private.date_theft() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.declared_at := now();
    new.found_at := null;
    new.search_id := null;
  else
    new.declared_at := old.declared_at;
    if new.found_at is not null then
      new.found_at := now();
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.date_theft() from public, anon, authenticated;

create trigger thefts_dated
  before insert or update on public.thefts
  for each row execute function private.date_theft();

-- 'Retrouvé': the animal is home. Its theft's page says so, and a loss declared alongside ends too (its own page
-- with it, follow_loss_with_search).
create function private.end_theft() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.searches set found_at = now() where id = new.search_id and found_at is null;
  update public.animals set is_lost = false where id = new.animal_id and is_lost;
  return null;
end
$$;
revoke all on function private.end_theft() from public, anon, authenticated;

create trigger thefts_end
  after update of found_at on public.thefts
  for each row when (old.found_at is null and new.found_at is not null)
  execute function private.end_theft();

-- The theft's public search page, for its owner or a co-owner: p_public opens one with the name hidden (the
-- household may show it from the page's panel), or takes it off the web (deleted with its sightings and
-- followers: it never said 'Retrouvé !'). While the animal is also lost, its loss's page is already public:
-- 'lost_page', nothing changed. Answers {status: 'public' | 'private' | 'lost_page' | 'not_found'}.
create function public.set_theft_page(p_theft_id uuid, p_public boolean) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_theft public.thefts;
  v_search_id uuid;
begin
  select * into v_theft from public.thefts
  where id = p_theft_id and found_at is null and animal_id in (select private.animals_i_edit())
  for update;
  if v_theft.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if not p_public then
    delete from public.searches where id = v_theft.search_id and found_at is null;
    return jsonb_build_object('status', 'private');
  end if;
  if v_theft.search_id is not null then
    return jsonb_build_object('status', 'public', 'search_id', v_theft.search_id);
  end if;
  insert into public.searches (animal_id, hide_name) values (v_theft.animal_id, true)
  on conflict do nothing
  returning id into v_search_id;
  if v_search_id is null then
    return jsonb_build_object('status', 'lost_page');
  end if;
  update public.thefts set search_id = v_search_id where id = v_theft.id;
  return jsonb_build_object('status', 'public', 'search_id', v_search_id);
end
$$;
revoke all on function public.set_theft_page(uuid, boolean) from public, anon;
grant execute on function public.set_theft_page(uuid, boolean) to authenticated;

-- For public_profile_for_client (finder_functions.sql), in the same call as the page's answer: an opening of a
-- stolen animal's medal page, recorded for the household's history and told at once, every time (not the lost
-- page's one e-mail per 10 minutes), but once per client and 5 minutes, and at most 30 an hour per animal so that
-- a flood of openings cannot bury the household's mailbox. Whom to tell, or null (not stolen, or not to tell):
-- get_public_profile takes it out of the answer before the finder gets it.
create function private.stolen_view_alert(p_animal_id uuid, p_code text, p_client_hash text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.thefts t where t.animal_id = p_animal_id and t.found_at is null) then
    return null;
  end if;
  if exists (
    select 1 from public.profile_views v
    where v.animal_id = p_animal_id and v.client_hash = p_client_hash and v.created_at > now() - interval '5 minutes'
  ) then
    return null;
  end if;
  insert into public.profile_views (animal_id, code_id, client_hash) values (p_animal_id, p_code, p_client_hash);
  if not public.hit_rate_limit('stolen-view-alert:' || p_animal_id::text, 30, 3600) then
    return null;
  end if;
  return jsonb_build_object(
    'animal_id', p_animal_id,
    'animal_name', (select a.nom from public.animals a where a.id = p_animal_id),
    'code', p_code,
    'recipients', private.alert_recipients(p_animal_id)
  );
end
$$;
revoke all on function private.stolen_view_alert(uuid, text, text) from public, anon, authenticated;
