-- Each opening of a lost animal's public page (record_lost_profile_view): when, and by which client as a
-- keyed hash (never the address), one per visit of 5 minutes. Where the finder was is known only if they
-- shared it (scan_events). Kept 90 days (purge_old_scan_events).
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

-- The household reads when their lost animal's page was opened, never the client's hash (as for scan_events);
-- its editors delete.
alter table public.profile_views enable row level security;
grant select (id, animal_id, code_id, created_at) on public.profile_views to authenticated;
grant delete on public.profile_views to authenticated;

create policy profile_views_select_member on public.profile_views
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy profile_views_delete_editor on public.profile_views
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_edit())));
