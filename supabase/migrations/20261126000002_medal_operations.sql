-- The operators' tool (`pnpm medals`) reads a code's state and suspends or resumes it.
--
-- A medal whose animal was deleted (used, no animal) is 'retired', as the finder's page says, not 'activated'.
create or replace function public.medal_info(p_code text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when c.id is null then null else jsonb_build_object(
    'code', c.id,
    'state', case when c.suspended_at is not null then 'suspended'
                  when c.animal_id is not null then 'activated'
                  when c.used then 'retired' else 'free' end,
    'batch', c.batch,
    'created_at', c.created_at,
    'has_animal', c.animal_id is not null,
    'suspended_at', c.suspended_at,
    'suspended_by', c.suspended_by,
    'suspended_reason', c.suspended_reason
  ) end
  from (select upper(btrim(p_code)) as id) wanted
  left join public.codes c on c.id = wanted.id
$$;

-- Suspending a suspended code, or resuming one that is not, changes nothing: a second `suspend` used to erase
-- the first one's reason (and take an owner's suspension over). The answer says whether anything changed.
create or replace function public.set_medal_suspended(p_code text, p_suspended boolean, p_reason text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_changed boolean;
begin
  update public.codes
  set suspended_at = case when p_suspended then now() end,
      suspended_by = case when p_suspended then 'operator' end,
      suspended_reason = case when p_suspended then nullif(btrim(p_reason), '') end
  where id = upper(btrim(p_code))
    and (suspended_at is not null) <> p_suspended;
  v_changed := found;
  return public.medal_info(p_code) || jsonb_build_object('changed', v_changed);
end
$$;
