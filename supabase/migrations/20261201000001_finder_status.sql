-- What a finder says they are doing ('Je l'ai avec moi', 'Je l'ai vu ici', 'Je l'ai déposé chez …'), with a
-- message (schemas/finder_messages.sql), told to the household at once (record_finder_message) and shown to the
-- finder on their conversation's page (finder_conversation).

alter table public.finder_messages
  add column finder_status text
    constraint finder_messages_status_valeurs check (finder_status in ('with_me', 'seen_here', 'dropped_off')),
  add column status_place text
    constraint finder_messages_status_place_longueur check (char_length(status_place) <= 120),
  add column seen_lat double precision constraint finder_messages_seen_lat_plage check (seen_lat between -90 and 90),
  add column seen_lon double precision constraint finder_messages_seen_lon_plage check (seen_lon between -180 and 180),
  add column seen_accuracy_m double precision
    constraint finder_messages_seen_accuracy_positive check (seen_accuracy_m >= 0),
  drop constraint finder_messages_non_vide,
  add constraint finder_messages_non_vide
    check (message is not null or contact is not null or finder_status is not null),
  add constraint finder_messages_status_place_requis
    check ((finder_status is not distinct from 'dropped_off') = (status_place is not null)),
  add constraint finder_messages_seen_position
    check ((seen_lat is null) = (seen_lon is null)
      and (seen_lat is null or finder_status is not distinct from 'seen_here')
      and (seen_accuracy_m is null or seen_lat is not null));

drop function public.record_finder_message(text, text, text, text, text, text, text);

-- Stores a finder's message (with its photo's file, already stored in the animal's folder) and opens its
-- conversation (conversations.sql): the answer names the animal for the link to its inbox, says what the
-- owner's e-mail needs, and gives the finder's link token, once. p_language: the finder's page's; p_finder_email:
-- where to tell them of answers, if they gave one; p_status and what goes with it: what they say they are doing
-- (finder_messages.finder_status). Null when the code leads to no live animal (any more): the caller then
-- removes the file.
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
revoke all on function public.record_finder_message(
  text, text, text, text, text, text, text, text, text, double precision, double precision, double precision
) from public, anon, authenticated;
grant execute on function public.record_finder_message(
  text, text, text, text, text, text, text, text, text, double precision, double precision, double precision
) to service_role;

drop function public.finder_conversation(text);

-- A conversation as its finder sees it through their link: its state ('open', 'blocked', 'expired' or
-- 'not_found'), the finder's language once it is found (a closed link is said in it too), and while it opens,
-- the animal's name and every message in order, the finder's own with what they typed, the household's as
-- 'household' without who wrote it.
create function public.finder_conversation(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_conversation public.conversations;
  v_state text;
begin
  select * into v_conversation from public.conversations where token = p_token;
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
    'language', v_conversation.language,
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
          'id', r.id, 'from', 'household', 'text', r.body, 'at', r.created_at
        )
        from public.conversation_replies r where r.conversation_id = v_conversation.id
      ) m
    ), '[]'::jsonb)
  );
end
$$;
revoke all on function public.finder_conversation(text) from public, anon, authenticated;
grant execute on function public.finder_conversation(text) to service_role;
