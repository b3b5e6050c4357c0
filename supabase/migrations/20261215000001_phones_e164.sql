-- Issue 48, the finder's side. Phones in E.164: a finder's call, SMS and WhatsApp dial the number the owner
-- meant. The portal saves each phone field in E.164 (libphonenumber-js); the database does so too for the
-- common forms, on every write (schemas/animals.sql) and, once, for the rows saved before. And a conversation
-- the household blocked, or that expired, still leads its finder back to the animal's page and number
-- (schemas/finder_functions.sql).

-- A phone as the portal saves it (@medaille/domain's e164Phone, with libphonenumber-js): the number its owner
-- meant, in E.164, France by default (issue 48: '+33 (0)6 12 34 56 78' was called as +330612345678). Here, for
-- what reaches the table another way (the API called directly) and for the rows saved before: their common
-- forms ('06 12 34 56 78', '+33 (0)6 12 34 56 78', '+33 06 …', '0033 6 …', '+44 20 7946 0958'); anything else
-- is left as it is, and the finder's page links it as before.
create function private.phone_e164(p_phone text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(p_phone);
  v_digits text;
  v_number text;
begin
  if v_text is null or v_text !~ '^\+?[0-9[:space:]./()-]+$' then
    return p_phone;
  end if;
  -- After an international prefix, '(0)' is the trunk prefix, which nobody dials from abroad.
  if v_text ~ '^(\+|00)' then
    v_text := regexp_replace(v_text, '\([[:space:]]*0[[:space:]]*\)', '', 'g');
  end if;
  v_digits := regexp_replace(v_text, '[^0-9]', '', 'g');
  v_number := case
    when v_text like '+%' then '+' || v_digits
    when v_digits like '00%' then '+' || substr(v_digits, 3)
    when v_digits ~ '^0[1-9][0-9]{8}$' then '+33' || substr(v_digits, 2)
  end;
  -- France's trunk 0 written after its country code ('+33 06 …').
  v_number := regexp_replace(v_number, '^\+330([1-9][0-9]{8})$', '+33\1');
  if v_number ~ '^\+33[1-9][0-9]{8}$' or (v_number !~ '^\+33' and v_number ~ '^\+[1-9][0-9]{6,14}$') then
    return v_number;
  end if;
  return p_phone;
end
$$;
revoke all on function private.phone_e164(text) from public, anon, authenticated;

create function private.store_phones_e164() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.telephone_proprietaire := private.phone_e164(new.telephone_proprietaire);
  new.public_phone := private.phone_e164(new.public_phone);
  new.second_contact_phone := private.phone_e164(new.second_contact_phone);
  return new;
end
$$;
revoke all on function private.store_phones_e164() from public, anon, authenticated;

-- After animals_keeper_changes_lost_mode_only (triggers run by name): a keeper's update is judged as sent.
create trigger animals_phones_e164
  before insert or update of telephone_proprietaire, public_phone, second_contact_phone on public.animals
  for each row execute function private.store_phones_e164();

-- The rows saved before, in E.164 where their form is a common one. Their date of modification stays: nobody
-- edited them (nor does a history event come of it: no one is signed in here).
alter table public.animals disable trigger animals_touch_date_modification;
update public.animals set
  telephone_proprietaire = private.phone_e164(telephone_proprietaire),
  public_phone = private.phone_e164(public_phone),
  second_contact_phone = private.phone_e164(second_contact_phone)
where private.phone_e164(telephone_proprietaire) is distinct from telephone_proprietaire
  or private.phone_e164(public_phone) is distinct from public_phone
  or private.phone_e164(second_contact_phone) is distinct from second_contact_phone;
alter table public.animals enable trigger animals_touch_date_modification;

-- A conversation as its finder sees it through their link: its state ('open', 'suspended', 'blocked', 'expired' or
-- 'not_found'), the finder's language once it is found (a closed link is said in it too), and while it opens,
-- the animal's name and every message in order, the finder's own with what they typed, the household's as
-- 'household' without who wrote it ('found' for the word that the animal is home, reunions.sql). A link the
-- household blocked, or that expired, still leads back to the animal: `reach`, what a finder's call needs of its
-- public profile (its code, name and the numbers shown there, as get_public_profile's 'reach' past its limit),
-- while the medal shows one. Reading changes nothing (mail scanners open every link).
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
        -- A medal its owner suspended shows nothing of the animal: neither does this.
        where p.profile->>'status' = 'claimed'
          and not exists (select 1 from public.codes c where c.id = v_conversation.code_id and c.suspended_at is not null)
      ), '{}'::jsonb);
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
