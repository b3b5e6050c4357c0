-- A location a finder shared with consent (record-scan, record_scan). Kept 90 days (purge_old_scan_events).
create table public.scan_events (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  code_id text not null references public.codes (id) on delete cascade,
  lat double precision not null constraint scan_events_lat_plage check (lat between -90 and 90),
  lon double precision not null constraint scan_events_lon_plage check (lon between -180 and 180),
  accuracy_m double precision constraint scan_events_accuracy_positive check (accuracy_m >= 0),
  -- The finder's browser: the server's, never shown to the owner.
  user_agent text constraint scan_events_user_agent_longueur check (char_length(user_agent) <= 512),
  consent boolean not null constraint scan_events_consentement check (consent),
  created_at timestamptz not null default now(),
  -- The finders' functions' keyed hash of the address (docs/decisions/0009-client-identity-from-gateway.md), for the
  -- cooldown between two shares.
  client_hash text
);

create index scan_events_animal_id_idx on public.scan_events (animal_id, created_at desc);
create index scan_events_code_id_idx on public.scan_events (code_id);
create index scan_events_created_at_idx on public.scan_events (created_at);
create index scan_events_cooldown_idx on public.scan_events (code_id, client_hash, created_at desc);

-- Finders stay unknown to owners: owners read where and when a position was shared, never what stands for
-- the finder (client_hash, user_agent). Column grants, as PostgREST applies them: naming such a column, or
-- select=*, is refused with 42501 (HTTP 403). tests/database/security-rules.test.ts lists every column an
-- owner may read, so that a column added later is decided there. The household reads, its editors delete.
alter table public.scan_events enable row level security;
grant select (id, animal_id, code_id, lat, lon, accuracy_m, created_at) on public.scan_events to authenticated;
grant delete on public.scan_events to authenticated;

create policy scan_events_select_member on public.scan_events
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

create policy scan_events_delete_editor on public.scan_events
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_edit())));
