-- What the finder's server functions call (docs/decisions/0004-public-data-through-get-public-profile.md), with the
-- service role only: finders have no account and no grant, and these functions decide everything that leaves the
-- database for them.
--   get_public_profile  -> public_profile_for_client -> public_profile; record_lost_profile_view
--   post_finder_message -> finder_message_sent, finder_photo_folder, record_finder_message
--   conversation        -> finder_conversation, finder_message_sent, record_conversation_message,
--                          delete_finder_conversation_message
--   record-scan         -> record_scan

-- A live code's animal: the one row a finder's message or position may reach (none while suspended).
create function private.animal_of_live_code(p_code text) returns public.animals
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select a from public.codes c join public.animals a on a.id = c.animal_id
    where c.id = p_code and c.suspended_at is null
  );
end
$$;
revoke all on function private.animal_of_live_code(text) from public, anon, authenticated;

-- The public profile behind a medal code: only what a finder may see. Its answer's shape is declared once,
-- in @medaille/domain's public-profile.ts, and checked against this function by
-- tests/database/public-profile-shape.test.ts. A contact value whose switch is off is left out entirely, and
-- so is an address without both its line and its city; the second contact's name goes only with a value of it
-- that is sent; the owner's own e-mail, phone and id never leave, nor anything of the health booklet but what
-- its owner chose to show. A medal whose animal was deleted is 'retired', not 'not_found' (which would tell the
-- finder to check a right QR code).
create function public.public_profile(p_code text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
  select case
    when c.id is null or c.animal_id is null then
      case when c.id is not null and not c.used then jsonb_build_object('status', 'unclaimed', 'code', c.id)
           when c.id is not null then jsonb_build_object('status', 'retired', 'code', c.id)
           else jsonb_build_object('status', 'not_found', 'code', wanted.id) end
    else jsonb_build_object(
      'status', 'claimed',
      'code', c.id,
      'name', a.nom,
      'species', a.espece,
      'breed', a.race,
      'color', a.couleur,
      'sex', a.sexe,
      'sterilized', a.sterilise,
      'weight_kg', a.poids_kg,
      'birth_year', a.annee_naissance,
      'important_info', a.informations_importantes,
      'allergies', a.allergies,
      'meds', a.medications,
      'temperament', a.caractere,
      'vet_info', a.informations_veterinaires,
      'chip_or_tattoo', a.puce_ou_tatouage,
      'is_lost', a.is_lost,
      'photo_url', a.photo_url,
      'cover_photo_id', a.cover_photo_id,
      'last_known_location', case when a.last_known_lat is null then null else jsonb_build_object(
        'lat', a.last_known_lat, 'lon', a.last_known_lon, 'accuracy_m', a.last_known_accuracy_m, 'at', a.last_known_at
      ) end,
      'photos', coalesce((
        select jsonb_agg(
          jsonb_build_object('id', p.id, 'path', p.path, 'position', p.position, 'width', p.width, 'height', p.height)
          order by (p.id = a.cover_photo_id) desc, p.position, p.created_at
        )
        from public.animal_photos p where p.animal_id = a.id
      ), '[]'::jsonb),
      -- What the owner chose to show of the health booklet (booklet.sql), while it is current: a finder
      -- learns of a treatment in progress or a valid vaccine, never a note, a visit, a weight or a document.
      'emergency_health', coalesce((
        select jsonb_agg(
          jsonb_build_object('kind', r.kind, 'label', r.label, 'given_on', r.given_on, 'next_due_on', r.next_due_on)
          order by r.kind = 'treatment' desc, r.given_on desc, r.label
        )
        from public.health_records r
        where r.animal_id = a.id and r.shown_to_finder
          and (r.next_due_on is null or r.next_due_on >= private.today_in_paris())
      ), '[]'::jsonb),
      'show_public_phone', contact.phone is not null,
      'show_public_email', contact.email is not null,
      'show_public_address', contact.address_line is not null,
      'show_second_contact_phone', contact.second_phone is not null,
      'show_second_contact_email', contact.second_email is not null
    )
    || case when contact.phone is null then '{}'::jsonb else jsonb_build_object('public_phone', contact.phone) end
    || case when contact.email is null then '{}'::jsonb else jsonb_build_object('public_email', contact.email) end
    || case when contact.address_line is null then '{}'::jsonb
            else jsonb_build_object('public_address_line', contact.address_line, 'public_city', contact.city) end
    || case when contact.second_phone is null then '{}'::jsonb
            else jsonb_build_object('second_contact_phone', contact.second_phone) end
    || case when contact.second_email is null then '{}'::jsonb
            else jsonb_build_object('second_contact_email', contact.second_email) end
    || case when contact.second_name is null or (contact.second_phone is null and contact.second_email is null)
            then '{}'::jsonb else jsonb_build_object('second_contact_name', contact.second_name) end
  end
  from (select upper(btrim(p_code)) as id) wanted
  left join public.codes c on c.id = wanted.id
  left join public.animals a on a.id = c.animal_id
  left join lateral (
    select
      case when a.show_public_phone then nullif(btrim(a.public_phone), '') end as phone,
      case when a.show_public_email then nullif(btrim(a.public_email), '') end as email,
      case when a.show_public_address and nullif(btrim(a.public_city), '') is not null
           then nullif(btrim(a.public_address_line), '') end as address_line,
      btrim(a.public_city) as city,
      case when a.show_second_contact_phone then nullif(btrim(a.second_contact_phone), '') end as second_phone,
      case when a.show_second_contact_email then nullif(btrim(a.second_contact_email), '') end as second_email,
      nullif(btrim(a.second_contact_name), '') as second_name
  ) contact on true
  );
end
$$;
revoke all on function public.public_profile(text) from public, anon, authenticated;
grant execute on function public.public_profile(text) to service_role;

-- get_public_profile counts the request and reads the profile in one call: one round trip to the database on
-- the path every finder takes. A suspended code answers 'suspended' and sends no profile data.
-- What is counted is what each limit is for, so that many finders behind one address (a café's Wi-Fi, a
-- carrier's NAT) are served:
-- - guessing codes: an address's misses (an answer with no profile: a code unknown, unclaimed, suspended,
--   retired), p_misses_per_minute; once spent, every code is refused, known or not, since a profile answered
--   then would tell a guesser which codes exist;
-- - floods: an address opening one medal's page, p_openings_per_minute; beyond, the answer is 'rate_limited'
--   with the profile, from which the function sends on only what a call needs.
create function public.public_profile_for_client(
  p_code text,
  p_client_hash text,
  p_misses_per_minute integer,
  p_openings_per_minute integer default 120
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_miss_bucket text := 'profile-miss:' || p_client_hash;
  v_answer jsonb;
  v_stolen_alert jsonb;
begin
  if exists (
    select 1 from public.rate_limit_hits r
    where r.bucket = v_miss_bucket and r.window_start > now() - interval '60 seconds'
      and r.hits >= p_misses_per_minute
  ) then
    return jsonb_build_object('status', 'rate_limited');
  end if;
  if p_code is null then
    v_answer := jsonb_build_object('status', 'not_found');
  elsif exists (select 1 from public.codes c where c.id = v_code and c.suspended_at is not null) then
    v_answer := jsonb_build_object('status', 'suspended', 'code', v_code);
  else
    v_answer := public.public_profile(p_code);
  end if;
  if v_answer ->> 'status' is distinct from 'claimed' then
    perform public.hit_rate_limit(v_miss_bucket, p_misses_per_minute, 60);
    return v_answer;
  end if;
  if not public.hit_rate_limit('profile:' || p_client_hash || ':' || v_code, p_openings_per_minute, 60) then
    return jsonb_build_object('status', 'rate_limited', 'profile', v_answer);
  end if;
  -- A stolen animal's household is told of the opening (thefts.sql): whom to tell rides with the answer, and the
  -- function takes it out before the finder gets it.
  v_stolen_alert := private.stolen_view_alert(
    (select c.animal_id from public.codes c where c.id = v_code), v_code, p_client_hash
  );
  if v_stolen_alert is not null then
    return v_answer || jsonb_build_object('stolen_alert', v_stolen_alert);
  end if;
  return v_answer;
end
$$;
revoke all on function public.public_profile_for_client(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.public_profile_for_client(text, text, integer, integer) to service_role;

-- The addresses an animal's alerts go to (a finder's message or position, its lost page opened): its
-- members who chose them by e-mail, a keeper until their last day, the owner first. Security definer to read
-- auth.users.
create function private.alert_recipients(p_animal_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
  select coalesce(jsonb_agg(u.email order by m.role <> 'owner', u.email), '[]')
  from public.animal_members m
  join auth.users u on u.id = m.user_id
  where m.animal_id = p_animal_id and m.alert_email and u.email is not null
    and (m.access_until is null or m.access_until >= private.today_in_paris())
  );
end
$$;
revoke all on function private.alert_recipients(uuid) from public, anon, authenticated;

-- E-mails to one owner about one animal (finders' messages and shared positions together), per client: each
-- client's first 3 an hour are mailed (a message, a position and one more), and at most 10 clients an hour
-- are, so that a few addresses cannot use up the animal's e-mails. Past the 10th client, the owner gets one
-- digest an hour instead ('digest'), which says how many messages wait. Beyond all that, everything is still
-- stored, just not mailed ('none'). Window names end with the animal's id: they go with the animal.
create function private.owner_mail_decision(p_animal_id uuid, p_client_hash text) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_animal_bucket text := 'owner-mail:' || p_animal_id::text;
  v_client_bucket text := 'owner-mail:' || coalesce(p_client_hash, 'unknown') || ':' || p_animal_id::text;
begin
  -- One decision at a time per animal: two messages of a new client must not take two of its places.
  perform pg_advisory_xact_lock(hashtext(v_animal_bucket));
  if exists (
    select 1 from public.rate_limit_hits where bucket = v_client_bucket and window_start > now() - interval '1 hour'
  ) then
    return case when public.hit_rate_limit(v_client_bucket, 3, 3600) then 'mail' else 'none' end;
  end if;
  if public.hit_rate_limit(v_animal_bucket, 10, 3600) then
    perform public.hit_rate_limit(v_client_bucket, 3, 3600);
    return 'mail';
  end if;
  return case when public.hit_rate_limit('owner-digest:' || p_animal_id::text, 1, 3600) then 'digest' else 'none' end;
end
$$;
revoke all on function private.owner_mail_decision(uuid, text) from public, anon, authenticated;

-- What the functions need to mail the owner after a message or a position: the e-mail ('notify'), or the
-- digest ('digest', with the animal's unread messages), or neither.
create function private.owner_mail_answer(p_animal public.animals, p_client_hash text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_decision text := private.owner_mail_decision(p_animal.id, p_client_hash);
begin
  return jsonb_build_object(
    'notify', v_decision = 'mail',
    'digest', v_decision = 'digest',
    'unread_messages', case when v_decision = 'digest' then (
      select count(*)::integer from public.finder_messages m where m.animal_id = p_animal.id and m.read_at is null
    ) end
  );
end
$$;
revoke all on function private.owner_mail_answer(public.animals, text) from public, anon, authenticated;

-- The folder a finder's photo for this code goes to: the id of the live code's animal, or null.
create function public.finder_photo_folder(p_code text) returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select (private.animal_of_live_code(upper(btrim(p_code)))).id
$$;
revoke all on function public.finder_photo_folder(text) from public, anon, authenticated;
grant execute on function public.finder_photo_folder(text) to service_role;

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

-- A conversation as its finder sees it through their link: its state ('open', 'suspended', 'blocked', 'expired' or
-- 'not_found'), the finder's language once it is found (a closed link is said in it too), and while it opens,
-- the animal's name and every message in order, the finder's own with what they typed, the household's as
-- 'household' without who wrote it ('found' for the word that the animal is home, reunions.sql). A link the
-- household blocked, or that expired, still leads back to the animal: `reach`, what a finder's call needs of its
-- public profile (its code, name and the numbers shown there, as get_public_profile's 'reach' past its limit),
-- while the medal shows one. Reading changes nothing (mail scanners open every link).
create function public.finder_conversation(p_token text) returns jsonb
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
  elsif v_state in ('blocked', 'expired') then
    return jsonb_build_object('status', v_state, 'language', v_conversation.language)
      || coalesce((
        select jsonb_build_object('reach', jsonb_strip_nulls(jsonb_build_object(
          'code', p.profile->'code',
          'name', p.profile->'name',
          'public_phone', p.profile->'public_phone',
          'show_public_phone', p.profile->'show_public_phone',
          'second_contact_name', p.profile->'second_contact_name',
          'second_contact_phone', p.profile->'second_contact_phone',
          'show_second_contact_phone', p.profile->'show_second_contact_phone'
        )))
        from (select public.public_profile(v_conversation.code_id) as profile) p
        -- A medal its owner suspended shows nothing of the animal: neither does this; nor does a conversation
        -- opened from a search page, whose passer-by never saw the medal's page.
        where p.profile->>'status' = 'claimed' and v_conversation.search_id is null
          and not exists (select 1 from public.codes c where c.id = v_conversation.code_id and c.suspended_at is not null)
      ), '{}'::jsonb);
  elsif v_state <> 'open' then
    return jsonb_build_object('status', v_state, 'language', v_conversation.language);
  end if;
  return jsonb_build_object(
    'status', 'open',
    'code', v_conversation.code_id,
    -- Null when it was opened from a search page whose household hides the name (a stolen or fearful animal).
    'animal_name', (
      select a.nom from public.animals a
      where a.id = v_conversation.animal_id
        and not exists (select 1 from public.searches s where s.id = v_conversation.search_id and s.hide_name)
    ),
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

-- The finder deletes one of their own messages through their link (blocked or not, until it expires, and not
-- while an operator has suspended the medal: what was said stays for the operator to see). Answers {status}
-- and, once deleted, its photo's path for the caller to remove the file.
create function public.delete_finder_conversation_message(p_token text, p_message_id uuid) returns jsonb
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
  if private.conversation_state(v_conversation) in ('not_found', 'expired', 'suspended') then
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

-- Stores a location a finder shared with consent; one share per code and client every 2 minutes. It moves the
-- animal's public last known location only while the animal is lost: a stranger cannot plant a false place on
-- the page of an animal that is at home. Every share is still stored for the owner (and e-mailed within the
-- limits above).
create function public.record_scan(
  p_code text,
  p_animal_id uuid,
  p_lat double precision,
  p_lon double precision,
  p_accuracy double precision,
  p_user_agent text,
  p_client_hash text
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
  v_last timestamptz;
begin
  if v_animal.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p_animal_id is not null and p_animal_id <> v_animal.id then
    return jsonb_build_object('status', 'animal_mismatch');
  end if;

  -- Two shares from one client at once must not both pass the cooldown.
  perform pg_advisory_xact_lock(hashtext(v_code || '|' || coalesce(p_client_hash, '')));
  select max(created_at) into v_last from public.scan_events
  where code_id = v_code and client_hash is not distinct from p_client_hash;
  if v_last > now() - interval '2 minutes' then
    return jsonb_build_object(
      'status', 'cooldown',
      'retry_after_seconds', ceil(extract(epoch from v_last + interval '2 minutes' - now()))::int
    );
  end if;

  insert into public.scan_events (animal_id, code_id, lat, lon, accuracy_m, user_agent, consent, client_hash)
  values (v_animal.id, v_code, p_lat, p_lon, p_accuracy, left(p_user_agent, 512), true, p_client_hash);
  if v_animal.is_lost then
    update public.animals
    set last_known_lat = p_lat, last_known_lon = p_lon, last_known_accuracy_m = p_accuracy, last_known_at = now()
    where id = v_animal.id;
  end if;

  return jsonb_build_object(
    'status', 'recorded',
    'code', v_code,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'recipients', private.alert_recipients(v_animal.id)
  ) || private.owner_mail_answer(v_animal, p_client_hash);
end
$$;
revoke all on function public.record_scan(text, uuid, double precision, double precision, double precision, text, text)
  from public, anon, authenticated;
grant execute on function public.record_scan(text, uuid, double precision, double precision, double precision, text, text)
  to service_role;

-- For get_public_profile, after it served a lost animal's page: records the opening (the same client within 5
-- minutes is the same visit) and says whether to e-mail the owner (at most once every 10 minutes per animal,
-- however many finders). Nothing for an animal that is not lost or a code that is not live.
create function public.record_lost_profile_view(p_code text, p_client_hash text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_code text := upper(btrim(p_code));
  v_animal public.animals := private.animal_of_live_code(upper(btrim(p_code)));
begin
  -- A stolen animal's openings are stolen_view_alert's, told at once.
  if v_animal.id is null or not v_animal.is_lost
    or exists (select 1 from public.thefts t where t.animal_id = v_animal.id and t.found_at is null) then
    return jsonb_build_object('recorded', false, 'notify', false);
  end if;
  if exists (
    select 1 from public.profile_views v
    where v.animal_id = v_animal.id and v.client_hash = p_client_hash and v.created_at > now() - interval '5 minutes'
  ) then
    return jsonb_build_object('recorded', false, 'notify', false);
  end if;
  insert into public.profile_views (animal_id, code_id, client_hash) values (v_animal.id, v_code, p_client_hash);
  if not public.hit_rate_limit('lost-view-mail:' || v_animal.id::text, 1, 600) then
    return jsonb_build_object('recorded', true, 'notify', false);
  end if;
  return jsonb_build_object(
    'recorded', true,
    'notify', true,
    'animal_id', v_animal.id,
    'animal_name', v_animal.nom,
    'recipients', private.alert_recipients(v_animal.id)
  );
end
$$;
revoke all on function public.record_lost_profile_view(text, text) from public, anon, authenticated;
grant execute on function public.record_lost_profile_view(text, text) to service_role;

-- Positions and page openings are kept 90 days (the scan page says so), where a finder saw the animal too (the
-- message and what they said stay, with the conversation), and an ended search 90 days; rate-limit windows a day. Scheduled
-- with pg_cron on Supabase (supabase/schedules).
create function public.purge_old_scan_events() returns integer
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
  -- A search page is forgotten 90 days after its animal was found, its sightings' places and photos 30 days
  -- after (docs/product/search.md).
  delete from public.searches where found_at < now() - interval '90 days';
  -- A photo unnamed is removed by the next sweep (orphan_finder_photo_files).
  update public.sightings v set place = null, lat = null, lon = null, photo_path = null
  from public.searches s
  where v.search_id = s.id and s.found_at < now() - interval '30 days'
    and (v.place is not null or v.lat is not null or v.photo_path is not null);
  -- A found report closes itself after 30 days; 30 days after it closed, where and what the finder said are
  -- forgotten, and its page 90 days after (docs/product/found.md).
  update public.found_reports set closed_at = now()
  where closed_at is null and created_at < now() - interval '30 days';
  update public.found_reports set place = null, lat = null, lon = null, description = null, words = null
  where closed_at < now() - interval '30 days'
    and (place is not null or lat is not null or description is not null or words is not null);
  -- Its photos' rows too; the sweep removes their files (orphan_found_photo_files).
  delete from public.found_report_photos p using public.found_reports r
  where p.found_report_id = r.id and r.closed_at < now() - interval '30 days';
  delete from public.found_reports where closed_at < now() - interval '90 days';
  -- A follower is forgotten a day after being told the animal was found (a push that failed is retried for an
  -- hour), and a follow by e-mail never confirmed after a week.
  delete from public.search_followers
  where found_told_at < now() - interval '1 day' or (confirmed_at is null and created_at < now() - interval '7 days');
  update public.finder_messages set seen_lat = null, seen_lon = null, seen_accuracy_m = null
  where seen_lat is not null and created_at < now() - interval '90 days';
  delete from public.rate_limit_hits where window_start < now() - interval '1 day';
  return v_deleted;
end
$$;
revoke all on function public.purge_old_scan_events() from public, anon, authenticated;
grant execute on function public.purge_old_scan_events() to service_role;
