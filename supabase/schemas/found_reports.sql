-- An animal found without a medal (docs/product/found.md, docs/decisions/0019-neighbourhood-search.md): what a
-- passer-by reports of it, without an account, and its public page, /trouve/{id} (an id of 122 random bits).
-- Where it was found is kept 100 to 300 m off, drawn at random, and shown only as an area. It is matched with
-- the open searches near it, both ways: the finder's page lists the losses nearby (public_found_report), the
-- households of those of its species are told (found_matches, delivered at most hourly), and a loss panel lists
-- the reports near its area (found_reports_near_search).
--
-- Distances: a GiST index on point(lon, lat), PostgreSQL's own geometric types (no extension, so the same on
-- PGlite, PostgreSQL and hosted Supabase), walks the rows nearest first (the `<->` operator) and stops at a few
-- dozen, however many a city holds; the haversine distance (private.distance_m)
-- then keeps those within the radius and orders them. Matching and listing are bounded: the nearest, not all.
create table public.found_reports (
  id uuid primary key default gen_random_uuid(),
  species text not null constraint found_reports_species_valeurs
    check (species in ('dog', 'cat', 'horse', 'ferret', 'rabbit', 'rodent', 'goat', 'other')),
  found_at timestamptz not null,
  -- Where: a place typed (a street and a commune) and, when the finder's phone gave it, a point drawn at random
  -- 100 to 300 m from it (record_found_report), never the phone's own: every distance the pages and the
  -- households read is measured from it, so that no one moving a search's area about can find the finder's
  -- door by the distances (docs/product/found.md).
  place text constraint found_reports_place_longueur check (char_length(place) <= 120),
  lat double precision constraint found_reports_lat_plage check (lat between -90 and 90),
  lon double precision constraint found_reports_lon_plage check (lon between -180 and 180),
  -- Its colour and signs, and the finder's words.
  description text constraint found_reports_description_longueur check (char_length(description) <= 300),
  words text constraint found_reports_words_longueur check (char_length(words) <= 500),
  language text not null default 'fr' constraint found_reports_language_valeurs
    check (language in ('fr', 'en', 'es', 'de', 'it', 'nl')),
  -- The finder's private link (its hash: the link is theirs), with which they close the report.
  token_hash text not null unique,
  client_hash text constraint found_reports_client_hash_longueur check (char_length(client_hash) <= 128),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  constraint found_reports_position_entiere check ((lat is null) = (lon is null)),
  constraint found_reports_found_at_passe check (found_at <= created_at + interval '5 minutes'),
  constraint found_reports_textes_caracteres check (
    coalesce(place, '') !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
    and coalesce(description, '') !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
    and coalesce(words, '') !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
  ),
  -- Where the finder asked to be told when an owner says 'C'est le mien' (claim_found_report): copied to each
  -- conversation it opens, whose e-mails follow a finder's address's rules (mail.sql). Nobody reads it but the
  -- functions. Last because a migration added it.
  finder_email text constraint found_reports_finder_email_longueur check (char_length(finder_email) <= 254),
  -- The key of the link e-mailed to that address (its hash), apart from the one the page gave: whoever typed
  -- the address knows the page's, so only opening this one shows that the address reads its e-mail. Either
  -- opens the finder's page. On that link's page the finder asks to be told when an owner writes (a POST:
  -- mail scanners open every link): until then the address gets that first e-mail and nothing more.
  mail_token_hash text unique,
  finder_mail_wanted_at timestamptz,
  -- Hidden after 'Signaler un abus' from 3 different clients (report_found_abuse): its page then shows neither
  -- its photos nor any of the finder's words, and no household is shown it. Last because a migration added it.
  hidden_at timestamptz
);

create index found_reports_open_point_idx on public.found_reports using gist (point(lon, lat))
  where closed_at is null and lat is not null;
create index found_reports_created_at_idx on public.found_reports (created_at);

-- A found report's photos, at most 3, in the public found-photos bucket ({folder}/{uuid}.jpg, re-encoded by
-- report-found: no metadata, so no place the camera wrote). Removed with the report's details 30 days after it
-- closed; the sweep then removes the files (orphan_found_photo_files).
create table public.found_report_photos (
  id uuid primary key default gen_random_uuid(),
  found_report_id uuid not null references public.found_reports (id) on delete cascade,
  path text not null unique constraint found_report_photos_path_longueur check (char_length(path) <= 200),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  position smallint not null check (position between 0 and 2),
  unique (found_report_id, position)
);
alter table public.found_report_photos enable row level security;

-- 'Signaler un abus' on a found animal's page: one row per client and report; 3 clients hide it.
create table public.found_report_abuse (
  found_report_id uuid not null references public.found_reports (id) on delete cascade,
  client_hash text not null constraint found_report_abuse_client_hash_longueur check (char_length(client_hash) <= 128),
  created_at timestamptz not null default now(),
  primary key (found_report_id, client_hash)
);
alter table public.found_report_abuse enable row level security;

-- Nobody reads or writes it but the functions (report-found, the found page's); a household reads the reports
-- near its search through found_reports_near_search, never a finder's point or link.
alter table public.found_reports enable row level security;

-- An open search matched with a found report of its species near its area: stored with the report (store
-- first), told to the household at most once an hour per search (claim_found_matches).
create table public.found_matches (
  found_report_id uuid not null references public.found_reports (id) on delete cascade,
  search_id uuid not null references public.searches (id) on delete cascade,
  distance_m integer not null,
  created_at timestamptz not null default now(),
  told_at timestamptz,
  primary key (found_report_id, search_id)
);
create index found_matches_untold_idx on public.found_matches (search_id) where told_at is null;
alter table public.found_matches enable row level security;

-- How far a lost animal of a species is looked for from where it was lost: a dog or a horse goes far, a cat
-- and the small ones mostly stay within a few streets.
create function private.match_radius_m(p_species text) returns integer
language sql
immutable
set search_path = ''
as $$
  select case when p_species in ('dog', 'horse') then 20000 else 5000 end
$$;
revoke all on function private.match_radius_m(text) from public, anon, authenticated;

-- The open searches nearest a point, at most p_limit, whose area's centre is within p_radius_m of it, lost before
-- p_before (a day's grace for a loss declared late), of p_species when given: their ids, species, distance and
-- start. The GiST index gives them nearest first (in degrees, then measured in metres), and the walk stops at
-- p_limit. No box around the point: the planner cannot tell how many searches a box holds and, sure it held
-- few, read every one in it and sorted them (3,859 in Paris at the national size, 11 ms); the walk alone reads
-- p_limit (2.5 ms). No fixed search_path (every name is qualified, and it is not security definer): PostgreSQL then
-- inlines it into its caller, where the index is chosen with the point's values. The species is the search's own
-- (searches.sql): read from the animals, the walk looked up each candidate's animal by its key, 56 of them for 20
-- cats in a quarter of Nantes at the national size.
create function private.open_searches_near(
  p_lat double precision,
  p_lon double precision,
  p_radius_m integer,
  p_before timestamptz,
  p_species text,
  p_limit integer
) returns table (search_id uuid, animal_id uuid, species text, distance_m double precision, started_at timestamptz)
language sql
stable
as $$
  select n.id, n.animal_id, n.species, d.distance_m, n.started_at
  from (
    select s.id, s.animal_id, s.species, s.started_at, s.area_lat, s.area_lon
    from public.searches s
    where s.found_at is null and s.area_lat is not null
      and s.started_at <= p_before + interval '1 day'
      and (p_species is null or s.species = p_species)
    order by point(s.area_lon, s.area_lat) <-> point(p_lon, p_lat)
    limit p_limit
  ) n
  cross join lateral (select private.distance_m(p_lat, p_lon, n.area_lat, n.area_lon) as distance_m) d
  where d.distance_m <= p_radius_m
$$;
revoke all on function private.open_searches_near(double precision, double precision, integer, timestamptz, text,
  integer) from public, anon, authenticated;

-- For report-found: stores a found report and its matches (the 20 open searches of its species nearest it,
-- within the species' radius, lost before it was found: in a city, the likeliest, not every household). A client
-- reports at most p_per_day animals a day (the function's limit for one finder, more for the shared bucket).
-- Answers {status: 'recorded', id} or 'rate_limited' / 'found_in_future'.
create function public.record_found_report(
  p_species text,
  p_found_at timestamptz,
  p_place text,
  p_lat double precision,
  p_lon double precision,
  p_description text,
  p_words text,
  p_language text,
  p_token_hash text,
  p_client_hash text,
  p_per_day integer default 5,
  p_finder_email text default null,
  p_photos jsonb default '[]',
  p_mail_token_hash text default null
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  -- The point kept: 100 to 300 m from the phone's, in a random direction.
  v_bearing double precision := random() * 2 * pi();
  v_offset_m double precision := 100 + random() * 200;
  v_lat double precision := case when p_lat is not null
    then greatest(least(p_lat + v_offset_m * cos(v_bearing) / 111320, 90), -90) end;
  v_lon double precision := p_lon + v_offset_m * sin(v_bearing) / (111320 * greatest(cos(radians(p_lat)), 0.01));
begin
  if p_found_at > now() + interval '5 minutes' then
    return jsonb_build_object('status', 'found_in_future');
  end if;
  if not public.hit_rate_limit('found-report:' || p_client_hash, p_per_day, 86400) then
    return jsonb_build_object('status', 'rate_limited');
  end if;
  insert into public.found_reports (species, found_at, place, lat, lon, description, words, language, token_hash,
    client_hash, finder_email, mail_token_hash)
  values (p_species, p_found_at, p_place, v_lat, v_lon, p_description, p_words, p_language, p_token_hash,
    p_client_hash, lower(btrim(p_finder_email)), case when p_finder_email is not null then p_mail_token_hash end)
  returning id into v_id;
  insert into public.found_report_photos (found_report_id, path, width, height, position)
  select v_id, photo.value->>'path', (photo.value->>'width')::integer, (photo.value->>'height')::integer,
    (photo.ordinality - 1)::smallint
  from jsonb_array_elements(p_photos) with ordinality as photo(value, ordinality);
  if p_lat is not null then
    insert into public.found_matches (found_report_id, search_id, distance_m)
    select v_id, m.search_id, round(m.distance_m)
    from private.open_searches_near(v_lat, v_lon, private.match_radius_m(p_species), p_found_at, p_species, 20) m;
  end if;
  return jsonb_build_object('status', 'recorded', 'id', v_id);
end
$$;
revoke all on function public.record_found_report(text, timestamptz, text, double precision, double precision, text,
  text, text, text, text, integer, text, jsonb, text) from public, anon, authenticated;
grant execute on function public.record_found_report(text, timestamptz, text, double precision, double precision,
  text, text, text, text, text, integer, text, jsonb, text) to service_role;

-- What anyone reads of a found report, by its id (the found page): the animal, when, the place typed, an area
-- (the point kept, itself 100 to 300 m from the phone's, to some 100 m, and 400 m around it), whether the
-- finder closed it; and 'Perdus près d'ici': of the 100 open searches nearest it within 20 km, its species
-- first, then the nearest, then the most recent, at most 20, each as its own page shows it (the name only when
-- shown) with its distance to the nearest 100 m. With the finder's private link (p_token_hash, its hash), `mine`, and the conversations owners opened
-- with 'C'est le mien', each the finder's link to it and the animal's name when its search shows it. A report
-- closed 90 days ago, or never made: {status: 'not_found'}.
create function public.public_found_report(p_id uuid, p_token_hash text default null) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
  select coalesce((
    select jsonb_build_object(
      'status', case when r.closed_at is null then 'open' else 'closed' end,
      'id', r.id,
      'species', r.species,
      'found_at', r.found_at,
      'hidden', r.hidden_at is not null,
      'place', case when r.hidden_at is null then r.place end,
      'description', case when r.hidden_at is null then r.description end,
      'words', case when r.hidden_at is null then r.words end,
      'photos', case when r.hidden_at is not null then '[]'::jsonb else coalesce((
        select jsonb_agg(jsonb_build_object('path', p.path, 'width', p.width, 'height', p.height) order by p.position)
        from public.found_report_photos p where p.found_report_id = r.id
      ), '[]'::jsonb) end,
      'area', case when r.lat is null then null
        else jsonb_build_object('lat', round(r.lat::numeric, 3), 'lon', round(r.lon::numeric, 3), 'radius_m', 400) end,
      'mine', coalesce(p_token_hash in (r.token_hash, r.mail_token_hash), false),
      -- Through the e-mailed link: whether the address is told when an owner writes ('on') or may ask ('ask').
      'mail', case when p_token_hash = r.mail_token_hash then
        case when r.finder_mail_wanted_at is null then 'ask' else 'on' end
      end,
      'conversations', case when p_token_hash in (r.token_hash, r.mail_token_hash) then coalesce((
        select jsonb_agg(jsonb_build_object(
          'token', c.token,
          'name', case when s.hide_name then null else a.nom end,
          'created_at', c.created_at
        ) order by c.created_at)
        from public.conversations c
        join public.animals a on a.id = c.animal_id
        left join public.searches s on s.id = c.search_id
        where c.found_report_id = r.id and c.blocked_at is null
      ), '[]'::jsonb) else '[]'::jsonb end,
      'nearby', case when r.closed_at is not null or r.lat is null then '[]'::jsonb else coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', n.search_id,
          -- Read by its key for each of the 20 (joined, the planner hashed every open search to meet them).
          'name', case when (select s.hide_name from public.searches s where s.id = n.search_id) then null else a.nom end,
          'species', n.species,
          'started_at', n.started_at,
          'distance_m', round(n.distance_m / 100) * 100,
          'cover_path', (
            select p.path from public.animal_photos p where p.animal_id = a.id
            order by (p.id = a.cover_photo_id) desc, p.position, p.created_at limit 1
          )
        ) order by n.species = r.species desc, n.distance_m, n.started_at desc)
        from (
          select * from private.open_searches_near(r.lat, r.lon, 20000, r.found_at, null, 100)
          order by species = r.species desc, distance_m, started_at desc
          limit 20
        ) n
        join public.animals a on a.id = n.animal_id
      ), '[]'::jsonb) end
    )
    from public.found_reports r
    where r.id = p_id and (r.closed_at is null or r.closed_at > now() - interval '90 days')
  ), jsonb_build_object('status', 'not_found'))
  );
end
$$;
revoke all on function public.public_found_report(uuid, text) from public, anon, authenticated;
grant execute on function public.public_found_report(uuid, text) to service_role;

-- For the loss panel: the open found reports nearest a search's area, at most 50, within its species' radius and
-- found since the loss began, for a member of its household: the report's page, species, when, the place typed
-- and the distance to the nearest 100 m, its species first; never the finder's point or link.
create function public.found_reports_near_search(p_search_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search public.searches;
  v_species text;
  v_radius integer;
begin
  select s.* into v_search from public.searches s
  where s.id = p_search_id and s.found_at is null and s.area_lat is not null
    and s.animal_id in (select private.animals_i_see());
  if v_search.id is null then
    return '[]'::jsonb;
  end if;
  select a.espece into v_species from public.animals a where a.id = v_search.animal_id;
  v_radius := private.match_radius_m(v_species);
  -- Nearest first through the GiST index, 50 at most, then those within the radius (open_searches_near: no box).
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', r.id, 'species', r.species, 'found_at', r.found_at, 'place', r.place, 'description', r.description,
      'distance_m', round(d.distance_m / 100) * 100
    ) order by r.species = v_species desc, d.distance_m, r.found_at desc), '[]'::jsonb)
    from (
      select * from public.found_reports f
      where f.closed_at is null and f.lat is not null and f.hidden_at is null
        and f.found_at >= v_search.started_at - interval '1 day'
      order by point(f.lon, f.lat) <-> point(v_search.area_lon, v_search.area_lat)
      limit 50
    ) r
    cross join lateral (
      select private.distance_m(v_search.area_lat, v_search.area_lon, r.lat, r.lon) as distance_m
    ) d
    where d.distance_m <= v_radius
  );
end
$$;
revoke all on function public.found_reports_near_search(uuid) from public, anon;
grant execute on function public.found_reports_near_search(uuid) to authenticated;

-- For deliver-outbox: the households to tell of the found reports matched with their search since they were
-- last told, at most once an hour per search; each once. Answers per search: its animal, the addresses, how
-- many reports, and the latest three as the household reads them (never the finder's point or link).
create function public.claim_found_matches() returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_claimed jsonb;
begin
  with due as (
    select m.search_id from public.found_matches m
    join public.searches s on s.id = m.search_id and s.found_at is null
    join public.found_reports r on r.id = m.found_report_id and r.hidden_at is null
    where m.told_at is null
    group by m.search_id
    having not exists (
      select 1 from public.found_matches t
      where t.search_id = m.search_id and t.told_at > now() - interval '1 hour'
    )
  ), told as (
    update public.found_matches m set told_at = now()
    from due where m.search_id = due.search_id and m.told_at is null
    returning m.search_id, m.found_report_id, m.created_at, m.distance_m
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'search_id', g.search_id,
    'animal_id', s.animal_id,
    'animal_name', a.nom,
    'animal_sex', a.sexe,
    'count', g.count,
    'reports', (
      select jsonb_agg(x.report order by x.created_at desc) from (
        select t.created_at, jsonb_build_object(
          'species', r.species, 'found_at', r.found_at, 'place', r.place, 'description', r.description,
          'distance_m', round(t.distance_m / 100.0) * 100
        ) as report
        from told t join public.found_reports r on r.id = t.found_report_id
        where t.search_id = g.search_id
        order by t.created_at desc
        limit 3
      ) x
    ),
    'recipients', private.alert_recipients(s.animal_id)
  )), '[]'::jsonb) into v_claimed
  from (select t.search_id, count(*) as count from told t group by t.search_id) g
  join public.searches s on s.id = g.search_id
  join public.animals a on a.id = s.animal_id;
  return v_claimed;
end
$$;
revoke all on function public.claim_found_matches() from public, anon, authenticated;
grant execute on function public.claim_found_matches() to service_role;

-- For the found page: the finder closes their report with their private link ('Il est rentré chez lui'), once.
-- Answers whether a report of that link was open.
create function public.close_found_report(p_id uuid, p_token_hash text) returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with closed as (
    update public.found_reports set closed_at = now()
    where id = p_id and token_hash = p_token_hash and closed_at is null
    returning 1
  )
  select exists (select 1 from closed)
$$;
revoke all on function public.close_found_report(uuid, text) from public, anon, authenticated;
grant execute on function public.close_found_report(uuid, text) to service_role;

-- 'C'est le mien': the owner or a co-owner of an animal says the animal a passer-by found is theirs, with a few
-- words for the finder. It opens the masked conversation (docs/decisions/0017-finder-owner-conversation.md) with
-- the finder, in the report's language, its first message those words; nothing of either side's contact is
-- shown. Saying it again for the same animal answers the same conversation. At most 10 animals a day per
-- account, and only for an open report and an animal with a medal to file the conversation under. Answers
-- {success, conversation_id, created} or {success false, reason, error} in French. The e-mail to a finder who
-- left an address is the claim-found function's (finder_mail_for_claim), which alone reads the address.
create function public.claim_found_report(p_report_id uuid, p_animal_id uuid, p_words text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_words text := btrim(coalesce(p_words, ''));
  v_report public.found_reports;
  v_code text;
  v_conversation uuid;
  v_refusal text;
begin
  if v_user is null then
    v_refusal := 'session_expired';
  elsif p_animal_id is null or p_animal_id not in (select private.animals_i_edit()) then
    v_refusal := 'not_allowed';
  end if;
  if v_refusal is null then
    select * into v_report from public.found_reports where id = p_report_id for update;
    select c.id into v_conversation from public.conversations c
    where c.found_report_id = p_report_id and c.animal_id = p_animal_id;
    if v_conversation is not null then
      return jsonb_build_object('success', true, 'conversation_id', v_conversation, 'created', false);
    end if;
    select c.id into v_code from public.codes c where c.animal_id = p_animal_id order by c.created_at limit 1;
    v_refusal := case
      when v_report.id is null or v_report.closed_at is not null then 'report_closed'
      when v_code is null then 'no_medal'
      when char_length(v_words) not between 1 and 1000 then 'words_invalid'
      when not public.hit_rate_limit('found-claim:' || v_user::text, 10, 86400) then 'rate_limited'
    end;
  end if;
  if v_refusal is not null then
    return jsonb_build_object('success', false, 'reason', v_refusal, 'error', case v_refusal
      when 'session_expired' then 'Votre session a expiré. Reconnectez-vous.'
      when 'not_allowed' then 'Seuls le propriétaire et les co-propriétaires de cet animal peuvent dire que c''est le leur.'
      when 'report_closed' then 'Ce signalement est clos : l''animal est rentré chez lui.'
      when 'no_medal' then 'Cet animal n''a pas de médaille à laquelle rattacher la conversation.'
      when 'words_invalid' then 'Écrivez quelques mots pour la personne qui l''a trouvé (1 000 caractères au plus).'
      when 'rate_limited' then 'Trop de signalements réclamés aujourd''hui. Réessayez demain.'
    end);
  end if;
  insert into public.conversations (animal_id, code_id, token, language, finder_email, mail_token, search_id,
    found_report_id, finder_mail_wanted_at)
  values (
    p_animal_id, v_code, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), v_report.language,
    v_report.finder_email,
    case when v_report.finder_email is not null
      then replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') end,
    (select s.id from public.searches s where s.animal_id = p_animal_id and s.found_at is null
     order by s.started_at desc limit 1),
    p_report_id,
    v_report.finder_mail_wanted_at
  )
  returning id into v_conversation;
  insert into public.conversation_replies (conversation_id, author_id, body) values (v_conversation, v_user, v_words);
  return jsonb_build_object('success', true, 'conversation_id', v_conversation, 'created', true);
end
$$;
revoke all on function public.claim_found_report(uuid, uuid, text) from public, anon, service_role;
grant execute on function public.claim_found_report(uuid, uuid, text) to authenticated;

-- After claim_found_report opened a conversation, for the claim-found function: where to tell a finder who left
-- an address and asked, on the page of the link e-mailed to them, to be told when an owner writes (their
-- conversation's e-mailed link); null otherwise. The function asks once, when the conversation is opened. It
-- does not count as the conversation's last e-mail (finder_mailed_at): the household's first answer goes at once.
create function public.finder_mail_for_claim(p_conversation_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('to', c.finder_email, 'token', c.mail_token, 'language', c.language)
  from public.conversations c
  where c.id = p_conversation_id and c.found_report_id is not null and c.finder_email is not null
    and c.finder_mail_wanted_at is not null
$$;
revoke all on function public.finder_mail_for_claim(uuid) from public, anon, authenticated;
grant execute on function public.finder_mail_for_claim(uuid) to service_role;

-- 'Signaler un abus' on a found animal's page, for the found function: counted once per client and report, at
-- most p_per_day a day per client; from the third client on, the report is hidden (its photos and the finder's
-- words leave the page, households are no longer shown it). Answers 'recorded', 'hidden' or 'rate_limited', or
-- 'not_found' for a report that is not there.
create function public.report_found_abuse(p_id uuid, p_client_hash text, p_per_day integer default 10)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_report public.found_reports;
begin
  select * into v_report from public.found_reports where id = p_id for update;
  if v_report.id is null then
    return 'not_found';
  end if;
  if not public.hit_rate_limit('found-abuse:' || p_client_hash, p_per_day, 86400) then
    return 'rate_limited';
  end if;
  insert into public.found_report_abuse (found_report_id, client_hash) values (p_id, p_client_hash)
  on conflict do nothing;
  if v_report.hidden_at is null
    and (select count(*) from public.found_report_abuse a where a.found_report_id = p_id) >= 3 then
    update public.found_reports set hidden_at = now() where id = p_id;
    return 'hidden';
  end if;
  return case when v_report.hidden_at is null then 'recorded' else 'hidden' end;
end
$$;
revoke all on function public.report_found_abuse(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.report_found_abuse(uuid, text, integer) to service_role;

-- The finder, on the page of the link e-mailed to them ('Me prévenir par e-mail'), asks to be told when an owner
-- says 'C'est le mien', and of the answers in those conversations (each within the address's window,
-- pass_finder_mail). Only the e-mailed link's key asks. Answers whether it did.
create function public.want_found_mail(p_id uuid, p_mail_token_hash text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_report public.found_reports;
begin
  update public.found_reports set finder_mail_wanted_at = coalesce(finder_mail_wanted_at, now())
  where id = p_id and mail_token_hash = p_mail_token_hash and finder_email is not null
  returning * into v_report;
  if v_report.id is null then
    return false;
  end if;
  update public.conversations set finder_mail_wanted_at = coalesce(finder_mail_wanted_at, now())
  where found_report_id = p_id;
  return true;
end
$$;
revoke all on function public.want_found_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.want_found_mail(uuid, text) to service_role;
