-- A conversation between a finder and an animal's household (docs/decisions/0017-finder-owner-conversation.md), neither
-- side seeing the other's e-mail or phone unless they type it. It starts with a finder's message
-- (record_finder_message); the finder comes back to it through a private link, {PUBLIC_SITE_URL}/conversation/{token},
-- and the household answers from the animal's inbox. The finder's messages are rows of finder_messages (the inbox's,
-- with their photo); the household's answers are conversation_replies. The limits are @medaille/domain's
-- CONVERSATION_LIMITS.

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  code_id text not null references public.codes (id) on delete cascade,
  -- The finder's link: 64 random hex characters. Kept, not hashed, because each e-mail to the finder carries
  -- the link again; no role but the service role reads it (no grant), and the link is worth no more than the
  -- conversation it opens, which this database holds anyway.
  token text not null
    constraint conversations_token_format check (token ~ '^[0-9a-f]{64}$')
    constraint conversations_token_key unique,
  -- The finder's language, for their page and their e-mails.
  language text not null default 'fr'
    constraint conversations_language_valeurs check (language in ('fr', 'en', 'de', 'es', 'it', 'nl')),
  -- Where the finder asked to be told of answers. Never shown to the household (no grant).
  finder_email text constraint conversations_finder_email_longueur check (char_length(finder_email) <= 254),
  created_at timestamptz not null default now(),
  -- The link opens the conversation until 30 days after its last message, either side's.
  last_message_at timestamptz not null default now(),
  -- 'Bloquer cet interlocuteur': the link opens nothing more, for good.
  blocked_at timestamptz,
  -- When each side was last e-mailed about it: at most one e-mail per side every 15 minutes.
  finder_mailed_at timestamptz,
  household_mailed_at timestamptz,
  -- The link e-mailed to the finder's address, apart from the one the message's sender is shown: whoever gave
  -- the address (the animal's own owner, say) knows `token`, so only opening this one shows that the address
  -- reads its e-mail. Either token opens the conversation. Last because a migration added them.
  mail_token text
    constraint conversations_mail_token_format check (mail_token ~ '^[0-9a-f]{64}$')
    constraint conversations_mail_token_key unique,
  -- When the finder, on the page of mail_token's link, asked to be told of answers by e-mail (or wrote again
  -- from it): until then their address gets nothing but that first e-mail (mail.sql, pass_finder_mail), so that
  -- nobody makes us write to a stranger with a message. Asked by a button (a POST), never by opening the link:
  -- mail scanners open every link.
  finder_mail_wanted_at timestamptz,
  -- A conversation a passer-by opened from a loss's search page ('Je l'ai avec moi', open_sighting_conversation):
  -- its page names the animal only if the search does, and leads back to no medal's page. No foreign key: the
  -- searches come later in the schema's order; a search forgotten (90 days after the animal was found) leaves
  -- its id naming nothing.
  search_id uuid,
  -- A conversation an owner opened from a found animal's page ('C'est le mien', claim_found_report): its first
  -- message is the household's. No foreign key, as search_id. Last because a migration added it.
  found_report_id uuid
);
create unique index conversations_found_report_animal_key on public.conversations (found_report_id, animal_id)
  where found_report_id is not null;
create index conversations_animal_id_idx on public.conversations (animal_id, last_message_at desc);
create index conversations_code_id_idx on public.conversations (code_id);

-- The household reads its animal's conversations, never the finder's link nor their e-mail address; it writes
-- through answer_conversation and block_conversation only.
alter table public.conversations enable row level security;
grant select (id, animal_id, code_id, language, created_at, last_message_at, blocked_at)
  on public.conversations to authenticated;

create policy conversations_select_member on public.conversations
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

-- The household's side of a conversation: a member's answer ('answer', its words in body), or the word that the
-- animal is home ('found', no words: the finder reads it in their language), written when a member marks it found
-- (reunions.sql). Last in the table because a migration added them: kind and mail_due.
create table public.conversation_replies (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  -- Who answered, for the household's eyes only; the finder reads 'the owner'.
  author_id uuid references auth.users (id) on delete set null,
  body text constraint conversation_replies_body_longueur check (char_length(btrim(body)) between 1 and 1000),
  created_at timestamptz not null default now(),
  kind text not null default 'answer' constraint conversation_replies_kind_valeurs check (kind in ('answer', 'found')),
  -- A 'found' word still to e-mail to a finder who left their address (claim_found_notices, by deliver-outbox).
  mail_due boolean not null default false,
  constraint conversation_replies_body_requis check ((kind = 'answer') = (body is not null))
);
create index conversation_replies_conversation_id_idx on public.conversation_replies (conversation_id, created_at);
create index conversation_replies_author_id_idx on public.conversation_replies (author_id);

alter table public.conversation_replies enable row level security;
grant select on public.conversation_replies to authenticated;

create policy conversation_replies_select_member on public.conversation_replies
  for select to authenticated
  using (conversation_id in (
    select c.id from public.conversations c where c.animal_id = any (array(select private.animals_i_see()))
  ));

-- Whether a conversation's link still opens it: its medal not suspended by an operator, not blocked, and a
-- message within the last 30 days. An operator suspends a medal for fraud or theft: whoever holds its
-- conversations' links may be the very person the suspension stops, so they close for the finder (reading and
-- writing) and the household, whose answers nobody should read, until the medal is resumed. An owner who
-- suspends their own medal (lost, or in a stranger's hands) still wants to hear from the finder already
-- helping them: their conversations go on, and only a new finder is stopped at the scan page.
create function private.conversation_state(p_conversation public.conversations) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_conversation.id is null then 'not_found'
    when exists (
      select 1 from public.codes c where c.id = p_conversation.code_id and c.suspended_by = 'operator'
    ) then 'suspended'
    when p_conversation.blocked_at is not null then 'blocked'
    when p_conversation.last_message_at < now() - interval '30 days' then 'expired'
    else 'open'
  end
$$;
revoke all on function private.conversation_state(public.conversations) from public, anon, authenticated;

-- A refusal of the household's conversation RPCs: {success false, reason, error} in French.
create function private.conversation_refusal(p_reason text) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('success', false, 'reason', p_reason, 'error', case p_reason
    when 'session_expired' then 'Votre session a expiré. Reconnectez-vous.'
    when 'not_found' then 'Cette conversation est introuvable.'
    when 'not_allowed' then 'Seuls le propriétaire et les co-propriétaires peuvent bloquer cet interlocuteur.'
    when 'blocked' then 'Vous avez bloqué cet interlocuteur : la conversation est close.'
    when 'expired' then 'Cette conversation a expiré : 30 jours sans message.'
    when 'suspended' then 'Cette médaille a été suspendue par le support : la conversation est close.'
    when 'body_invalid' then 'Écrivez une réponse de 1 000 caractères au plus.'
    when 'rate_limited' then 'Trop de réponses en peu de temps. Réessayez dans une heure.'
    else 'Une erreur inattendue est survenue.' end)
$$;
revoke all on function private.conversation_refusal(text) from public, anon, authenticated;

-- A household member (owner, co-owner, a keeper until their last day) answers the finder. Open conversations
-- only; 30 answers an hour per member. Answers {success, reply_id} or a refusal. The e-mail to the finder is
-- the answer-conversation function's (finder_mail_for_reply), which alone reads where to send it.
create function public.answer_conversation(p_conversation_id uuid, p_body text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_conversation public.conversations;
  v_body text := btrim(coalesce(p_body, ''));
  v_state text;
  v_reply uuid;
begin
  if v_user is null then
    return private.conversation_refusal('session_expired');
  end if;
  select * into v_conversation from public.conversations
  where id = p_conversation_id and animal_id in (select private.animals_i_see())
  for update;
  v_state := private.conversation_state(v_conversation);
  if v_state <> 'open' then
    return private.conversation_refusal(v_state);
  end if;
  if char_length(v_body) not between 1 and 1000 then
    return private.conversation_refusal('body_invalid');
  end if;
  if not public.hit_rate_limit('answer:' || v_user::text, 30, 3600) then
    return private.conversation_refusal('rate_limited');
  end if;
  insert into public.conversation_replies (conversation_id, author_id, body)
  values (v_conversation.id, v_user, v_body)
  returning id into v_reply;
  update public.conversations set last_message_at = now() where id = v_conversation.id;
  return jsonb_build_object('success', true, 'error', null, 'reason', null, 'reply_id', v_reply);
end
$$;
revoke all on function public.answer_conversation(uuid, text) from public, anon, service_role;
grant execute on function public.answer_conversation(uuid, text) to authenticated;

-- 'Bloquer cet interlocuteur': the owner or a co-owner closes the finder's link for good. Answers {success}
-- or a refusal; blocking twice is no error.
create function public.block_conversation(p_conversation_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_animal uuid;
begin
  if v_user is null then
    return private.conversation_refusal('session_expired');
  end if;
  select animal_id into v_animal from public.conversations
  where id = p_conversation_id and animal_id in (select private.animals_i_see());
  if v_animal is null then
    return private.conversation_refusal('not_found');
  end if;
  if v_animal not in (select private.animals_i_edit()) then
    return private.conversation_refusal('not_allowed');
  end if;
  update public.conversations set blocked_at = coalesce(blocked_at, now()) where id = p_conversation_id;
  return jsonb_build_object('success', true, 'error', null, 'reason', null);
end
$$;
revoke all on function public.block_conversation(uuid) from public, anon, service_role;
grant execute on function public.block_conversation(uuid) to authenticated;

-- After answer_conversation, for the answer-conversation function: where to tell the finder, if they gave an
-- address, opened the link e-mailed to it, and were not told in the last 15 minutes (then this counts as
-- telling them). Null otherwise. The address's own window and refusal are pass_finder_mail's (mail.sql).
create function public.finder_mail_for_reply(p_reply_id uuid) returns jsonb
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
