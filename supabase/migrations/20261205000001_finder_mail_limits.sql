-- E-mails to a finder's address: one window per address across conversations, nothing but the first link
-- until the address opens the link e-mailed to it, a one-click way to stop them all; and no line break, control
-- or bidi character in an animal's name or a health record's label (they reach subjects and page titles).

-- Names and labels written before the rule: each run of such characters becomes a space.
update public.animals
set nom = coalesce(nullif(btrim(regexp_replace(nom, '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+', ' ', 'g')), ''), '?')
where nom ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]';
alter table public.animals add constraint animals_nom_caracteres check (nom !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]');
update public.health_records
set label = coalesce(nullif(btrim(regexp_replace(label, '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+', ' ', 'g')), ''), '?')
where label ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]';
alter table public.health_records add constraint health_records_label_caracteres check (label !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]');

alter table public.conversations
  add column mail_token text
    constraint conversations_mail_token_format check (mail_token ~ '^[0-9a-f]{64}$')
    constraint conversations_mail_token_key unique,
  add column finder_mail_wanted_at timestamptz;
-- The link already e-mailed to a finder was `token`: opening it shows their address is theirs.
update public.conversations set mail_token = token where finder_email is not null;

alter table public.mail_outbox add column headers jsonb not null default '{}';

-- Up to p_limit due e-mails, each leased for 5 minutes (a retrier sends at most 20 with 5 seconds each). Rows
-- another retrier holds are skipped, not waited for: two runs at once never take the same e-mail. Removed
-- unsent first: the expired ones, and an account's e-mails to an address that is no account's any more (the
-- owner deleted their account, which takes everything of theirs, or changed its address). Security definer
-- to read auth.users, which the service role's SQL cannot.
create or replace function public.claim_due_mails(p_limit integer default 20) returns jsonb
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
create or replace function private.finder_address_hash(p_address text) returns text
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
create or replace function public.pass_finder_mail(p_address text, p_link boolean) returns text
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
create or replace function public.finder_mail_stop(p_token text, p_stop boolean) returns text
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

-- After answer_conversation, for the answer-conversation function: where to tell the finder, if they gave an
-- address, opened the link e-mailed to it, and were not told in the last 15 minutes (then this counts as
-- telling them). Null otherwise. The address's own window and refusal are pass_finder_mail's (mail.sql).
create or replace function public.finder_mail_for_reply(p_reply_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_mail jsonb;
begin
  update public.conversations c set finder_mailed_at = now()
  from public.conversation_replies r, public.animals a
  where r.id = p_reply_id and c.id = r.conversation_id and a.id = c.animal_id
    and c.finder_email is not null and c.blocked_at is null and c.finder_mail_wanted_at is not null
    and (c.finder_mailed_at is null or c.finder_mailed_at <= now() - interval '15 minutes')
  returning jsonb_build_object(
    'to', c.finder_email, 'token', c.mail_token, 'language', c.language, 'animal_name', a.nom
  ) into v_mail;
  return v_mail;
end
$$;
revoke all on function public.finder_mail_for_reply(uuid) from public, anon, authenticated;
grant execute on function public.finder_mail_for_reply(uuid) to service_role;

-- deliver-mail's run: up to p_limit 'found' words still to e-mail, each marked done as it is claimed (two runs
-- at once never take the same one), with what the finder's e-mail needs; none to a blocked link, nor to an
-- address that never opened the link e-mailed to it (conversations.finder_mail_wanted_at).
create or replace function public.claim_found_notices(p_limit integer default 20) returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  with due as (
    select r.id from public.conversation_replies r
    where r.mail_due
    order by r.created_at
    limit greatest(p_limit, 0)
    for update skip locked
  ), claimed as (
    update public.conversation_replies r set mail_due = false
    from due
    where r.id = due.id
    returning r.conversation_id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'to', c.finder_email, 'token', c.mail_token, 'language', c.language, 'animal_name', a.nom, 'animal_sex', a.sexe
  )), '[]')
  from claimed
  join public.conversations c on c.id = claimed.conversation_id
  join public.animals a on a.id = c.animal_id
  where c.finder_email is not null and c.blocked_at is null and c.finder_mail_wanted_at is not null
$$;
revoke all on function public.claim_found_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_found_notices(integer) to service_role;

-- Stores a finder's message (with its photo's file, already stored in the animal's folder) and opens its
-- conversation (conversations.sql): the answer names the animal for the link to its inbox, says what the
-- owner's e-mail needs, and gives the finder's link token, once (and the token of the link e-mailed to
-- p_finder_email, conversations.mail_token). p_language: the finder's page's; p_finder_email:
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
  -- 64 hex characters: 244 random bits (two version-4 UUIDs). The e-mailed link has a token of its own.
  insert into public.conversations (animal_id, code_id, token, language, finder_email, mail_token)
  values (
    v_animal.id, v_code, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
    coalesce(p_language, 'fr'), p_finder_email,
    case when p_finder_email is not null
      then replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') end
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
    'conversation_token', v_conversation.token,
    'finder_mail_token', v_conversation.mail_token
  ) || case
    -- What the finder is doing is told at once, outside the messages' rules, up to 6 times an hour per animal
    -- (many addresses cannot flood the household); beyond that, like any message.
    when p_status is not null and public.hit_rate_limit('status-alert:' || v_animal.id::text, 6, 3600)
      then jsonb_build_object('notify', true, 'digest', false, 'unread_messages', null)
    else private.owner_mail_answer(v_animal, p_client_hash)
  end;
end
$$;
revoke all on function public.record_finder_message(
  text, text, text, text, text, text, text, text, text, double precision, double precision, double precision
) from public, anon, authenticated;
grant execute on function public.record_finder_message(
  text, text, text, text, text, text, text, text, text, double precision, double precision, double precision
) to service_role;

-- A conversation as its finder sees it through their link: its state ('open', 'blocked', 'expired' or
-- 'not_found'), the finder's language once it is found (a closed link is said in it too), and while it opens,
-- the animal's name and every message in order, the finder's own with what they typed, the household's as
-- 'household' without who wrote it ('found' for the word that the animal is home, reunions.sql). Reading
-- changes nothing (mail scanners open every link).
create or replace function public.finder_conversation(p_token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_state text;
begin
  select * into v_conversation from public.conversations where p_token in (token, mail_token);
  v_state := private.conversation_state(v_conversation);
  if v_state = 'not_found' then
    return jsonb_build_object('status', v_state);
  elsif v_state <> 'open' then
    return jsonb_build_object('status', v_state, 'language', v_conversation.language);
  end if;
  return jsonb_build_object(
    'status', 'open',
    'code', v_conversation.code_id,
    'animal_name', (select a.nom from public.animals a where a.id = v_conversation.animal_id),
    'animal_sex', (select a.sexe from public.animals a where a.id = v_conversation.animal_id),
    'language', v_conversation.language,
    -- Through the link e-mailed to the finder: whether their address is told of answers ('on') or may ask to be
    -- ('ask'), which only the finder (or a mail scanner) can read and only they can change, by a POST.
    'mail', case when p_token = v_conversation.mail_token then
      case when v_conversation.finder_mail_wanted_at is null then 'ask' else 'on' end
    end,
    'expires_at', v_conversation.last_message_at + interval '30 days',
    'messages', coalesce((
      select jsonb_agg(m.message order by m.at, m.id)
      from (
        select f.id, f.created_at as at, jsonb_build_object(
          'id', f.id, 'from', 'finder', 'text', f.message, 'contact', f.contact,
          'with_photo', f.photo_path is not null, 'at', f.created_at,
          'status', f.finder_status, 'place', f.status_place, 'with_position', f.seen_lat is not null
        ) as message
        from public.finder_messages f where f.conversation_id = v_conversation.id
        union all
        select r.id, r.created_at, jsonb_build_object(
          'id', r.id, 'from', 'household', 'kind', r.kind, 'text', r.body, 'at', r.created_at
        )
        from public.conversation_replies r where r.conversation_id = v_conversation.id
      ) m
    ), '[]'::jsonb)
  );
end
$$;
revoke all on function public.finder_conversation(text) from public, anon, authenticated;
grant execute on function public.finder_conversation(text) to service_role;

-- The finder, on the page of the link e-mailed to them, asks to be told of the household's answers by e-mail
-- ('Me prévenir par e-mail'): from then on their address gets the answers and the word that the animal is home,
-- within its window (pass_finder_mail). Only mail_token's link asks: the sender's page has the other token.
-- Answers 'on', or the state of a link that opens nothing.
create function public.want_finder_mail(p_token text) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_state text;
begin
  select * into v_conversation from public.conversations where mail_token = p_token for update;
  v_state := private.conversation_state(v_conversation);
  if v_state <> 'open' then
    return v_state;
  end if;
  update public.conversations set finder_mail_wanted_at = coalesce(finder_mail_wanted_at, now())
  where id = v_conversation.id;
  return 'on';
end
$$;
revoke all on function public.want_finder_mail(text) from public, anon, authenticated;
grant execute on function public.want_finder_mail(text) to service_role;

-- The finder writes again through their link, while it opens. The household is e-mailed at most once every
-- 15 minutes per conversation (its first message followed the alerts' own rules). Answers {status} and, once
-- recorded, what the household's e-mail needs.
create or replace function public.record_conversation_message(p_token text, p_message text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_state text;
  v_animal public.animals;
  v_notify boolean;
begin
  select * into v_conversation from public.conversations where p_token in (token, mail_token) for update;
  v_state := private.conversation_state(v_conversation);
  if v_state <> 'open' then
    return jsonb_build_object('status', v_state);
  end if;
  select * into v_animal from public.animals where id = v_conversation.animal_id;
  insert into public.finder_messages (animal_id, code_id, message, conversation_id)
  values (v_animal.id, v_conversation.code_id, p_message, v_conversation.id);
  v_notify := v_conversation.household_mailed_at is null
    or v_conversation.household_mailed_at <= now() - interval '15 minutes';
  update public.conversations set
    last_message_at = now(),
    household_mailed_at = case when v_notify then now() else household_mailed_at end,
    -- Writing again from the e-mailed link is the finder answering: they want the answers.
    finder_mail_wanted_at = case when p_token = mail_token then coalesce(finder_mail_wanted_at, now())
      else finder_mail_wanted_at end
  where id = v_conversation.id;
  return jsonb_build_object(
    'status', 'recorded',
    'code', v_conversation.code_id,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'recipients', private.alert_recipients(v_animal.id),
    'notify', v_notify,
    'digest', false,
    'unread_messages', null
  );
end
$$;
revoke all on function public.record_conversation_message(text, text) from public, anon, authenticated;
grant execute on function public.record_conversation_message(text, text) to service_role;

-- The finder deletes one of their own messages through their link (blocked or not, until it expires). Answers
-- {status} and, once deleted, its photo's path for the caller to remove the file.
create or replace function public.delete_finder_conversation_message(p_token text, p_message_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_photo text;
begin
  select * into v_conversation from public.conversations where p_token in (token, mail_token);
  if private.conversation_state(v_conversation) in ('not_found', 'expired') then
    return jsonb_build_object('status', private.conversation_state(v_conversation));
  end if;
  delete from public.finder_messages where id = p_message_id and conversation_id = v_conversation.id
  returning photo_path into v_photo;
  if not found then
    return jsonb_build_object('status', 'message_not_found');
  end if;
  return jsonb_build_object('status', 'deleted', 'photo_path', v_photo);
end
$$;
revoke all on function public.delete_finder_conversation_message(text, uuid) from public, anon, authenticated;
grant execute on function public.delete_finder_conversation_message(text, uuid) to service_role;
