-- When the animal is found (issue 16): the owner's inbox (finders' messages, read or not) and scan history
-- (shared positions, and the openings of a lost animal's page), the lost-mode alert, and the checklist of
-- one loss. Only the owner reads or deletes any of it; finders still write only through the functions.

-- Messages: unread until the owner opens the inbox.
alter table public.finder_messages add column read_at timestamptz;

-- The owner may delete what finders sent about their animals (one item, or all of one animal's).
grant delete on public.finder_messages, public.scan_events to authenticated;

create policy finder_messages_delete_own on public.finder_messages
  for delete to authenticated
  using (exists (
    select 1 from public.animals a where a.id = finder_messages.animal_id and a.proprietaire_id = (select auth.uid())
  ));

create policy scan_events_delete_own on public.scan_events
  for delete to authenticated
  using (exists (
    select 1 from public.animals a where a.id = scan_events.animal_id and a.proprietaire_id = (select auth.uid())
  ));

-- Opening the inbox marks the animal's messages read; answers how many were unread.
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
  from public.animals a
  where m.animal_id = p_animal_id and m.read_at is null
    and a.id = m.animal_id and a.proprietaire_id = (select auth.uid());
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

-- Each opening of a lost animal's public page: when, and by which client as a salted hash (never the
-- address). Where the finder was is known only if they shared it (scan_events).
create table public.profile_views (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  code_id text not null references public.codes (id) on delete cascade,
  client_hash text constraint profile_views_client_hash_longueur check (char_length(client_hash) <= 128),
  created_at timestamptz not null default now()
);
create index profile_views_animal_id_idx on public.profile_views (animal_id, created_at desc);
create index profile_views_code_id_idx on public.profile_views (code_id);
create index profile_views_created_at_idx on public.profile_views (created_at);

alter table public.profile_views enable row level security;
-- Whatever a project grants by default on new tables: nothing for anon, only reading and deleting for owners.
revoke all on public.profile_views from anon, authenticated;
grant select, delete on public.profile_views to authenticated;

create policy profile_views_select_own on public.profile_views
  for select to authenticated
  using (exists (
    select 1 from public.animals a where a.id = profile_views.animal_id and a.proprietaire_id = (select auth.uid())
  ));

create policy profile_views_delete_own on public.profile_views
  for delete to authenticated
  using (exists (
    select 1 from public.animals a where a.id = profile_views.animal_id and a.proprietaire_id = (select auth.uid())
  ));

-- One loss: since when, and which items of the owner's checklist are done (remembered for this loss only).
alter table public.animals
  add column lost_since timestamptz,
  add column lost_checklist text[] not null default '{}'
    constraint animals_lost_checklist_valeurs
    check (lost_checklist <@ array['icad', 'fourriere', 'veterinaires', 'affiche']::text[]);

grant update (lost_checklist) on public.animals to authenticated;

create function private.track_loss() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_lost and not old.is_lost then
    new.lost_since := now();
    new.lost_checklist := '{}';
  elsif old.is_lost and not new.is_lost then
    new.lost_since := null;
    new.lost_checklist := '{}';
  end if;
  return new;
end
$$;
revoke all on function private.track_loss() from public, anon, authenticated;

create trigger animals_track_loss
  before update of is_lost on public.animals
  for each row execute function private.track_loss();

update public.animals set lost_since = coalesce(date_modification, now()) where is_lost and lost_since is null;

-- For get_public_profile, after it served a lost animal's page: records the opening and says whether to
-- e-mail the owner (at most once every 10 minutes per animal, however many finders). Nothing for an animal
-- that is not lost or a code that is not live.
create function public.record_lost_profile_view(p_code text, p_client_hash text) returns jsonb
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
  insert into public.profile_views (animal_id, code_id, client_hash) values (v_animal.id, v_code, p_client_hash);
  if not public.hit_rate_limit('lost-view-mail:' || v_animal.id::text, 1, 600) then
    return jsonb_build_object('recorded', true, 'notify', false);
  end if;
  return jsonb_build_object(
    'recorded', true,
    'notify', true,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'owner_email', (select u.email from auth.users u where u.id = v_animal.proprietaire_id)
  );
end
$$;
revoke all on function public.record_lost_profile_view(text, text) from public, anon, authenticated;
grant execute on function public.record_lost_profile_view(text, text) to service_role;

-- Positions and page openings are kept 90 days (the page says so); rate-limit windows a day.
create or replace function public.purge_old_scan_events() returns integer
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
  delete from public.profile_views where created_at < now() - interval '90 days';
  delete from public.rate_limit_hits where window_start < now() - interval '1 day';
  return v_deleted;
end
$$;
