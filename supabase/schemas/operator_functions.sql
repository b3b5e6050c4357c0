-- The operators' tool (`pnpm medals`, supabase/medals), with the service role only: it mints medals, reads a
-- code's state and suspends or resumes it.

-- Inserts a batch all at once, or nothing: when a code already exists, nothing is inserted and the colliding
-- codes are answered, so that the tool replaces them with new ones and tries again (a code is never handed
-- out twice).
create function public.mint_medal_codes(p_codes text[], p_batch text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_taken text[];
begin
  if coalesce(cardinality(p_codes), 0) = 0 or cardinality(p_codes) > 10000 then
    raise sqlstate '22023' using message = 'between 1 and 10000 codes at a time';
  end if;
  if (select count(distinct c) from unnest(p_codes) c) <> cardinality(p_codes) then
    raise sqlstate '22023' using message = 'the batch repeats a code';
  end if;
  -- One minting at a time, so that two batches cannot both see a code free.
  perform pg_advisory_xact_lock(hashtext('mint_medal_codes'));
  select coalesce(array_agg(c.id), '{}') into v_taken from public.codes c where c.id = any (p_codes);
  if cardinality(v_taken) > 0 then
    return jsonb_build_object('inserted', 0, 'taken', to_jsonb(v_taken), 'created_at', null);
  end if;
  insert into public.codes (id, batch) select code, p_batch from unnest(p_codes) code;
  return jsonb_build_object('inserted', cardinality(p_codes), 'taken', '[]'::jsonb, 'created_at', now());
end
$$;
revoke all on function public.mint_medal_codes(text[], text) from public, anon, authenticated;
grant execute on function public.mint_medal_codes(text[], text) to service_role;

-- What the tool shows about one code: its state ('retired' when its animal was deleted, as the finder's page
-- says) and batch, whether an animal wears it; nothing of the owner.
create function public.medal_info(p_code text) returns jsonb
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
revoke all on function public.medal_info(text) from public, anon, authenticated;
grant execute on function public.medal_info(text) to service_role;

-- The operator suspends (with an optional reason) or resumes a code; null when the code does not exist.
-- Suspending a suspended code, or resuming one that is not, changes nothing (a second `suspend` keeps the
-- first one's reason, and never takes an owner's suspension over); the answer says whether anything changed.
create function public.set_medal_suspended(p_code text, p_suspended boolean, p_reason text default null)
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
revoke all on function public.set_medal_suspended(text, boolean, text) from public, anon, authenticated;
grant execute on function public.set_medal_suspended(text, boolean, text) to service_role;
