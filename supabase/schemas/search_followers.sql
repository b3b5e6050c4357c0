-- Following a search without an account (docs/product/search.md, 'Suivre cette recherche'): by e-mail, once the
-- address's owner confirmed it from the e-mail it got (nothing else is sent to it before), or by Web Push from
-- the page, a subscription of the browser that belongs to this search alone. A follower hears of new sightings
-- at most once an hour (claim_search_news) and once that the animal was found; then they are forgotten.
-- Nobody reads the followers, the household neither: only the functions, through the functions below.
create table public.search_followers (
  id uuid primary key default gen_random_uuid(),
  search_id uuid not null references public.searches (id) on delete cascade,
  -- 64 random hex characters: the e-mails' link to this follow (confirm it, stop it), naming nothing else.
  token text not null
    constraint search_followers_token_format check (token ~ '^[0-9a-f]{64}$')
    constraint search_followers_token_key unique,
  -- The page's language when they followed: their e-mails' and pushes'.
  language text not null default 'fr'
    constraint search_followers_language_valeurs check (language in ('fr', 'en', 'es', 'de', 'it', 'nl')),
  -- An e-mail follower's address (trimmed, lower-cased), or a push follower's subscription (its endpoint was
  -- checked against the known push services by follow-search, as push_subscriptions' are).
  email text constraint search_followers_email_longueur check (char_length(email) <= 254),
  -- Its hash as finder_mail_addresses keeps it: an address that asked for no more e-mail is found at once.
  address_hash text,
  endpoint text constraint search_followers_endpoint_format check (endpoint ~ '^https?://' and char_length(endpoint) <= 2048),
  p256dh text constraint search_followers_p256dh_format check (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text constraint search_followers_auth_format check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  constraint search_followers_un_canal check (
    (email is not null and endpoint is null and p256dh is null and auth is null)
    or (email is null and endpoint is not null and p256dh is not null and auth is not null)
  ),
  -- An e-mail follow counts once confirmed; a push follow at once (the browser asked its person first).
  confirmed_at timestamptz,
  -- The sightings made since this were not told yet (at this very instant too: one told twice is better than
  -- one never told); the last digest, for 'at most once an hour'.
  told_until timestamptz not null default now(),
  last_digest_at timestamptz,
  -- The animal's return, told (the row is forgotten a day later, once a push that failed can no longer be retried).
  found_told_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index search_followers_email_key on public.search_followers (search_id, email);
create unique index search_followers_endpoint_key on public.search_followers (search_id, endpoint);
create index search_followers_address_hash_idx on public.search_followers (address_hash);
create index search_followers_confirmed_idx on public.search_followers (search_id) where confirmed_at is not null;

alter table public.search_followers enable row level security;
revoke all on public.search_followers from public, anon, authenticated;
grant select, insert, update, delete on public.search_followers to service_role;

-- follow-search: a follow of an open search, by e-mail (p_email) or push (p_endpoint, p_p256dh, p_auth).
-- E-mail: stored unconfirmed (or found again), and the confirmation e-mail's passes: the follow's token and
-- the address's stop token (pass_finder_mail: an address that asked for no more e-mail, or whose window is
-- full, gets nothing; the answer is the same, so that nobody learns either). An address already following gets
-- no e-mail. Push: stored confirmed; the same endpoint with other keys is refused ('taken': whoever held those
-- keys would read its pushes). Answers {status: 'not_found' | 'following' | 'confirm' | 'taken', ...}.
create function public.follow_search(
  p_search_id uuid,
  p_email text,
  p_endpoint text,
  p_p256dh text,
  p_auth text,
  p_language text
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_search public.searches;
  v_follower public.search_followers;
  v_email text := lower(btrim(p_email));
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  select * into v_search from public.searches where id = p_search_id and found_at is null;
  if v_search.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if p_email is null then
    insert into public.search_followers (search_id, token, language, endpoint, p256dh, auth, confirmed_at)
    values (p_search_id, v_token, p_language, p_endpoint, p_p256dh, p_auth, now())
    on conflict (search_id, endpoint) do update set language = excluded.language
      where search_followers.p256dh = excluded.p256dh and search_followers.auth = excluded.auth
    returning * into v_follower;
    return jsonb_build_object('status', case when v_follower.id is null then 'taken' else 'following' end);
  end if;
  insert into public.search_followers (search_id, token, language, email, address_hash)
  values (p_search_id, v_token, p_language, v_email, private.finder_address_hash(v_email))
  on conflict (search_id, email) do update set language = excluded.language
  returning * into v_follower;
  if v_follower.confirmed_at is not null then
    return jsonb_build_object('status', 'following');
  end if;
  return jsonb_build_object(
    'status', 'confirm',
    'token', v_follower.token,
    'stop_token', public.pass_finder_mail(v_email, true),
    'animal_name', (select case when v_search.hide_name then null else a.nom end
      from public.animals a where a.id = v_search.animal_id)
  );
end
$$;
revoke all on function public.follow_search(uuid, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.follow_search(uuid, text, text, text, text, text) to service_role;

-- A follow by its e-mailed token, on its search's page: p_action 'read' changes nothing (the page a link opens:
-- mail scanners open every link), 'confirm' confirms it, 'stop' forgets it. Answers {state: 'pending' |
-- 'following' | 'stopped', language}, or null for a token no follow of that search has (a stopped one is gone).
create function public.search_follow_by_token(p_search_id uuid, p_token text, p_action text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_follower public.search_followers;
begin
  if p_action = 'stop' then
    delete from public.search_followers where search_id = p_search_id and token = p_token returning * into v_follower;
  elsif p_action = 'confirm' then
    -- News starts at the confirmation: what was said before is on the page they are reading.
    update public.search_followers
    set confirmed_at = coalesce(confirmed_at, now()),
        told_until = case when confirmed_at is null then now() else told_until end
    where search_id = p_search_id and token = p_token returning * into v_follower;
  else
    select * into v_follower from public.search_followers where search_id = p_search_id and token = p_token;
  end if;
  if v_follower.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'state', case when p_action = 'stop' then 'stopped' when v_follower.confirmed_at is null then 'pending' else 'following' end,
    'language', v_follower.language
  );
end
$$;
revoke all on function public.search_follow_by_token(uuid, text, text) from public, anon, authenticated;
grant execute on function public.search_follow_by_token(uuid, text, text) to service_role;

-- A push follower stops from the page: its endpoint (a secret of its browser) names it. Answers whether one was.
create function public.unfollow_search_push(p_search_id uuid, p_endpoint text) returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (
    delete from public.search_followers where search_id = p_search_id and endpoint = p_endpoint returning 1
  )
  select exists (select 1 from gone)
$$;
revoke all on function public.unfollow_search_push(uuid, text) from public, anon, authenticated;
grant execute on function public.unfollow_search_push(uuid, text) to service_role;

-- deliver-outbox's run: what the followers are to be told, each claimed as it is answered (two runs at once
-- never take the same one). 'found': the confirmed followers of a search that ended, once. 'digest': the
-- confirmed followers of an open search with sightings shown on its page since they were last told, at most
-- once an hour, with the number of them and the latest three. An e-mail follower whose address asked for no
-- more e-mail (finder_mail_addresses) is forgotten instead; so are the unconfirmed followers of an ended search.
create function public.claim_search_news(p_limit integer default 50) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_found jsonb;
  v_digests jsonb;
begin
  delete from public.search_followers f
  using public.finder_mail_addresses m
  where m.unsubscribed_at is not null
    and m.address_hash = f.address_hash;
  delete from public.search_followers f
  using public.searches s
  where s.id = f.search_id and s.found_at is not null and f.confirmed_at is null;

  with due as (
    select f.id from public.search_followers f
    join public.searches s on s.id = f.search_id
    where s.found_at is not null and f.confirmed_at is not null and f.found_told_at is null
    limit greatest(p_limit, 0)
    for update of f skip locked
  ), told as (
    update public.search_followers f set found_told_at = now()
    from due where f.id = due.id
    returning f.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'follower_id', t.id, 'token', t.token, 'language', t.language, 'email', t.email,
    'endpoint', t.endpoint, 'p256dh', t.p256dh, 'auth', t.auth,
    'search_id', t.search_id, 'animal_name', case when s.hide_name then null else a.nom end, 'animal_sex', a.sexe,
    'thanks', s.thanks
  )), '[]') into v_found
  from told t
  join public.searches s on s.id = t.search_id
  join public.animals a on a.id = s.animal_id;

  with due as (
    select f.id, f.told_until from public.search_followers f
    join public.searches s on s.id = f.search_id
    where s.found_at is null and f.confirmed_at is not null
      and (f.last_digest_at is null or f.last_digest_at <= now() - interval '1 hour')
      and exists (
        select 1 from public.sightings v
        where v.search_id = f.search_id and v.hidden_at is null and v.created_at >= f.told_until
      )
    limit greatest(p_limit, 0)
    for update of f skip locked
  ), told as (
    update public.search_followers f set told_until = now(), last_digest_at = now()
    from due where f.id = due.id
    returning f.*, due.told_until as since
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'follower_id', t.id, 'token', t.token, 'language', t.language, 'email', t.email,
    'endpoint', t.endpoint, 'p256dh', t.p256dh, 'auth', t.auth,
    'search_id', t.search_id, 'animal_name', case when s.hide_name then null else a.nom end, 'animal_sex', a.sexe,
    'count', (select count(*) from public.sightings v
      where v.search_id = t.search_id and v.hidden_at is null and v.created_at >= t.since),
    'sightings', (select coalesce(jsonb_agg(jsonb_build_object(
        'kind', v.kind, 'seen_at', v.seen_at, 'place', v.place, 'words', v.words) order by v.created_at desc), '[]')
      from (select * from public.sightings x
        where x.search_id = t.search_id and x.hidden_at is null and x.created_at >= t.since
        order by x.created_at desc limit 3) v)
  )), '[]') into v_digests
  from told t
  join public.searches s on s.id = t.search_id
  join public.animals a on a.id = s.animal_id;

  return jsonb_build_object('found', v_found, 'digests', v_digests);
end
$$;
revoke all on function public.claim_search_news(integer) from public, anon, authenticated;
grant execute on function public.claim_search_news(integer) to service_role;
