-- The owners' e-mails that could not be sent yet. A finder's message or position is stored first; its e-mail
-- is written here before it is sent and removed once the provider took it, so a provider that is down only
-- delays it: the deliver-mail function retries what is due (pg_cron on hosted, supabase/schedules; a timer in
-- the local stack) until it is sent or expires. The row's id goes with every attempt as the provider's
-- Idempotency-Key, so an attempt whose answer was lost never makes a second e-mail.
-- Only the service role (the functions) reads or writes it: it holds owners' addresses and finders' words.
create table public.mail_outbox (
  id uuid primary key,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- Attempts started, the first one by the function that wrote the row.
  attempts integer not null default 1,
  -- Not before then: the lease of the attempt under way (its writer's, or a retrier's), or the backoff after
  -- a failed one. A function that dies while sending leaves its row due again once the lease has run out.
  next_attempt_at timestamptz not null default now() + interval '5 minutes',
  -- Resend keeps an Idempotency-Key 24 hours: a later attempt could send the e-mail twice.
  expires_at timestamptz not null default now() + interval '24 hours',
  last_error text,
  created_at timestamptz not null default now(),
  -- An account's e-mail (an alert, a notice) is dropped once no account has its address; an invitation to a
  -- household goes to someone who may have none yet, and is kept.
  for_account_only boolean not null default true
);
alter table public.mail_outbox enable row level security;
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at);

revoke all on public.mail_outbox from public, anon, authenticated;
grant select, insert, update, delete on public.mail_outbox to service_role;

-- Up to p_limit due e-mails, each leased for 5 minutes (a retrier sends at most 20 with 5 seconds each). Rows
-- another retrier holds are skipped, not waited for: two runs at once never take the same e-mail. Removed
-- unsent first: the expired ones, and an account's e-mails to an address that is no account's any more (the
-- owner deleted their account, which takes everything of theirs, or changed its address). Security definer
-- to read auth.users, which the service role's SQL cannot.
create function public.claim_due_mails(p_limit integer default 20) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_expired integer;
  v_dropped integer;
  v_mails jsonb;
begin
  delete from public.mail_outbox where expires_at <= now();
  get diagnostics v_expired = row_count;
  delete from public.mail_outbox m
  where m.for_account_only and not exists (select 1 from auth.users u where lower(u.email) = lower(m.recipient));
  get diagnostics v_dropped = row_count;
  with due as (
    select id from public.mail_outbox
    where next_attempt_at <= now()
    order by next_attempt_at
    limit greatest(p_limit, 0)
    for update skip locked
  ), leased as (
    update public.mail_outbox m
    set next_attempt_at = now() + interval '5 minutes', attempts = m.attempts + 1
    from due
    where m.id = due.id
    returning m.id, m.recipient, m.subject, m.text_body, m.html_body, m.attempts
  )
  select coalesce(jsonb_agg(to_jsonb(leased) order by leased.id), '[]') into v_mails from leased;
  return jsonb_build_object('expired', v_expired, 'dropped', v_dropped, 'mails', v_mails);
end
$$;
revoke all on function public.claim_due_mails(integer) from public, anon, authenticated;
grant execute on function public.claim_due_mails(integer) to service_role;

-- After a failed attempt: the next one 1, 2, 4, … minutes later, at most 30.
create function public.retry_mail_later(p_id uuid, p_error text) returns void
language sql
volatile
set search_path = ''
as $$
  update public.mail_outbox
  set next_attempt_at = now() + least(interval '1 minute' * power(2, least(attempts, 10) - 1), interval '30 minutes'),
      last_error = left(p_error, 1000)
  where id = p_id
$$;
revoke all on function public.retry_mail_later(uuid, text) from public, anon, authenticated;
grant execute on function public.retry_mail_later(uuid, text) to service_role;

-- An operator's suspension is told to the medal's owner by e-mail, once: deliver-mail, run every minute,
-- claims up to p_limit operator suspensions of activated medals not told yet, marked told as they are claimed
-- (two runs at once never take the same one), with what the e-mail needs. A suspension is told when the code
-- was not told of one at or after its start, so a new suspension is told again. Security definer to read
-- auth.users.
create function public.claim_suspension_notices(p_limit integer default 20) returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  with due as (
    select c.id from public.codes c
    where c.suspended_by = 'operator' and c.animal_id is not null
      and (c.owner_told_of_suspension_at is null or c.owner_told_of_suspension_at < c.suspended_at)
    order by c.suspended_at
    limit greatest(p_limit, 0)
    for update skip locked
  ), told as (
    update public.codes c
    set owner_told_of_suspension_at = now()
    from due
    where c.id = due.id
    returning c.id, c.animal_id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'code', told.id, 'animal_id', a.id, 'animal_name', a.nom, 'owner_email', u.email
  ) order by told.id), '[]')
  from told
  join public.animals a on a.id = told.animal_id
  join auth.users u on u.id = a.proprietaire_id
$$;
revoke all on function public.claim_suspension_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_suspension_notices(integer) to service_role;
