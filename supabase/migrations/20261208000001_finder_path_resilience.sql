-- The key each way of sending a finder's message carries (a random UUID made when its form was drawn), with
-- the message it stored: the same key sent again stores nothing more and is answered as the first time
-- (finder_message_sent). Kept apart from the messages, which the household reads: whoever holds a key may ask
-- for the finder's link with it.
create table private.finder_message_keys (
  send_key uuid primary key,
  message_id uuid not null references public.finder_messages (id) on delete cascade
);
create index finder_message_keys_message_id_idx on private.finder_message_keys (message_id);
revoke all on private.finder_message_keys from public, anon, authenticated;

-- What a send key stored (finder_message_keys): its conversation's code and tokens, or null. A send that holds
-- the key (record_finder_message, record_conversation_message) is waited for, so that a resend made while the
-- first is still stuck (a locked table, past the host's budget) is answered as that first one ends.
create function public.finder_message_sent(p_send_key uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('finder-message-key:' || p_send_key::text, 0));
  -- A statement of its own: it reads what the send it waited for committed.
  return (
    select jsonb_build_object('code', c.code_id, 'conversation_token', c.token, 'mail_token', c.mail_token)
    from private.finder_message_keys k
    join public.finder_messages m on m.id = k.message_id
    join public.conversations c on c.id = m.conversation_id
    where k.send_key = p_send_key
  );
end
$$;
revoke all on function public.finder_message_sent(uuid) from public, anon, authenticated;
grant execute on function public.finder_message_sent(uuid) to service_role;

drop function public.record_finder_message(
  text, text, text, text, text, text, text, text, text, double precision, double precision, double precision
);
-- Stores a finder's message (with its photo's file, already stored in the animal's folder) and opens its
-- conversation (conversations.sql): the answer names the animal for the link to its inbox, says what the
-- owner's e-mail needs, and gives the finder's link token, once (and the token of the link e-mailed to
-- p_finder_email, conversations.mail_token). p_language: the finder's page's; p_finder_email:
-- where to tell them of answers, if they gave one; p_status and what goes with it: what they say they are doing
-- (finder_messages.finder_status). Null when the code leads to no live animal (any more): the caller then
-- removes the file. p_send_key: the key of the finder's form; sent again, nothing is stored and the answer is
-- {repeated: true} with what finder_message_sent says of the first.
create function public.record_finder_message(
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
  p_seen_accuracy_m double precision default null,
  p_send_key uuid default null
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
  v_sent jsonb := case when p_send_key is not null then public.finder_message_sent(p_send_key) end;
  v_message_id uuid;
begin
  if v_sent is not null then
    return jsonb_build_object('repeated', true) || v_sent;
  end if;
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
  )
  returning id into v_message_id;
  if p_send_key is not null then
    insert into private.finder_message_keys (send_key, message_id) values (p_send_key, v_message_id);
  end if;
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
  text, text, text, text, text, text, text, text, text, double precision, double precision, double precision, uuid
) from public, anon, authenticated;
grant execute on function public.record_finder_message(
  text, text, text, text, text, text, text, text, text, double precision, double precision, double precision, uuid
) to service_role;

drop function public.record_conversation_message(text, text);
-- The finder writes again through their link, while it opens. The household is e-mailed at most once every
-- 15 minutes per conversation (its first message followed the alerts' own rules). Answers {status} and, once
-- recorded, what the household's e-mail needs. p_send_key: the key of the finder's form; sent again, nothing is
-- stored and the answer is {repeated: true} with what finder_message_sent says of the first.
create function public.record_conversation_message(p_token text, p_message text, p_send_key uuid default null)
returns jsonb
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
  v_message_id uuid;
  v_sent jsonb := case when p_send_key is not null then public.finder_message_sent(p_send_key) end;
begin
  if v_sent is not null then
    return jsonb_build_object('repeated', true) || v_sent;
  end if;
  select * into v_conversation from public.conversations where p_token in (token, mail_token) for update;
  v_state := private.conversation_state(v_conversation);
  if v_state <> 'open' then
    return jsonb_build_object('status', v_state);
  end if;
  select * into v_animal from public.animals where id = v_conversation.animal_id;
  insert into public.finder_messages (animal_id, code_id, message, conversation_id)
  values (v_animal.id, v_conversation.code_id, p_message, v_conversation.id)
  returning id into v_message_id;
  if p_send_key is not null then
    insert into private.finder_message_keys (send_key, message_id) values (p_send_key, v_message_id);
  end if;
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
revoke all on function public.record_conversation_message(text, text, uuid) from public, anon, authenticated;
grant execute on function public.record_conversation_message(text, text, uuid) to service_role;
