-- The operators' tool (`pnpm medals`, supabase/medals), with the service role only: it mints medals, reads a
-- code's state, suspends or resumes it, and tells how the service is doing (status).

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

-- The schedules (supabase/schedules on hosted Supabase, the local stack's timers) and when each last ran: each
-- scheduled function records its own runs (record_schedule_run), so that `pnpm medals status` shows one that
-- stopped, or was never set up, whatever calls it. `every`: how often it should run; null for deliver-outbox,
-- which is called only while something is due and is judged by what waits in the outboxes.
create table private.schedule_runs (
  name text primary key,
  every interval,
  -- Since when a run is expected: the row's creation, so that a schedule never set up shows late too.
  expected_since timestamptz not null default now(),
  last_run_at timestamptz,
  -- What the run answered (its counts), or why it failed.
  last_outcome text
);
revoke all on private.schedule_runs from public, anon, authenticated;
insert into private.schedule_runs (name, every) values
  ('deliver-outbox', null),
  ('sweep-photos', interval '6 hours'),
  ('health-reminders', interval '1 day');

create function public.record_schedule_run(p_name text, p_outcome text) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.schedule_runs set last_run_at = now(), last_outcome = left(p_outcome, 500) where name = p_name
$$;
revoke all on function public.record_schedule_run(text, text) from public, anon, authenticated;
grant execute on function public.record_schedule_run(text, text) to service_role;

-- What an operator needs to know before the users do (`pnpm medals status`): what waits in the outboxes and
-- for how long, the schedules' last runs, and the last hour's traffic (counted, never who). `late` names what
-- waits too long:
-- - an e-mail due for over 10 minutes: deliver-outbox is not called, or fails;
-- - an e-mail unsent for over an hour: the provider refuses it (it is dropped at 24 hours);
-- - a push failing for over 30 minutes (it is dropped at an hour);
-- - a schedule an hour past its interval since its last run (or since it was expected).
create function public.operator_status() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with mail as (
    select count(*) as waiting,
           count(*) filter (where next_attempt_at <= now()) as due,
           min(next_attempt_at) filter (where next_attempt_at <= now()) as oldest_due_since,
           min(created_at) as oldest_written_at,
           max(attempts) as most_attempts
    from public.mail_outbox
  ), push as (
    -- A push is queued when its first attempt failed, and dropped an hour later (push_outbox.expires_at).
    select count(*) as failing, min(expires_at) - interval '1 hour' as oldest_failed_at from public.push_outbox
  ), schedules as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'name', s.name,
             'every', extract(epoch from s.every)::integer,
             'last_run_at', s.last_run_at,
             'last_outcome', s.last_outcome,
             'late', s.every is not null and coalesce(s.last_run_at, s.expected_since) < now() - s.every - interval '1 hour'
           ) order by s.name), '[]') as runs
    from private.schedule_runs s
  ), traffic as (
    select
      -- Each finder's openings of a medal's page within a minute share a window (public_profile_for_client).
      (select count(*) from public.rate_limit_hits
        where starts_with(bucket, 'profile:') and window_start > now() - interval '1 hour') as pages_opened,
      (select count(*) from public.finder_messages where created_at > now() - interval '1 hour') as messages,
      -- Sightings a household reported as abusive ('Signaler un abus'), for an operator to look at.
      (select count(*) from public.sightings where reported_at > now() - interval '7 days') as reported_sightings
  )
  select jsonb_build_object(
    'now', now(),
    'mail', jsonb_build_object(
      'waiting', mail.waiting, 'due', mail.due, 'oldest_due_since', mail.oldest_due_since,
      'oldest_written_at', mail.oldest_written_at, 'most_attempts', coalesce(mail.most_attempts, 0)),
    'push', jsonb_build_object('failing', push.failing, 'oldest_failed_at', push.oldest_failed_at),
    'schedules', schedules.runs,
    'last_hour', jsonb_build_object('pages_opened', traffic.pages_opened, 'messages', traffic.messages),
    'reported_sightings_7_days', traffic.reported_sightings,
    'late', to_jsonb(array_remove(array[
      case when mail.oldest_due_since < now() - interval '10 minutes' then 'mail_due' end,
      case when mail.oldest_written_at < now() - interval '1 hour' then 'mail_unsent' end,
      case when push.oldest_failed_at < now() - interval '30 minutes' then 'push_failing' end
    ] || array(select 'schedule:' || (run ->> 'name') from jsonb_array_elements(schedules.runs) run
               where (run ->> 'late')::boolean), null))
  )
  from mail, push, schedules, traffic
$$;
revoke all on function public.operator_status() from public, anon, authenticated;
grant execute on function public.operator_status() to service_role;
