-- The household of an animal (docs/decisions/0016-household.md; its members are public.animal_members, in animals.sql):
-- the owner invites someone by e-mail as co-owner or keeper, or gives the animal away (an invitation as 'owner': a
-- transfer), the invited person accepts with the account of that address, and a member leaves or is
-- removed. The README's table "Who may do what" is the rules below.

-- An invitation waiting for its answer: sent by the invite-member function, which alone knows the token (the
-- row keeps its SHA-256 only), shown to whoever opens its link (animal_invitation_offer: opening it changes
-- nothing, as mail scanners open every link) and answered with a button: accept_animal_invitation or
-- refuse_animal_invitation, through the answer-invitation function, which tells the sender. One per animal
-- and address: inviting again replaces it with a new token. Valid 14 days; revoked or refused, it is deleted;
-- accepted, it stays until then with who accepted it, so that its link opened again says so kindly.
create table public.animal_invitations (
  id uuid primary key default gen_random_uuid(),
  animal_id uuid not null references public.animals (id) on delete cascade,
  email text not null
    constraint animal_invitations_email_format
    check (email = lower(btrim(email)) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$' and char_length(email) <= 254),
  role text not null constraint animal_invitations_role_valeurs check (role in ('owner', 'co_owner', 'keeper')),
  access_until date,
  token_hash text not null constraint animal_invitations_token_hash_key unique,
  invited_by uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_by uuid references auth.users (id) on delete cascade,
  accepted_at timestamptz,
  constraint animal_invitations_fin_gardien check ((role = 'keeper') = (access_until is not null)),
  constraint animal_invitations_animal_email_key unique (animal_id, email),
  constraint animal_invitations_acceptee check ((accepted_by is null) = (accepted_at is null))
);
create index animal_invitations_invited_by_idx on public.animal_invitations (invited_by);
create index animal_invitations_accepted_by_idx on public.animal_invitations (accepted_by);
-- One transfer at a time: giving the animal to someone else replaces the earlier offer.
create unique index animal_invitations_one_transfer on public.animal_invitations (animal_id) where role = 'owner';

-- The owner sees the invitations of their animals still waiting for an answer (never the token's hash) and
-- revokes one by deleting it.
alter table public.animal_invitations enable row level security;
grant select (id, animal_id, email, role, access_until, created_at, expires_at) on public.animal_invitations
  to authenticated;
grant delete on public.animal_invitations to authenticated;

create policy animal_invitations_select_owner on public.animal_invitations
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_own())) and accepted_at is null);

create policy animal_invitations_delete_owner on public.animal_invitations
  for delete to authenticated
  using (animal_id = any (array(select private.animals_i_own())) and accepted_at is null);

-- The refusals the household's functions share: {success: false, error, reason}.
create function private.household_refusal(p_reason text) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('success', false, 'reason', p_reason, 'error', case p_reason
    when 'session_expired' then 'Session expirée'
    when 'not_owner' then 'Seul le propriétaire gère les membres de cet animal.'
    when 'too_many_invitations' then 'Trop d''invitations envoyées. Réessayez demain.'
    when 'invalid_email' then 'Adresse e-mail invalide'
    when 'invalid_role' then 'Choisissez co-propriétaire ou gardien·ne.'
    when 'invalid_end_date' then 'La date de fin doit être aujourd''hui ou plus tard.'
    when 'already_member' then 'Cette personne fait déjà partie du foyer de cet animal.'
    when 'invitation_unavailable' then 'Cette invitation n''est plus valable. Demandez-en une nouvelle.'
    when 'already_accepted' then 'Vous avez déjà accepté cette invitation.'
    when 'email_not_confirmed' then 'Confirmez d''abord votre adresse e-mail.'
    when 'wrong_account' then 'Cette invitation a été envoyée à une autre adresse e-mail.'
    when 'not_member' then 'Cette personne ne fait pas partie du foyer de cet animal.'
    when 'owner_stays' then 'Le propriétaire ne peut pas quitter son animal : donnez-le plutôt à un autre compte.'
  end)
$$;
revoke all on function private.household_refusal(text) from public, anon, authenticated;

-- Checks a member's role and end date: null when they are right.
create function private.household_role_refusal(p_role text, p_access_until date) returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when p_role is null or p_role not in ('co_owner', 'keeper') then private.household_refusal('invalid_role')
    when p_role = 'keeper' and (p_access_until is null or p_access_until < private.today_in_paris())
      then private.household_refusal('invalid_end_date')
  end
$$;
revoke all on function private.household_role_refusal(text, date) from public, anon, authenticated;

-- invite-member's first step, with the owner's own token: the invitation (or, as 'owner', the offer of the
-- animal) is stored or renewed and its token answered, once, for the e-mail; the row keeps only its hash. At
-- most 20 invitations a day per owner, so that nobody uses Médaille to send e-mails to strangers. Answers
-- {success, token, animal_name, inviter_email, email, role, access_until} or a refusal.
create function public.invite_animal_member(p_animal_id uuid, p_email text, p_role text, p_access_until date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_inviter uuid := (select auth.uid());
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_until date := case when p_role = 'keeper' then p_access_until end;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_animal_name text;
begin
  if v_inviter is null then
    return private.household_refusal('session_expired');
  end if;
  select a.nom into v_animal_name from public.animals a
  where a.id = p_animal_id and a.id in (select private.animals_i_own());
  if not found then
    return private.household_refusal('not_owner');
  end if;
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(v_email) > 254 then
    return private.household_refusal('invalid_email');
  end if;
  if p_role is distinct from 'owner' and private.household_role_refusal(p_role, v_until) is not null then
    return private.household_role_refusal(p_role, v_until);
  end if;
  if exists (
    select 1 from public.animal_members m join auth.users u on u.id = m.user_id
    where m.animal_id = p_animal_id and lower(u.email) = v_email
      and (m.access_until is null or m.access_until >= private.today_in_paris())
      and (p_role <> 'owner' or m.role = 'owner')
  ) then
    return private.household_refusal('already_member');
  end if;
  if not public.hit_rate_limit('household-invitations:' || v_inviter::text, 20, 86400) then
    return private.household_refusal('too_many_invitations');
  end if;
  if p_role = 'owner' then
    delete from public.animal_invitations where animal_id = p_animal_id and role = 'owner';
  end if;
  insert into public.animal_invitations (animal_id, email, role, access_until, token_hash, invited_by)
  values (p_animal_id, v_email, p_role, v_until, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), v_inviter)
  on conflict (animal_id, email) do update set
    role = excluded.role, access_until = excluded.access_until, token_hash = excluded.token_hash,
    invited_by = excluded.invited_by, created_at = now(), expires_at = now() + interval '14 days',
    accepted_by = null, accepted_at = null;
  return jsonb_build_object(
    'success', true, 'token', v_token, 'animal_name', v_animal_name,
    'inviter_email', (select u.email from auth.users u where u.id = v_inviter),
    'email', v_email, 'role', p_role, 'access_until', v_until
  );
end
$$;
revoke all on function public.invite_animal_member(uuid, text, text, date) from public, anon, service_role;
grant execute on function public.invite_animal_member(uuid, text, text, date) to authenticated;

-- What an invitation's link offers, and the sender's e-mail is made of: the animal, who sent it, to which
-- address, the role (a keeper's last day), until when the link is valid.
create function private.invitation_summary(p_invitation public.animal_invitations) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'animal_id', p_invitation.animal_id,
    'animal_name', (select a.nom from public.animals a where a.id = p_invitation.animal_id),
    'inviter_email', (select u.email from auth.users u where u.id = p_invitation.invited_by),
    'email', p_invitation.email,
    'role', p_invitation.role,
    'access_until', p_invitation.access_until,
    'expires_at', p_invitation.expires_at
  )
$$;
revoke all on function private.invitation_summary(public.animal_invitations) from public, anon, authenticated;

-- The invitation of a link's token while it is worth something: not expired, a keeper's last day not passed.
create function private.invitation_of_token(p_token text) returns setof public.animal_invitations
language sql
stable
set search_path = ''
as $$
  select * from public.animal_invitations
  where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and expires_at > now()
    and (access_until is null or access_until >= private.today_in_paris())
$$;
revoke all on function private.invitation_of_token(text) from public, anon, authenticated;

-- What the link of an invitation shows to whoever opens it, signed in or not (the answer-invitation function
-- reads it with the service role): who offers what, and whether it waits for its answer ('pending') or was
-- accepted ('accepted'). Reading changes nothing: a mail scanner that opens the link accepts nothing.
-- Answers {success, state, animal_id, animal_name, inviter_email, email, role, access_until, expires_at} or
-- the refusal 'invitation_unavailable'.
create function public.animal_invitation_offer(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_invitation public.animal_invitations;
begin
  select * into v_invitation from private.invitation_of_token(p_token);
  if not found then
    return private.household_refusal('invitation_unavailable');
  end if;
  return jsonb_build_object(
    'success', true, 'error', null, 'reason', null,
    'state', case when v_invitation.accepted_at is null then 'pending' else 'accepted' end
  ) || private.invitation_summary(v_invitation);
end
$$;
revoke all on function public.animal_invitation_offer(text) from public, anon, authenticated;
grant execute on function public.animal_invitation_offer(text) to service_role;

-- 'Refuser': whoever holds the link (the e-mail's reader, with or without an account) turns the invitation
-- down, through the answer-invitation function, which tells its sender. It is deleted: the link opens nothing
-- any more. An accepted one is no longer anybody's to refuse. Answers {success, animal_id, animal_name,
-- inviter_email, email, role, access_until, expires_at} or the refusal 'invitation_unavailable'.
create function public.refuse_animal_invitation(p_token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_invitation public.animal_invitations;
  v_summary jsonb;
begin
  select * into v_invitation from public.animal_invitations
  where id = (select i.id from private.invitation_of_token(p_token) i where i.accepted_at is null)
  for update;
  if not found then
    return private.household_refusal('invitation_unavailable');
  end if;
  v_summary := private.invitation_summary(v_invitation);
  delete from public.animal_invitations where id = v_invitation.id;
  return jsonb_build_object('success', true, 'error', null, 'reason', null) || v_summary;
end
$$;
revoke all on function public.refuse_animal_invitation(text) from public, anon, authenticated;
grant execute on function public.refuse_animal_invitation(text) to service_role;

-- 'Accepter': the invited person, signed in with the account of the invited address, confirmed: a forwarded
-- link opens nothing to anyone else. A keeper's invitation whose last day has passed is no longer valid. A
-- member who had left or whose access ended joins again with the invitation's role. Accepting an animal
-- ('owner') makes the caller its owner: its medal, photos, booklet and history follow, the former owner and
-- every member lose access, pending invitations go, and the finder's page shows no contact until the new
-- owner gives theirs (the former owner's contacts, public and private, the second contact among them, are
-- cleared, and so is a photo of theirs kept in their own folder). The invitation is kept as accepted: the same
-- person accepting it again (another tab, the link reopened) is told 'already_accepted', with the animal.
-- Answers {success, animal_id, animal_name, role} or a refusal.
create function public.accept_animal_invitation(p_token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_invitation public.animal_invitations;
  v_email text;
  v_confirmed boolean;
  v_animal jsonb;
begin
  if v_user is null then
    return private.household_refusal('session_expired');
  end if;
  select * into v_invitation from public.animal_invitations
  where id = (select i.id from private.invitation_of_token(p_token) i)
  for update;
  if not found then
    return private.household_refusal('invitation_unavailable');
  end if;
  select lower(u.email), u.email_confirmed_at is not null into v_email, v_confirmed
  from auth.users u where u.id = v_user;
  if v_email is distinct from v_invitation.email then
    -- An invitation already answered tells another account nothing of itself.
    return private.household_refusal(
      case when v_invitation.accepted_at is null then 'wrong_account' else 'invitation_unavailable' end
    );
  end if;
  if not v_confirmed then
    return private.household_refusal('email_not_confirmed');
  end if;
  v_animal := jsonb_build_object(
    'animal_id', v_invitation.animal_id, 'role', v_invitation.role,
    'animal_name', (select a.nom from public.animals a where a.id = v_invitation.animal_id)
  );
  if v_invitation.accepted_at is not null then
    if v_invitation.accepted_by is distinct from v_user then
      return private.household_refusal('invitation_unavailable');
    end if;
    return private.household_refusal('already_accepted') || v_animal;
  end if;
  if exists (
    select 1 from public.animal_members
    where animal_id = v_invitation.animal_id and user_id = v_user and role = 'owner'
  ) then
    delete from public.animal_invitations where id = v_invitation.id;
    return private.household_refusal('already_member');
  end if;
  if v_invitation.role = 'owner' then
    -- The history records the change of owner, not the household's rows it moves (activity.sql).
    perform set_config('medaille.changing_owner', 'on', true);
    update public.animals a set
      proprietaire_id = v_user,
      email_proprietaire = null, telephone_proprietaire = null,
      public_phone = null, public_email = null, public_address_line = null, public_city = null,
      show_public_phone = false, show_public_email = false, show_public_address = false,
      second_contact_name = null, second_contact_phone = null, second_contact_email = null,
      show_second_contact_phone = false, show_second_contact_email = false,
      photo_url = case when a.photo_url like '%/animal-photos/' || a.proprietaire_id::text || '/%' then null
        else a.photo_url end
    where a.id = v_invitation.animal_id;
    delete from public.animal_members where animal_id = v_invitation.animal_id and role <> 'owner';
    delete from public.animal_invitations where animal_id = v_invitation.animal_id and id <> v_invitation.id;
    perform set_config('medaille.changing_owner', '', true);
  else
    insert into public.animal_members (animal_id, user_id, role, access_until)
    values (v_invitation.animal_id, v_user, v_invitation.role, v_invitation.access_until)
    on conflict (animal_id, user_id) do update set role = excluded.role, access_until = excluded.access_until;
  end if;
  update public.animal_invitations set accepted_by = v_user, accepted_at = now() where id = v_invitation.id;
  return jsonb_build_object('success', true, 'error', null, 'reason', null) || v_animal;
end
$$;
revoke all on function public.accept_animal_invitation(text) from public, anon, service_role;
grant execute on function public.accept_animal_invitation(text) to authenticated;

-- The members of an animal the caller sees, with their addresses (what the portal's household shows), owner
-- first: {user_id, email, role, access_until, alert_email, is_me}. An expired keeper's row stays listed, for
-- the owner to extend or remove, and says so by its date.
create function public.animal_household(p_animal_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'user_id', m.user_id, 'email', u.email, 'role', m.role, 'access_until', m.access_until,
    'alert_email', m.alert_email, 'is_me', m.user_id = (select auth.uid())
  ) order by m.role <> 'owner', m.role, u.email), '[]')
  from public.animal_members m
  join auth.users u on u.id = m.user_id
  where m.animal_id = p_animal_id and p_animal_id in (select private.animals_i_see())
$$;
revoke all on function public.animal_household(uuid) from public, anon, service_role;
grant execute on function public.animal_household(uuid) to authenticated;

-- The owner changes a member's role or a keeper's last day.
create function public.set_animal_member_role(
  p_animal_id uuid, p_user_id uuid, p_role text, p_access_until date
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_until date := case when p_role = 'keeper' then p_access_until end;
begin
  if (select auth.uid()) is null then
    return private.household_refusal('session_expired');
  end if;
  if p_animal_id not in (select private.animals_i_own()) then
    return private.household_refusal('not_owner');
  end if;
  if private.household_role_refusal(p_role, v_until) is not null then
    return private.household_role_refusal(p_role, v_until);
  end if;
  update public.animal_members set role = p_role, access_until = v_until
  where animal_id = p_animal_id and user_id = p_user_id and role <> 'owner';
  if not found then
    return private.household_refusal('not_member');
  end if;
  return jsonb_build_object('success', true, 'error', null, 'reason', null);
end
$$;
revoke all on function public.set_animal_member_role(uuid, uuid, text, date) from public, anon, service_role;
grant execute on function public.set_animal_member_role(uuid, uuid, text, date) to authenticated;

-- A member leaves (p_user_id their own id), or the owner removes one. The owner never leaves their animal:
-- they give it away or delete it. An expired keeper may still leave (and so disappear from the list).
create function public.remove_animal_member(p_animal_id uuid, p_user_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_caller uuid := (select auth.uid());
begin
  if v_caller is null then
    return private.household_refusal('session_expired');
  end if;
  if p_user_id is distinct from v_caller and p_animal_id not in (select private.animals_i_own()) then
    return private.household_refusal('not_owner');
  end if;
  if exists (
    select 1 from public.animal_members where animal_id = p_animal_id and user_id = p_user_id and role = 'owner'
  ) then
    return private.household_refusal('owner_stays');
  end if;
  delete from public.animal_members where animal_id = p_animal_id and user_id = p_user_id;
  if not found then
    return private.household_refusal('not_member');
  end if;
  return jsonb_build_object('success', true, 'error', null, 'reason', null);
end
$$;
revoke all on function public.remove_animal_member(uuid, uuid) from public, anon, service_role;
grant execute on function public.remove_animal_member(uuid, uuid) to authenticated;
