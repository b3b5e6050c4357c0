-- Follow-ups to Web Push and finder statuses: a subscription's endpoint is https only; a member's own device is
-- renewed with new keys, another member's is not taken; the household's alerts are pushed only to members who chose
-- them (alert_email); where a finder saw the animal is forgotten after 90 days like a shared position; the found
-- notices due are found by a partial index; record_finder_message names the animal's sex (the finder's words
-- quoted to the household agree with it).

alter table public.push_subscriptions drop constraint push_subscriptions_endpoint_format;
alter table public.push_subscriptions add constraint push_subscriptions_endpoint_format
  check (endpoint ~ '^https://' and char_length(endpoint) <= 2048);

-- The signed-in member's device (push-subscription, once it checked the endpoint): stored; renewed with new keys
-- when it is already theirs; taken over when the same browser, with the same keys, was another account's (one
-- browser, one person signed in at a time). Another member's endpoint with other keys is nobody's to take (null:
-- whoever held those keys would read that member's alerts). At most 10 devices a member: the oldest goes. Answers
-- the subscription's id.
create or replace function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text) returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_id uuid;
begin
  if v_user is null then
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
-- Where an animal's alerts are pushed: the devices of its members who chose its alerts (animal_members.alert_email,
-- the same choice as for e-mails; a keeper until their last day), or of one of them (p_user_id: a health reminder
-- is each member's own, and follows reminders_email, which the caller checked).
create or replace function public.push_targets(p_animal_id uuid, p_user_id uuid default null) returns jsonb
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
-- Positions and page openings are kept 90 days (the scan page says so), where a finder saw the animal too (the
-- message and what they said stay, with the conversation); rate-limit windows a day. Scheduled
-- with pg_cron on Supabase (supabase/schedules).
create or replace function public.purge_old_scan_events() returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_deleted integer;
begin
  delete from public.scan_events where created_at < now() - interval '90 days';
  get diagnostics v_deleted = row_count;
  delete from public.profile_views where created_at < now() - interval '90 days';
  update public.finder_messages set seen_lat = null, seen_lon = null, seen_accuracy_m = null
  where seen_lat is not null and created_at < now() - interval '90 days';
  delete from public.rate_limit_hits where window_start < now() - interval '1 day';
  return v_deleted;
end
$$;
-- The few lines whose e-mail is due, found without reading every reply.
create index conversation_replies_mail_due_idx on public.conversation_replies (created_at) where mail_due;

-- Stores a finder's message (with its photo's file, already stored in the animal's folder) and opens its
-- conversation (conversations.sql): the answer names the animal for the link to its inbox, says what the
-- owner's e-mail needs, and gives the finder's link token, once. p_language: the finder's page's; p_finder_email:
-- where to tell them of answers, if they gave one; p_status and what goes with it: what they say they are doing
-- (finder_messages.finder_status). Null when the code leads to no live animal (any more): the caller then
-- removes the file.
create or replace function public.record_finder_message(
  p_code text,
  p_message text,
  p_contact text,
  p_photo_path text default null,
  p_client_hash text default null,
  p_language text default 'fr',
  p_finder_email text default null,
  p_status text default null,
  p_status_place text default null,
  p_seen_lat double precision default null,
  p_seen_lon double precision default null,
  p_seen_accuracy_m double precision default null
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
  v_conversation public.conversations;
begin
  if v_animal.id is null then
    return null;
  end if;
  if p_photo_path is not null and not exists (
    select 1 from storage.objects o where o.bucket_id = 'finder-photos' and o.name = p_photo_path
  ) then
    raise exception 'finder photo % is not stored', p_photo_path;
  end if;
  -- 64 hex characters: 244 random bits (two version-4 UUIDs).
  insert into public.conversations (animal_id, code_id, token, language, finder_email)
  values (
    v_animal.id, v_code, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
    coalesce(p_language, 'fr'), p_finder_email
  )
  returning * into v_conversation;
  insert into public.finder_messages (
    animal_id, code_id, message, contact, photo_path, conversation_id,
    finder_status, status_place, seen_lat, seen_lon, seen_accuracy_m
  )
  values (
    v_animal.id, v_code, p_message, p_contact, p_photo_path, v_conversation.id,
    p_status, p_status_place, p_seen_lat, p_seen_lon, p_seen_accuracy_m
  );
  return jsonb_build_object(
    'code', v_code,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'animal_sex', v_animal.sexe,
    'recipients', private.alert_recipients(v_animal.id),
    'conversation_token', v_conversation.token
  ) || case
    -- What the finder is doing is told at once, outside the messages' rules, up to 6 times an hour per animal
    -- (many addresses cannot flood the household); beyond that, like any message.
    when p_status is not null and public.hit_rate_limit('status-alert:' || v_animal.id::text, 6, 3600)
      then jsonb_build_object('notify', true, 'digest', false, 'unread_messages', null)
    else private.owner_mail_answer(v_animal, p_client_hash)
  end;
end
$$;
