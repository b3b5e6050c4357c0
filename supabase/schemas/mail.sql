-- The owners' e-mails that could not be sent yet. A finder's message or position is stored first; its e-mail
-- is written here before it is sent and removed once the provider took it, so a provider that is down only
-- delays it: the deliver-outbox function retries what is due (pg_cron on hosted, supabase/schedules; a timer in
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
  for_account_only boolean not null default true,
  -- Headers of its own, {name: value}: a finder's e-mail's List-Unsubscribe and List-Unsubscribe-Post.
  headers jsonb not null default '{}'
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
    returning m.id, m.recipient, m.subject, m.text_body, m.html_body, m.headers, m.attempts
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

-- An operator's suspension is told to the medal's owner by e-mail, once: deliver-outbox, run every minute,
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

-- E-mails to a finder's address. Anyone may type any address in a message, even to their own medal, so every
-- e-mail to it (the link to the conversation, a word that the household answered, the word that the animal is
-- home) asks pass_finder_mail first, and each carries a link that stops them all (RFC 8058's one-click
-- List-Unsubscribe, and a page: the stop-finder-mail function).
--
-- One row per address ever e-mailed, with its unsubscribe link's token, kept for good so that a refusal holds
-- for every later conversation. The address itself is not kept but its hash, salted with this database's salt
-- (finder_address_hash): a list of people who asked us to forget them should not be a list of their addresses,
-- and matching an address given again is all the row is for. Only the functions below touch it.
create table public.finder_mail_addresses (
  address_hash text primary key,
  -- 64 random hex characters: the unsubscribe link names the address without showing it.
  unsubscribe_token text not null
    constraint finder_mail_addresses_token_format check (unsubscribe_token ~ '^[0-9a-f]{64}$')
    constraint finder_mail_addresses_token_key unique,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now()
);
alter table public.finder_mail_addresses enable row level security;
revoke all on public.finder_mail_addresses from public, anon, authenticated;

-- An address as finder_mail_addresses knows it: trimmed, lower-cased (as post_finder_message stores it),
-- salted and hashed.
create function private.finder_address_hash(p_address text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select encode(sha256(convert_to(s.salt || lower(btrim(p_address)), 'UTF8')), 'hex')
  from private.client_hash_salt s
$$;
revoke all on function private.finder_address_hash(text) from public, anon, authenticated;

-- Before each e-mail to a finder's address: its unsubscribe token when the e-mail may go, null when not (the
-- address asked for no more e-mail, or its window is full). Each call counts one e-mail in the address's one
-- window, whatever the conversation. A real finder writes about one animal or two: a link each (p_link), a
-- word per answer at most every 15 minutes per conversation (finder_mail_for_reply), and one when it is home
-- (claim_found_notices): 10 a day leaves room for a busy day; of those, 5 links a day, as the link e-mail
-- was capped before any other went, so an address that never opened one gets no more than that.
-- CONVERSATION_LIMITS (finderMailsPerDay, finderLinkMailsPerDay) names the same figures; a test holds them to
-- these.
create function public.pass_finder_mail(p_address text, p_link boolean) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hash text := private.finder_address_hash(p_address);
  v_address public.finder_mail_addresses;
begin
  insert into public.finder_mail_addresses (address_hash, unsubscribe_token)
  values (v_hash, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict (address_hash) do nothing;
  select * into v_address from public.finder_mail_addresses where address_hash = v_hash;
  if v_address.unsubscribed_at is not null then
    return null;
  elsif p_link and not public.hit_rate_limit('finder-link-mail:' || v_hash, 5, 86400) then
    return null;
  elsif not public.hit_rate_limit('finder-mail:' || v_hash, 10, 86400) then
    return null;
  end if;
  return v_address.unsubscribe_token;
end
$$;
revoke all on function public.pass_finder_mail(text, boolean) from public, anon, authenticated;
grant execute on function public.pass_finder_mail(text, boolean) to service_role;

-- The unsubscribe link, for the stop-finder-mail function: p_stop false only reads whether the address still
-- gets e-mail (the page a link opens changes nothing: mail scanners open every link); p_stop true stops it
-- for good. Answers 'receiving' or 'stopped', or null for a token no address has.
create function public.finder_mail_stop(p_token text, p_stop boolean) returns text
language sql
volatile
security definer
set search_path = ''
as $$
  with stopped as (
    update public.finder_mail_addresses set unsubscribed_at = coalesce(unsubscribed_at, now())
    where p_stop and unsubscribe_token = p_token
    returning unsubscribed_at
  )
  select case when coalesce(
    (select unsubscribed_at from stopped),
    (select unsubscribed_at from public.finder_mail_addresses where unsubscribe_token = p_token)
  ) is not null then 'stopped' else 'receiving' end
  where exists (select 1 from public.finder_mail_addresses where unsubscribe_token = p_token)
$$;
revoke all on function public.finder_mail_stop(text, boolean) from public, anon, authenticated;
grant execute on function public.finder_mail_stop(text, boolean) to service_role;
