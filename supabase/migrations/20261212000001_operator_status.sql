-- The operator knows before the users do: the scheduled functions record their runs, and operator_status
-- tells what waits too long (schemas/operator_functions.sql, schemas/finder_messages.sql).

-- The last hour's messages, counted for the operator (operator_status).
create index finder_messages_created_at_idx on public.finder_messages (created_at);

-- The schedules (supabase/schedules on hosted Supabase, the local stack's timers) and when each last ran: each
-- scheduled function records its own runs (record_schedule_run), so that `pnpm medals status` shows one that
-- stopped, or was never set up, whatever calls it. `every`: how often it should run; null for deliver-mail,
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
  ('deliver-mail', null),
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
-- - an e-mail due for over 10 minutes: deliver-mail is not called, or fails;
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
      (select count(*) from public.finder_messages where created_at > now() - interval '1 hour') as messages
  )
  select jsonb_build_object(
    'now', now(),
    'mail', jsonb_build_object(
      'waiting', mail.waiting, 'due', mail.due, 'oldest_due_since', mail.oldest_due_since,
      'oldest_written_at', mail.oldest_written_at, 'most_attempts', coalesce(mail.most_attempts, 0)),
    'push', jsonb_build_object('failing', push.failing, 'oldest_failed_at', push.oldest_failed_at),
    'schedules', schedules.runs,
    'last_hour', jsonb_build_object('pages_opened', traffic.pages_opened, 'messages', traffic.messages),
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
