-- The end of a loss (docs/decisions/0017-finder-owner-conversation.md). When a member marks a lost animal found, every
-- conversation opened during that loss and still open tells its finder that the animal is home (a 'found' line in their
-- language, e-mailed by deliver-outbox to a finder who left an address), and the reunion is counted for the operators
-- (`pnpm medals stats`): when, how long the animal was lost, and how its finder reached the household. Nothing of who
-- found it: no finder, no message, no address.
create table public.reunions (
  id uuid primary key default gen_random_uuid(),
  -- For the household to say how it went; forgotten with the animal, while the count stays.
  animal_id uuid references public.animals (id) on delete set null,
  lost_since timestamptz,
  found_at timestamptz not null default now(),
  -- How the finder reached the household: through the medal's page (a message, a shared position), a
  -- conversation the household answered, a phone call, or otherwise; null while nobody knows. Guessed from
  -- this loss's rows when it ends; the household may say otherwise (set_reunion_channel).
  channel text
    constraint reunions_channel_valeurs check (channel in ('page', 'conversation', 'phone', 'other'))
);
create index reunions_animal_id_idx on public.reunions (animal_id, found_at desc);
create index reunions_found_at_idx on public.reunions (found_at);

-- The household reads its animals' reunions (the RGPD export); it changes them through set_reunion_channel.
alter table public.reunions enable row level security;
grant select on public.reunions to authenticated;

create policy reunions_select_member on public.reunions
  for select to authenticated
  using (animal_id = any (array(select private.animals_i_see())));

-- A loss that ends: the finders of its open conversations are told, the reunion is counted. Security definer:
-- a keeper may mark the animal found, and writes neither table otherwise.
create function private.close_loss() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_since timestamptz := coalesce(old.lost_since, '-infinity');
begin
  with told as (
    update public.conversations c set last_message_at = now()
    where c.animal_id = new.id and c.created_at >= v_since and private.conversation_state(c) = 'open'
    returning c.id, c.finder_email
  )
  insert into public.conversation_replies (conversation_id, author_id, kind, mail_due)
  select told.id, (select auth.uid()), 'found', told.finder_email is not null from told;

  insert into public.reunions (animal_id, lost_since, channel)
  values (new.id, old.lost_since, case
    when exists (
      select 1 from public.conversation_replies r join public.conversations c on c.id = r.conversation_id
      where c.animal_id = new.id and r.kind = 'answer' and r.created_at >= v_since
    ) then 'conversation'
    when exists (select 1 from public.finder_messages m where m.animal_id = new.id and m.created_at >= v_since)
      or exists (select 1 from public.scan_events e where e.animal_id = new.id and e.created_at >= v_since)
      then 'page'
  end);
  return null;
end
$$;
revoke all on function private.close_loss() from public, anon, authenticated;

create trigger animals_close_loss
  after update of is_lost on public.animals
  for each row when (old.is_lost and not new.is_lost)
  execute function private.close_loss();

-- 'Comment l'avez-vous retrouvé ?': a member says how the finder reached them, for the animal's latest reunion
-- of the last 30 days. Answers whether a reunion took it.
create function public.set_reunion_channel(p_animal_id uuid, p_channel text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_reunion uuid;
begin
  if p_channel is null or p_channel not in ('page', 'conversation', 'phone', 'other') then
    return false;
  end if;
  select r.id into v_reunion from public.reunions r
  where r.animal_id = p_animal_id and r.animal_id in (select private.animals_i_see())
    and r.found_at > now() - interval '30 days'
  order by r.found_at desc
  limit 1;
  update public.reunions set channel = p_channel where id = v_reunion;
  return found;
end
$$;
revoke all on function public.set_reunion_channel(uuid, text) from public, anon, service_role;
grant execute on function public.set_reunion_channel(uuid, text) to authenticated;

-- The operators' figures (`pnpm medals stats`), since p_since if given: how many reunions, the median and mean
-- hours from lost to found (of those whose start is known), and how many came through each channel.
create function public.reunion_stats(p_since timestamptz default null) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reunions', count(*),
    'median_hours', round((percentile_cont(0.5) within group (order by hours))::numeric, 1),
    'mean_hours', round(avg(hours)::numeric, 1),
    'channels', jsonb_build_object(
      'page', count(*) filter (where channel = 'page'),
      'conversation', count(*) filter (where channel = 'conversation'),
      'phone', count(*) filter (where channel = 'phone'),
      'other', count(*) filter (where channel = 'other'),
      'unknown', count(*) filter (where channel is null)
    )
  )
  from (
    select r.channel, extract(epoch from r.found_at - r.lost_since) / 3600 as hours
    from public.reunions r
    where p_since is null or r.found_at >= p_since
  ) reunion
$$;
revoke all on function public.reunion_stats(timestamptz) from public, anon, authenticated;
grant execute on function public.reunion_stats(timestamptz) to service_role;

-- The few lines whose e-mail is due, found without reading every reply.
create index conversation_replies_mail_due_idx on public.conversation_replies (created_at) where mail_due;

-- deliver-outbox's run: up to p_limit 'found' words still to e-mail, each marked done as it is claimed (two runs
-- at once never take the same one), with what the finder's e-mail needs; none to a blocked link, nor to an
-- address that never opened the link e-mailed to it (conversations.finder_mail_wanted_at).
create function public.claim_found_notices(p_limit integer default 20) returns jsonb
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
