-- Alerts on a member's phone without an app (Web Push, docs/decisions/0017-finder-owner-conversation.md): each device a
-- member turned notifications on for is a subscription of their browser's push service (its endpoint and the keys that
-- encrypt what is sent there, RFC 8291). The functions send each alert of an animal to every subscription of its
-- household's members (push_targets); a push that failed for a while waits in push_outbox for deliver-outbox's next runs;
-- an endpoint the push service says is gone (404, 410) is forgotten.
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The push service's URL for this browser: https, checked against the known push services by the
  -- push-subscription function before it is stored.
  endpoint text not null
    constraint push_subscriptions_endpoint_format check (endpoint ~ '^https://' and char_length(endpoint) <= 2048)
    constraint push_subscriptions_endpoint_key unique,
  -- The browser's P-256 public key (65 bytes) and authentication secret (16 bytes), base64url.
  p256dh text not null constraint push_subscriptions_p256dh_format check (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text not null constraint push_subscriptions_auth_format check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

-- A member sees and removes their own devices; a subscription is written by push-subscription only
-- (save_push_subscription), which checks its endpoint first.
alter table public.push_subscriptions enable row level security;
grant select (id, endpoint, created_at), delete on public.push_subscriptions to authenticated;

create policy push_subscriptions_select_own on public.push_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy push_subscriptions_delete_own on public.push_subscriptions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- A push that could not be delivered yet: retried by deliver-outbox for an hour, then dropped (an alert that late
-- is no alert). Goes with its subscription: a member's device, or a search's follower (search_followers.sql).
create table public.push_outbox (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid references public.push_subscriptions (id) on delete cascade,
  payload jsonb not null,
  attempts integer not null default 1,
  next_attempt_at timestamptz not null default now() + interval '1 minute',
  expires_at timestamptz not null default now() + interval '1 hour',
  -- Last because a migration added it.
  search_follower_id uuid references public.search_followers (id) on delete cascade,
  constraint push_outbox_un_destinataire check (num_nonnulls(subscription_id, search_follower_id) = 1)
);
create index push_outbox_subscription_id_idx on public.push_outbox (subscription_id);
create index push_outbox_search_follower_id_idx on public.push_outbox (search_follower_id);
create index push_outbox_due_idx on public.push_outbox (next_attempt_at);
alter table public.push_outbox enable row level security;
revoke all on public.push_outbox from public, anon, authenticated;
grant select, insert, update, delete on public.push_outbox to service_role;

-- The signed-in member's device (push-subscription, once it checked the endpoint): stored; renewed with new keys
-- when it is already theirs; taken over when the same browser, with the same keys, was another account's (one
-- browser, one person signed in at a time). Another member's endpoint with other keys is nobody's to take (null:
-- whoever held those keys would read that member's alerts). At most 10 devices a member: the oldest goes. Answers
-- the subscription's id. A deleted account's token (valid up to an hour more) is nobody signed in.
create function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text) returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_id uuid;
begin
  if v_user is null or not exists (select 1 from auth.users u where u.id = v_user) then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
  values (v_user, p_endpoint, p_p256dh, p_auth)
  on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
    where push_subscriptions.user_id = excluded.user_id
      or (push_subscriptions.p256dh = excluded.p256dh and push_subscriptions.auth = excluded.auth)
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  delete from public.push_subscriptions s
  where s.user_id = v_user and s.id in (
    select o.id from public.push_subscriptions o where o.user_id = v_user order by o.created_at desc offset 10
  );
  return v_id;
end
$$;
revoke all on function public.save_push_subscription(text, text, text) from public, anon, service_role;
grant execute on function public.save_push_subscription(text, text, text) to authenticated;

-- Where an animal's alerts are pushed: the devices of its members who chose its alerts (animal_members.alert_email,
-- the same choice as for e-mails; a keeper until their last day), or of one of them (p_user_id: a health reminder
-- is each member's own, and follows reminders_email, which the caller checked).
create function public.push_targets(p_animal_id uuid, p_user_id uuid default null) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)
    order by s.created_at), '[]')
  from public.animal_members m
  join public.push_subscriptions s on s.user_id = m.user_id
  where m.animal_id = p_animal_id and (m.user_id = p_user_id or (p_user_id is null and m.alert_email))
    and (m.access_until is null or m.access_until >= private.today_in_paris())
$$;
revoke all on function public.push_targets(uuid, uuid) from public, anon, authenticated;
grant execute on function public.push_targets(uuid, uuid) to service_role;

-- Up to p_limit pushes due again, each leased for 2 minutes (two runs at once never take the same one), with its
-- subscription (a search follower's says so); the expired ones removed first.
create function public.claim_due_pushes(p_limit integer default 50) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_claimed jsonb;
begin
  delete from public.push_outbox where expires_at <= now();
  with due as (
    select o.id from public.push_outbox o
    where o.next_attempt_at <= now()
    order by o.next_attempt_at
    limit greatest(p_limit, 0)
    for update skip locked
  ), leased as (
    update public.push_outbox o
    set attempts = o.attempts + 1, next_attempt_at = now() + interval '2 minutes'
    from due where o.id = due.id
    returning o.id, o.subscription_id, o.search_follower_id, o.payload, o.attempts
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', l.id, 'payload', l.payload, 'attempts', l.attempts,
    'subscription', case when s.id is not null
      then jsonb_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth, 'follower', false)
      else jsonb_build_object('id', f.id, 'endpoint', f.endpoint, 'p256dh', f.p256dh, 'auth', f.auth, 'follower', true)
    end
  )), '[]') into v_claimed
  from leased l
  left join public.push_subscriptions s on s.id = l.subscription_id
  left join public.search_followers f on f.id = l.search_follower_id;
  return v_claimed;
end
$$;
revoke all on function public.claim_due_pushes(integer) from public, anon, authenticated;
grant execute on function public.claim_due_pushes(integer) to service_role;
