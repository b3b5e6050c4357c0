-- Medal codes (docs/decisions/0003-atomic-activation.md): minted in batches by the operators' tool, claimed once by an
-- owner's activation, suspended when a medal is lost or stolen. A code whose animal was deleted stays used with no
-- animal ('retired'): a printed medal belongs to the animal it was given to, and is never handed out again.
create table public.codes (
  id text primary key constraint codes_id_format check (id ~ '^MDL-[A-Z0-9-]+$' and char_length(id) <= 64),
  used boolean not null default false,
  animal_id uuid constraint codes_animal_id_key unique references public.animals (id) on delete set null,
  created_at timestamptz not null default now(),
  batch text constraint codes_batch_longueur check (char_length(batch) between 1 and 100),
  -- A suspended code shows the scan page's 'Médaille suspendue' and nothing of its animal, takes no message
  -- or position, and cannot be activated; resumed, it is exactly as before.
  suspended_at timestamptz,
  -- Who suspended it: an owner may resume only their own suspension, never the operator's.
  suspended_by text constraint codes_suspended_by_valeurs check (suspended_by in ('owner', 'operator')),
  suspended_reason text constraint codes_suspended_reason_longueur check (char_length(suspended_reason) <= 500),
  -- When the owner was last e-mailed about an operator's suspension (claim_suspension_notices): a suspension
  -- that began later is told again.
  owner_told_of_suspension_at timestamptz,
  constraint codes_animal_implique_used check (animal_id is null or used),
  constraint codes_suspension_complete check ((suspended_at is null) = (suspended_by is null))
);

-- A household's members see the codes linked to their animals (the codes(id) embedding). Claiming a code happens only in
-- register_animal_with_code; a code's status comes from code_status (both in owner_rpcs.sql).
alter table public.codes enable row level security;
grant select on public.codes to authenticated;

create policy codes_select_member on public.codes
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));
